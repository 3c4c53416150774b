package main

import (
	"context"
	"io"
	"os"

	"github.com/argsearch/argsearch/internal/corpustest"
)

// Generate a 3-argument corpus with seed 1, discard it and print its
// statistics, as gencorpus -args 3 -seed 1 -o /dev/null does.
func Example() {
	if err := run(context.Background(), corpustest.Config{Arguments: 3, Seed: 1}, os.DevNull, "", os.Stdout, io.Discard); err != nil {
		panic(err)
	}
	// Output:
	// arguments 3
	// debates 1
	// sentences 84
	// tokens 1945
	// bytes 32543
}
