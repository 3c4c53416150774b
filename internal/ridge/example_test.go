package ridge_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/ridge"
)

// y = 1 + 2x, recovered exactly without a penalty and pulled towards a
// smaller slope with one.
func Example() {
	x := [][]float64{{1, 0}, {1, 1}, {1, 2}, {1, 3}}
	y := []float64{1, 3, 5, 7}
	fmt.Printf("%.3f\n", ridge.Fit(x, y, 0))
	fmt.Printf("%.3f\n", ridge.Fit(x, y, 1))
	// Output:
	// [1.000 2.000]
	// [1.500 1.667]
}
