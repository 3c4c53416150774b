package search

import (
	"context"
	"fmt"
	"iter"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/build"
)

// defaults is the Params of lexical's zero Ranking: BM25 (k1 1.2, b 0.75;
// μ 2000 for the Dirichlet models), every field weighing 1, the query's
// title alone.
var defaults = Params{
	Scoring: Scoring{Model: "bm25", K1: 1.2, B: 0.75, Mu: 2000},
	Fields:  FieldWeights{1, 1, 1},
	Query:   QueryWeights{Title: 1},
}

// TestPrunedEqualsExhaustive checks, on the whole sample (several scoring
// windows and many posting blocks per frequent term), that the top k of a
// pruned search is exactly the first k of the exhaustive ranking: the same
// documents with bit-identical scores, also when the documents are scored
// in several ranges at once.
func TestPrunedEqualsExhaustive(t *testing.T) {
	ctx := context.Background()
	s := newSearcher(t, 1000, "lucene", "sentence", "argument")
	if n := s.d.Unit("sentence").Docs(); n < 4*window {
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
		windows int
	}{
		{exactBoundDF, 1, windowsAdaptive}, {1, 1, windowsAdaptive}, {exactBoundDF, 2, windowsAdaptive}, {1, 3, windowsAdaptive}, {exactBoundDF, 7, windowsAdaptive},
		{exactBoundDF, 1, windowsProbe}, {1, 3, windowsProbe}, {exactBoundDF, 1, windowsAll}, {1, 3, windowsAll},
	} {
		boundDF := c.boundDF
		s.BoundDF = boundDF
		s.windows = c.windows
		for _, u := range []string{"sentence", "argument"} {
			ud := s.d.Unit(u)
			for _, model := range []string{"bm25", "tfidf", "tfidf-ic", "lucene-dirichlet", "dirichlet", "dph"} {
				p := defaults
				p.Scoring.Model = model
				p.Fields = FieldWeights{Conclusion: 2, Premise: 1, Title: 0.5}
				for qi, q := range queries {
					terms := s.Terms(&p, q)
					// The exhaustive ranking in one document range; the
					// top k in c.parts ranges scored at once.
					s.ScoreParts, s.windows = 1, windowsProbe
					all, err := s.Run(ctx, ud, &p, terms, ud.Docs(), nil)
					if err != nil {
						t.Fatal(err)
					}
					s.ScoreParts, s.windows = c.parts, c.windows
					for _, k := range []int{1, 10, 100, 1000} {
						name := fmt.Sprintf("boundDF=%d/parts=%d/windows=%d/%s/%s/q%d/k=%d", boundDF, c.parts, c.windows, u, model, qi, k)
						got, err := s.Run(ctx, ud, &p, terms, k, nil)
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

// sampleArgs returns the first n arguments of the embedded args.me sample.
func sampleArgs(t testing.TB, n int) []corpus.Argument {
	t.Helper()
	var out []corpus.Argument
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
		if len(out) == n {
			break
		}
	}
	return out
}

func seq(args []corpus.Argument) iter.Seq2[corpus.Argument, error] {
	return func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
}

// newSearcher builds the first n arguments of the sample in memory, with
// the analysis preset and the units given (in the order sentence,
// argument), and returns a Searcher of the index.
func newSearcher(t testing.TB, n int, preset string, units ...string) *Searcher {
	t.Helper()
	an, err := analysis.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	d, err := build.Run(context.Background(), "", seq(sampleArgs(t, n)), build.Config{Analysis: an, Units: units, TermVectors: true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
