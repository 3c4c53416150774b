package dense_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/dense"
	"github.com/argsearch/argsearch/semantic/use"
)

func Example() {
	ctx := context.Background()
	args := func(yield func(corpus.Argument, error) bool) {
		for _, a := range []corpus.Argument{
			{ID: "a", Conclusion: "Nuclear power", Sentences: []corpus.Sentence{{ID: "a__PREMISE__1", Text: "Atomic plants emit no carbon dioxide."}}},
			{ID: "b", Conclusion: "Uniforms", Sentences: []corpus.Sentence{{ID: "b__PREMISE__1", Text: "School uniforms reduce bullying."}}},
			{ID: "c", Conclusion: "Reactors", Sentences: []corpus.Sentence{{ID: "c__PREMISE__1", Text: "A meltdown can make a region uninhabitable."}}},
		} {
			if !yield(a, nil) {
				return
			}
		}
	}
	store, err := corpus.BuildStore(ctx, args)
	if err != nil {
		log.Fatal(err)
	}
	enc, err := use.Load()
	if err != nil {
		log.Fatal(err)
	}
	x, err := dense.Build(ctx, enc, store)
	if err != nil {
		log.Fatal(err)
	}
	hits, err := x.Retrieve(ctx, retrieval.Query{ID: "1", Text: "Should nuclear energy be phased out?"}, 2)
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hits {
		fmt.Println(h.ID)
	}
	// Output:
	// a__PREMISE__1
	// c__PREMISE__1
}
