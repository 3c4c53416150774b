package search_test

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/build"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/search"
)

// Three sentences are indexed in memory and searched with BM25.
func Example() {
	an, err := analysis.Preset("en")
	if err != nil {
		panic(err)
	}
	args := []corpus.Argument{{ID: "a1", Conclusion: "Tenure", Sentences: []corpus.Sentence{
		{ID: "a1__PREMISE__1", Text: "Teachers need tenure."},
		{ID: "a1__PREMISE__2", Text: "Tenure protects teachers who teach teachers."},
		{ID: "a1__PREMISE__3", Text: "Uniforms help schools."},
	}}}
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
	s, err := search.New(d)
	if err != nil {
		panic(err)
	}
	p := &search.Params{Scoring: search.Scoring{Model: "bm25", K1: 1.2, B: 0.75}, Query: search.QueryWeights{Title: 1}}
	terms := s.Terms(p, retrieval.Query{Text: "Should teachers get tenure?"})
	u := d.Unit("sentence")
	res, err := s.Run(context.Background(), u, p, terms, 10, nil)
	if err != nil {
		panic(err)
	}
	hits, err := search.Hits(u, res)
	if err != nil {
		panic(err)
	}
	for _, h := range hits {
		fmt.Printf("%s %.4f\n", h.ID, h.Score)
	}
	// Output:
	// a1__PREMISE__1 0.4616
	// a1__PREMISE__2 0.4525
}
