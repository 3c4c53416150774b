package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestRunAs checks that the binary runs the command it is called as:
// baseline and swordsman by those names (links to it, as in the TIRA
// image), advanced by any other.
func TestRunAs(t *testing.T) {
	for _, c := range []struct{ name, usage string }{
		{"baseline", "usage: baseline "},
		{"swordsman", "usage: swordsman "},
		{"advanced", "usage: advanced "},
		{"advanced.test", "usage: advanced "},
		{"argsearch", "usage: advanced "},
	} {
		var stdout, stderr bytes.Buffer
		code := runAs(context.Background(), c.name, []string{"-h"}, &stdout, &stderr)
		help := stdout.String() + stderr.String()
		if code != 0 || !strings.HasPrefix(help, c.usage) {
			t.Errorf("called %s, -h: exit %d, %.40q; want 0 and a help that starts %q", c.name, code, help, c.usage)
		}
	}
}
