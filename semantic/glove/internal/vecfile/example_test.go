package vecfile_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/semantic/glove/internal/vecfile"
)

// Encode and Decode round-trip a file of two words of three dimensions.
func Example() {
	b, err := vecfile.Encode(&vecfile.Vectors{
		Words:  []string{"nuclear", "atomic"},
		Dims:   3,
		Scales: []float32{0.5, 0.25},
		Values: []int8{1, -2, 3, 4, 5, -6},
	})
	if err != nil {
		log.Fatal(err)
	}
	v, err := vecfile.Decode(b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v.Words, v.Dims, v.Scales, v.Values)
	// Output:
	// [nuclear atomic] 3 [0.5 0.25] [1 -2 3 4 5 -6]
}
