package semantic_test

import (
	"fmt"

	"github.com/argsearch/argsearch/semantic"
)

func ExampleCosine() {
	a := []float32{1, 2, 0}
	b := []float32{2, 4, 0}
	c := []float32{0, 0, 3}
	fmt.Printf("%.3f %.3f %.3f\n", semantic.Cosine(a, b), semantic.Cosine(a, c), semantic.Cosine(a, []float32{1}))
	// Output: 1.000 0.000 0.000
}
