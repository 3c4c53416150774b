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
	for _, n := range v.Nearest("tenure", 3) {
		fmt.Println(n.Word)
	}
	fmt.Println(v.Expand("Should teachers get tenure?", 1, 0.6))
	// Output:
	// nuclear–atomic 0.83, nuclear–banana 0.09
	// stint
	// appointment
	// career
	// [teachers tenure students professors]
}
