package main

import (
	"fmt"

	"github.com/argsearch/argsearch/pairing"
)

// The weights a run prints, by the names -features takes.
func Example() {
	fmt.Println(describe(pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25}))
	fmt.Println(len(featureNames()), "features")
	// Output:
	// retrieval 0.45, argumentativeness 0.2, coherence 0.25
	// 12 features
}
