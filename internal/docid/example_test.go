package docid_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/docid"
)

func ExampleParseSentence() {
	first, second, err := docid.ParsePair("S4417e87a-A7b5b28c4__PREMISE__2,S4417e87a-A7b5b28c4__CONC__1")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, id := range []string{first, second} {
		s, err := docid.ParseSentence(id)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s.Argument, s.Kind, s.Number)
	}
	// Output:
	// S4417e87a-A7b5b28c4 PREMISE 2
	// S4417e87a-A7b5b28c4 CONC 1
}
