package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Build an index of a tiny corpus, search its arguments for two topics and
// print the run.
func Example() {
	dir, err := os.MkdirTemp("", "search-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "run.txt")
	run([]string{"-corpus", "testdata/tiny.csv", "-index", filepath.Join(dir, "index"), "-unit", "argument",
		"-topics", "testdata/queries.tsv", "-k", "2", "-o", out}, io.Discard, io.Discard)
	b, err := os.ReadFile(out)
	if err != nil {
		panic(err)
	}
	fmt.Print(string(b))
	// Output:
	// 1 Q0 Sb998dd6-Ad94d2ef5 1 4.570927694465284 argsearch-bm25
	// 1 Q0 S9cbc6ad4-Acb2ec657 2 1.9283049006606505 argsearch-bm25
	// 2 Q0 Sa18fac12-Ae48a325f 1 3.5480385529268417 argsearch-bm25
}
