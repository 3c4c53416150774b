package phrase_test

import (
	"fmt"

	"github.com/argsearch/argsearch/nlp/internal/phrase"
)

func ExampleFromRuns() {
	fmt.Println(phrase.FromRuns([][]string{{"nuclear", "power", "plant"}, {"safe"}}))
	// Output: [nuclear power plant plant safe]
}
