package main

import (
	"context"
	"io"
	"os"
)

// Inspect the embedded args.me sample, as `go run ./examples/inspect` does.
func Example() {
	run(context.Background(), nil, os.Stdout, io.Discard)
	// Output:
	// arguments 643
	// sentences 17590
	// tokens 361905
	// duplicate_sentences 1125
	// repaired_texts 0
}
