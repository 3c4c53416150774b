package cli_test

import (
	"fmt"
	"os"

	"github.com/argsearch/argsearch/examples/internal/cli"
)

// A command with a bounded flag: a value out of range is a usage error
// (exit 2) that names the flag, and nothing is done.
func ExampleCommand() {
	c := cli.New("demo", "demo [-k N]", "Demo prints its -k.", os.Stdout, os.Stdout)
	k := c.Int("k", 5, 1, 1000, "the cutoff")
	work := func([]string) error { fmt.Println("k is", *k); return nil }
	fmt.Println("exit", c.Run([]string{"-k", "10"}, work))
	fmt.Println("exit", c.Run([]string{"-k", "0"}, work))
	// Output:
	// k is 10
	// exit 0
	// demo: -k 0, want 1 to 1000
	// run 'demo -h' for usage
	// exit 2
}
