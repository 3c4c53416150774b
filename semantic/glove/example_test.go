package glove_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/semantic/glove"
)

func Example() {
	v, err := glove.Load()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("nuclear–atomic %.2f, nuclear–banana %.2f\n", v.Similarity("nuclear", "atomic"), v.Similarity("nuclear", "banana"))
	fmt.Println(v.Expand("Should teachers get tenure?", 1, 0.6))
	// Output:
	// nuclear–atomic 0.83, nuclear–banana 0.09
	// [teachers tenure students professors]
}
