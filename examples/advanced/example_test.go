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
	// 51 CON S5e2fadc8-A30376bd9__PREMISE__5,S5e2fadc8-A30376bd9__PREMISE__23 1 0.49923525685550924 argsearch-advanced
	// 51 CON S428a8bea-A6fcf1b51__PREMISE__14,S428a8bea-A6fcf1b51__PREMISE__39 2 0.47070531642143204 argsearch-advanced
}
