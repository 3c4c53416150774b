package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Run the baseline on the embedded args.me sample, two pairs per topic,
// and print the pairs of the first topic.
func Example() {
	out, err := os.MkdirTemp("", "baseline-example")
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
	// 51 PRO S471f6ceb-Ab64777b5__PREMISE__29,S471f6ceb-Ab64777b5__CONC__1 1 6.149569249518718 argsearch-baseline
	// 51 CON S81a3881b-Aaf908466__PREMISE__1,S81a3881b-Aaf908466__CONC__1 2 5.861411057483827 argsearch-baseline
}
