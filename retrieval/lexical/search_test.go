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
// documents with bit-identical scores.
func TestPrunedEqualsExhaustive(t *testing.T) {
	ctx := context.Background()
	x, err := Build(ctx, "", seq(sampleArgs(t, 1000)), Config{Analyzer: AnalyzerLucene})
	if err != nil {
		t.Fatal(err)
	}
	if n := x.Docs(UnitSentence); n < 4*window {
		t.Fatalf("the sample has %d sentences, want at least %d to span several windows", n, 4*window)
	}
	queries := []retrieval.Query{
		{Text: "Should abortion be legal?"},
		{Text: "Is it the government that should pay for the people's health?"},
		{Text: "death penalty death penalty capital punishment"},
		{Text: "school uniforms"},
	}
	for _, boundDF := range []uint32{exactBoundDF, 1} {
		x.d.boundDF = boundDF
		for _, u := range []Unit{UnitSentence, UnitArgument} {
			for _, model := range []Model{ModelBM25, ModelTFIDF, ModelTFIDFIC, ModelLuceneDirichlet, ModelDirichlet, ModelDPH} {
				y, err := x.With(Search{Unit: u, Scoring: Scoring{Model: model}, Fields: FieldWeights{Conclusion: 2, Premise: 1, Title: 0.5}})
				if err != nil {
					t.Fatal(err)
				}
				for qi, q := range queries {
					all, err := y.Retrieve(ctx, q, x.Docs(u))
					if err != nil {
						t.Fatal(err)
					}
					for _, k := range []int{1, 10, 100, 1000} {
						name := fmt.Sprintf("boundDF=%d/%s/%s/q%d/k=%d", boundDF, u, model, qi, k)
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
