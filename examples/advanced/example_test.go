package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Run the advanced system on the embedded args.me sample, two pairs per
// topic, and print the pairs of the first topic.
func Example() {
	out, err := os.MkdirTemp("", "advanced-example")
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
	// 51 CON S5e2fadc8-A30376bd9__PREMISE__37,S5e2fadc8-A30376bd9__CONC__1 1 0.8278550123991714 argsearch-advanced
	// 51 CON S428a8bea-A6fcf1b51__PREMISE__5,S428a8bea-A6fcf1b51__PREMISE__11 2 0.7016467292697393 argsearch-advanced
}
