package parallel_test

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/internal/parallel"
)

// Each result goes to its index, so the output is in order whatever the
// scheduling; a call that fails stops the hand-out, and since indices are
// handed out in order, the first failure in order is the one a loop run
// one call after another would have met.
func ExampleFor() {
	words := []string{"cats", "dogs", "", "birds", ""}
	out := make([]string, len(words))
	errs := make([]error, len(words))
	ok := parallel.For(len(words), 2, func(i int) bool {
		if words[i] == "" {
			errs[i] = fmt.Errorf("word %d is empty", i)
			return false
		}
		out[i] = strings.ToUpper(words[i])
		return true
	})
	fmt.Println(ok, out[:2])
	for _, err := range errs {
		if err != nil {
			fmt.Println(err)
			break
		}
	}
	// Output:
	// false [CATS DOGS]
	// word 2 is empty
}
