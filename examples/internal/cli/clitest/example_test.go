package clitest_test

import (
	"bytes"
	"fmt"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/cli/clitest"
)

// A command's -h, as package cli prints it, parsed and checked against the
// rules. A command's own test hands its -h to CheckHelp instead, which
// also checks that the documentation named is the command's.
func ExampleParse() {
	var stdout bytes.Buffer
	c := cli.New("demo", "demo [-k N] FILE", "Demo prints the first N lines of FILE.", &stdout, &stdout)
	c.Int("k", 10, 1, 1000, "lines to print")
	c.Run([]string{"-h"}, func([]string) error { return nil })
	fmt.Print(stdout.String())
	h, err := clitest.Parse(stdout.String())
	fmt.Printf("---\n%d line of prose, flags %q, error %v\n", len(h.Prose), h.Flags, err)
	// Output:
	// usage: demo [-k N] FILE
	//
	// Demo prints the first N lines of FILE.
	//
	// More: go doc github.com/argsearch/argsearch/examples/demo
	//
	// flags:
	//   -k int
	//     	lines to print (default 10)
	// ---
	// 1 line of prose, flags ["k"], error <nil>
}
