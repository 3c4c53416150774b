package main

import (
	"context"
	"io"
	"log"
	"os"
)

// Inspect the embedded args.me sample, as `go run ./examples/inspect` does.
func Example() {
	if err := run(context.Background(), nil, os.Stdout, io.Discard); err != nil {
		log.Fatal(err)
	}
	// Output:
	// arguments 643
	// sentences 17590
	// tokens 361905
	// duplicate_sentences 1125
}
