package coordascent_test

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/internal/coordascent"
)

// Maximise 1 − (a−0.25)² − (b+0.5)² from (1, 1).
func ExampleMaximize() {
	f := func(_ context.Context, w []float64) (float64, error) {
		return 1 - (w[0]-0.25)*(w[0]-0.25) - (w[1]+0.5)*(w[1]+0.5), nil
	}
	w, v, err := coordascent.Maximize(context.Background(), f, []float64{1, 1}, coordascent.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.3f\n", w, v)
	// Output: [0.25 -0.5] 1.000
}
