package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
)

// Compare the baseline and the official baseline (swordsman) on the 2022
// sample, and print their judged-only nDCG@5 and judged shares
// (-predict=false: without the predicted figure, which is not printed here
// and whose model would take most of the time).
func Example() {
	var out strings.Builder
	if code := run(context.Background(), []string{"-systems", "baseline,swordsman", "-predict=false", "-format", "tsv", "-cache", "off", "-quiet"}, &out, io.Discard); code != 0 {
		os.Exit(code)
	}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n")[1:] {
		f := strings.Split(l, "\t")
		fmt.Println(f[0], f[1], f[6], f[10])
	}
	// Output:
	// baseline 2022 relevance 0.3766 0.34
	// swordsman 2022 relevance 0.3086 0.11
	// baseline 2022 quality 0.4220 0.34
	// swordsman 2022 quality 0.3230 0.11
	// baseline 2022 coherence 0.1435 0.34
	// swordsman 2022 coherence 0.1659 0.11
}
