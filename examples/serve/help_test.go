package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli/clitest"
)

// TestHelpRules checks -h against the rules every command keeps to
// (clitest.CheckHelp): the usage, a few lines of prose, the line naming
// this package's documentation, and the flags, one short line each.
func TestHelpRules(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-h"}, &stdout, &stderr, nil)
	clitest.CheckHelp(t, code, stdout.String(), stderr.String())
}
