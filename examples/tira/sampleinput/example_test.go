package main

import (
	"fmt"
	"io"
	"os"
)

// Write the embedded 2022 sample as a TIRA input directory, as
// "sampleinput DIR" does, and list it.
func Example() {
	dir, err := os.MkdirTemp("", "sampleinput-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	if code := run([]string{dir}, io.Discard, os.Stderr); code != 0 {
		panic(code)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			panic(err)
		}
		fmt.Println(e.Name(), fi.Size())
	}
	// Output:
	// args_processed.csv 6715425
	// topics.xml 16190
}
