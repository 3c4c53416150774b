package lexical

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/retrieval"
)

// TestPrunedEqualsExhaustive checks, on the whole sample (several scoring
// windows and many posting blocks per frequent term), that the top k of a
// pruned search is exactly the first k of the exhaustive ranking: the same
// documents with bit-identical scores, also when the documents are scored
// in several ranges at once.
func TestPrunedEqualsExhaustive(t *testing.T) {
	ctx := context.Background()
	x, err := Build(ctx, "", seq(sampleArgs(t, 1000)), Config{Analyzer: "lucene"})
	if err != nil {
		t.Fatal(err)
	}
	if n := x.Docs("sentence"); n < 4*window {
		t.Fatalf("the sample has %d sentences, want at least %d to span several windows", n, 4*window)
	}
	queries := []retrieval.Query{
		{Text: "Should abortion be legal?"},
		{Text: "Is it the government that should pay for the people's health?"},
		{Text: "death penalty death penalty capital punishment"},
		{Text: "school uniforms"},
	}
	for _, c := range []struct {
		boundDF uint32
		parts   int
	}{{exactBoundDF, 1}, {1, 1}, {exactBoundDF, 2}, {1, 3}, {exactBoundDF, 7}} {
		boundDF := c.boundDF
		x.d.boundDF = boundDF
		for _, u := range []Unit{"sentence", "argument"} {
			for _, model := range []Model{"bm25", "tfidf", "tfidf-ic", "lucene-dirichlet", "dirichlet", "dph"} {
				y, err := x.With(Ranking{Unit: u, Scoring: Scoring{Model: model}, Fields: FieldWeights{Conclusion: 2, Premise: 1, Title: 0.5}})
				if err != nil {
					t.Fatal(err)
				}
				for qi, q := range queries {
					// The exhaustive ranking in one document range; the
					// top k in c.parts ranges scored at once.
					x.d.scoreParts = 1
					all, err := y.Retrieve(ctx, q, x.Docs(u))
					if err != nil {
						t.Fatal(err)
					}
					x.d.scoreParts = c.parts
					for _, k := range []int{1, 10, 100, 1000} {
						name := fmt.Sprintf("boundDF=%d/parts=%d/%s/%s/q%d/k=%d", boundDF, c.parts, u, model, qi, k)
						got, err := y.Retrieve(ctx, q, k)
						if err != nil {
							t.Fatal(err)
						}
						want := all[:min(k, len(all))]
						if diff := cmp.Diff(want, got); diff != "" {
							t.Errorf("%s: got top k (+) unlike the exhaustive ranking's first k (-):\n%s", name, diff)
						}
					}
				}
			}
		}
	}
}
