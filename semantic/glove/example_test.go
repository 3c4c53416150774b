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
	fmt.Println(v.Expand("Should teachers get tenure?", 1, 0.6))
	// Output:
	// [teachers tenure students professors]
}
