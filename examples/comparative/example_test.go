package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Run the Grimjack recipe on the 2022 topics over a small generated
// corpus, three passages per topic, and print the first topic's lines.
func Example() {
	out, err := os.MkdirTemp("", "comparative-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)
	if code := run(context.Background(), []string{"-n", "2000", "-recipe", "grimjack", "-k", "3", "-o", out, "-quiet"}, io.Discard, io.Discard); code != 0 {
		panic(code)
	}
	b, err := os.ReadFile(filepath.Join(out, "run.txt"))
	if err != nil {
		panic(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	fmt.Print(strings.Join(lines[:3], ""))
	// Output:
	// 2 FIRST clueweb12-0000wb-00-00125___6 1 3 argsearch-t2-grimjack
	// 2 FIRST clueweb12-0000wb-00-00090___30 2 2 argsearch-t2-grimjack
	// 2 NO clueweb12-0000wb-00-00075___2 3 1 argsearch-t2-grimjack
}
