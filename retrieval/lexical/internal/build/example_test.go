package build_test

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/build"
)

// Two arguments are indexed in memory; the sentence unit's one field
// holds their terms in byte order.
func Example() {
	an, err := analysis.Preset("en")
	if err != nil {
		panic(err)
	}
	args := []corpus.Argument{
		{ID: "a1", Conclusion: "Tenure", Sentences: []corpus.Sentence{{ID: "a1__PREMISE__1", Text: "Teachers need tenure."}}},
		{ID: "a2", Conclusion: "Uniforms", Sentences: []corpus.Sentence{{ID: "a2__PREMISE__1", Text: "Uniforms help schools."}}},
	}
	seq := func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
	d, err := build.Run(context.Background(), "", seq, build.Config{Analysis: an, Units: []string{"sentence"}})
	if err != nil {
		panic(err)
	}
	f := d.Unit("sentence").Fields[0]
	for id := range f.Terms() {
		fmt.Printf("%s (in %d) ", f.Term(id), f.DF[id])
	}
	fmt.Println()
	// Output:
	// help (in 1) need (in 1) school (in 1) teacher (in 1) tenur (in 1) uniform (in 1)
}
