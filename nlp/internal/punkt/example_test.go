package punkt_test

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/nlp/internal/punkt"
)

func Example() {
	m, err := punkt.English() // once: parsing the model takes milliseconds
	if err != nil {
		panic(err)
	}
	tok := punkt.NewTokenizer(m) // one per goroutine
	text := "Mr. Smith paid $3.50 for it. The U.S.A. is big! Is it? Yes."
	prev := 0
	for _, end := range tok.AppendBreaks(nil, text) {
		// The last offset, len(text), may repeat the one before it.
		if s := strings.TrimSpace(text[prev:end]); s != "" {
			fmt.Printf("%q\n", s)
		}
		prev = end
	}
	// Output:
	// "Mr. Smith paid $3.50 for it."
	// "The U.S.A. is big!"
	// "Is it?"
	// "Yes."
}
