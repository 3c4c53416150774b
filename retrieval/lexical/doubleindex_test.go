package lexical

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
)

// fixedHits is a Retriever that always returns the same hits.
type fixedHits []retrieval.Hit

func (f fixedHits) Retrieve(_ context.Context, _ retrieval.Query, k int) ([]retrieval.Hit, error) {
	return f[:min(k, len(f))], nil
}

// withinStore holds three arguments of two sentences each; "cats" is in
// the first sentence of every one.
func withinStore(t *testing.T) *corpus.Store {
	t.Helper()
	var args []corpus.Argument
	for _, a := range []struct{ id, s1, s2 string }{
		{"A", "cats purr", "dogs bark"},
		{"B", "cats sleep", "birds sing"},
		{"C", "cats hunt", "mice hide"},
	} {
		args = append(args, corpus.Argument{ID: a.id, Conclusion: a.s2, Sentences: []corpus.Sentence{
			{ID: a.id + "__PREMISE__1", Text: a.s1},
			{ID: a.id + "__CONC__1", Text: a.s2},
		}})
	}
	s, err := corpus.BuildStore(context.Background(), seq(args))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDoubleIndexHandComputed searches the sentences of two of the three
// arguments (A and B), with their statistics alone. Sentence unit: N = 4
// sentences of 2 terms (avgdl 2); "cats" has df 2: idf = ln(1 + 2.5/2.5) =
// ln 2 = 0.693147, and at dl = avgdl BM25's length factor is 1/(1 + 1.2) =
// 0.454545: score 0.315067 for A's and B's first sentences, tied (ids
// descending), and none of C. Over all three arguments df would be 3 of 6
// (idf ln(1 + 3.5/3.5), the same) — so the pair unit tells them apart:
// within A and B there are 2 pairs of 4 terms, both with "cats": idf =
// ln(1 + 0.5/2.5) = ln 1.2 = 0.182322, score 0.082874.
func TestDoubleIndexHandComputed(t *testing.T) {
	store := withinStore(t)
	args := fixedHits{{ID: "A", Score: 2}, {ID: "B", Score: 1}}
	for _, c := range []struct {
		unit string
		want []retrieval.Hit
	}{
		{"sentence", []retrieval.Hit{{ID: "B__PREMISE__1", Score: 0.315067}, {ID: "A__PREMISE__1", Score: 0.315067}}},
		{"pair", []retrieval.Hit{{ID: "B__PREMISE__1,B__CONC__1", Score: 0.082874}, {ID: "A__PREMISE__1,A__CONC__1", Score: 0.082874}}},
	} {
		w := DoubleIndex{Arguments: args, Store: store, Analysis: analysis.Analysis{Fold: true}, Ranking: Ranking{Unit: c.unit}}
		hits, err := w.Retrieve(context.Background(), retrieval.Query{Text: "cats"}, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != len(c.want) {
			t.Fatalf("%s: hits %v, want %v", c.unit, hits, c.want)
		}
		for i, h := range hits {
			if h.ID != c.want[i].ID || math.Abs(h.Score-c.want[i].Score) > 1e-6 {
				t.Errorf("%s: hit %d: %s %.6f, want %s %.6f", c.unit, i+1, h.ID, h.Score, c.want[i].ID, c.want[i].Score)
			}
		}
	}
	// N limits the arguments: only A's sentence.
	w := DoubleIndex{Arguments: args, N: 1, Store: store, Analysis: analysis.Analysis{Fold: true}}
	hits, err := w.Retrieve(context.Background(), retrieval.Query{Text: "cats"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || hits[0].ID != "A__PREMISE__1" {
		t.Errorf("N 1: hits %v, want A__PREMISE__1 alone", hits)
	}
}

// TestDoubleIndexErrors checks what DoubleIndex refuses.
func TestDoubleIndexErrors(t *testing.T) {
	store := withinStore(t)
	ctx := context.Background()
	q := retrieval.Query{Text: "cats"}
	if _, err := (DoubleIndex{Arguments: fixedHits{{ID: "Z"}}, Store: store}).Retrieve(ctx, q, 10); err == nil {
		t.Error("an argument the store does not hold: no error")
	}
	if _, err := (DoubleIndex{Arguments: fixedHits{{ID: "A"}}, Store: store, Ranking: Ranking{Unit: "argument"}}).Retrieve(ctx, q, 10); !errors.Is(err, errConfig) {
		t.Errorf("unit argument: %v, want errConfig", err)
	}
	if _, err := (DoubleIndex{Store: store}).Retrieve(ctx, q, 10); !errors.Is(err, errConfig) {
		t.Errorf("no Arguments: %v, want errConfig", err)
	}
	if _, err := (DoubleIndex{Arguments: fixedHits{{ID: "A"}}, Store: store}).Retrieve(ctx, q, 0); !errors.Is(err, retrieval.ErrK) {
		t.Errorf("k 0: %v, want ErrK", err)
	}
}
