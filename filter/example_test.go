package filter_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/filter"
)

// Filters compose with Chain, and every rejection carries a reason.
func ExampleSelect() {
	keep := filter.Chain(filter.Length{Min: 4, Max: 60}, filter.Noise{}, &filter.Dedup{})
	sentences := []corpus.Sentence{
		{ID: "A__PREMISE__1", Text: "I accept this debate."},
		{ID: "A__PREMISE__2", Text: "Smoking bans protect the health of bar workers."},
		{ID: "A__PREMISE__3", Text: "Round 2"},
		{ID: "B__PREMISE__1", Text: "Smoking bans protect the health of bar workers!"},
		{ID: "B__PREMISE__2", Text: "Sources: http://example.org/study.pdf"},
	}
	counts := map[filter.Reason]int{}
	kept, checked, err := filter.Select(context.Background(), keep, sentences, 0, counts)
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range kept {
		fmt.Println("kept", s.ID)
	}
	fmt.Println(checked, counts)
	// Output:
	// kept A__PREMISE__2
	// 5 map[near-duplicate:1 noise-debate-talk:1 too-short:2]
}
