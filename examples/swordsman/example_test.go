package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Run the swordsman system on the embedded args.me sample, two pairs per
// topic, and print the pairs of the first topic.
func Example() {
	out, err := os.MkdirTemp("", "swordsman-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)
	if code := run(context.Background(), []string{"-sample", "2021", "-k", "2", "-cache", "off", "-o", out}, io.Discard, io.Discard); code != 0 {
		panic(code)
	}
	b, err := os.ReadFile(filepath.Join(out, "run.txt"))
	if err != nil {
		panic(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	fmt.Print(strings.Join(lines[:2], ""))
	// Output:
	// 51 CON S428a8bea-A6fcf1b51__PREMISE__3,S428a8bea-A6fcf1b51__PREMISE__48 1 -52.199083920899696 argsearch-swordsman
	// 51 CON S5e2fadc8-A30376bd9__PREMISE__23,S5e2fadc8-A30376bd9__PREMISE__37 2 -52.2457969516867 argsearch-swordsman
}
