package main

import (
	"fmt"
	"strings"
)

// The rows of the table: each is one command line of one system.
func Example() {
	for _, c := range configurations(false) {
		fmt.Println(strings.TrimSpace("go run ./examples/" + c.system + " " + strings.Join(c.flags, " ")))
	}
	// Output:
	// go run ./examples/baseline
	// go run ./examples/swordsman
	// go run ./examples/swordsman -model bm25
	// go run ./examples/advanced
	// go run ./examples/advanced -no-prf
	// go run ./examples/advanced -no-fusion
	// go run ./examples/advanced -no-length
	// go run ./examples/advanced -no-noise
	// go run ./examples/advanced -no-dedup
	// go run ./examples/advanced -no-verb
	// go run ./examples/advanced -no-arg
	// go run ./examples/advanced -no-coherence
	// go run ./examples/advanced -no-diversity
	// go run ./examples/advanced -no-stance
	// go run ./examples/advanced -no-quality
	// go run ./examples/advanced -centrality
	// go run ./examples/advanced -np-tags
	// go run ./examples/advanced -model dirichlet
	// go run ./examples/advanced -model bm25
	// go run ./examples/advanced -recipe porthos
	// go run ./examples/advanced -recipe daario-naharis
	// go run ./examples/advanced -recipe bruce-banner
	// go run ./examples/advanced -recipe pearl
	// go run ./examples/advanced -recipe swordsman
}
