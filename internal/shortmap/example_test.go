package shortmap_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/shortmap"
)

// A Map gives each new term the next id, as an analyzer's dictionary does.
func ExampleMap() {
	var ids shortmap.Map[int32]
	for _, term := range []string{"school", "uniform", "school", "argumentation-theoretical-reasoning"} {
		id, ok := ids.GetString(term)
		if !ok {
			id = int32(ids.Len())
			ids.PutString(term, id)
		}
		fmt.Println(term, id)
	}
	// Output:
	// school 0
	// uniform 1
	// school 0
	// argumentation-theoretical-reasoning 2
}
