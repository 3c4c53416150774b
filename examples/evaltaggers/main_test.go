package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
)

// TestCommandLine checks -h (which says where the labelled data comes
// from), bad flags, and the pointer in the error for missing data.
func TestCommandLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := command(context.Background(), []string{"-h"}, &stdout, &stderr); code != cli.ExitOK ||
		!strings.HasPrefix(stdout.String(), "usage: evaltaggers") || !strings.Contains(stdout.String(), "DIR/ibm-evidence/train.csv") {
		t.Errorf("-h: exit %d, stdout %q; want 0, the usage and the data layout", code, stdout.String())
	}
	for _, args := range [][]string{{"-no-such-flag"}, {"-split", "train"}, {"extra"}} {
		stderr.Reset()
		if code := command(context.Background(), args, &stdout, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), strings.TrimPrefix(args[0], "-")) {
			t.Errorf("%q: exit %d, stderr %q; want %d naming it", args, code, stderr.String(), cli.ExitUsage)
		}
	}
	stderr.Reset()
	if code := command(context.Background(), []string{"-data", t.TempDir()}, &stdout, &stderr); code != cli.ExitError ||
		!strings.Contains(stderr.String(), "ukp-sentential") || !strings.Contains(stderr.String(), "evaltaggers -h") {
		t.Errorf("no data: exit %d, stderr %q; want 1, the missing directory and a pointer to -h", code, stderr.String())
	}
}
