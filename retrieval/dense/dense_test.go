package dense_test

import (
	"context"
	"errors"
	"iter"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/dense"
	"github.com/argsearch/argsearch/retrieval/retrievaltest"
)

// axes is an encoder whose vector of a text counts three words: "nuclear",
// "school" and "tax"; a text of "fail" fails.
type axes struct{}

func (axes) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	var vs [][]float32
	for _, t := range texts {
		if strings.Contains(t, "fail") {
			return nil, errors.New("cannot encode")
		}
		t = strings.ToLower(t)
		vs = append(vs, []float32{float32(strings.Count(t, "nuclear")), float32(strings.Count(t, "school")), float32(strings.Count(t, "tax"))})
	}
	return vs, nil
}

// store builds a store of one argument per text, each text one sentence.
func store(t testing.TB, texts ...string) *corpus.Store {
	t.Helper()
	args := func(yield func(corpus.Argument, error) bool) {
		for i, text := range texts {
			id := string(rune('a' + i))
			a := corpus.Argument{ID: id, Conclusion: "c", Sentences: []corpus.Sentence{{ID: id + "__PREMISE__1", Text: text}}}
			if !yield(a, nil) {
				return
			}
		}
	}
	s, err := corpus.BuildStore(context.Background(), iter.Seq2[corpus.Argument, error](args))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRetrieveByHand checks scores and order against cosines computed by
// hand: the query "nuclear school" is (1, 1, 0)/√2.
func TestRetrieveByHand(t *testing.T) {
	ctx := context.Background()
	x, err := dense.Build(ctx, axes{}, store(t,
		"Nuclear power.",                  // (1,0,0): 1/√2
		"School uniforms and school tax.", // (0,2,1): 2/√5/√2 = 0.632
		"Nothing here.",                   // (0,0,0): 0
		"Nuclear school.",                 // (1,1,0): 1
		"Nuclear energy is clean.",        // (1,0,0): 1/√2, tie with a; larger id first
	))
	if err != nil {
		t.Fatal(err)
	}
	if all, err := x.Retrieve(ctx, retrieval.Query{ID: "1", Text: "nuclear school"}, 10); err != nil || len(all) != 5 {
		t.Fatalf("got %d hits (error %v), want all 5 sentences", len(all), err)
	}
	hits, err := x.Retrieve(ctx, retrieval.Query{ID: "1", Text: "nuclear school"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	want := []retrieval.Hit{
		{ID: "d__PREMISE__1", Score: 1},
		{ID: "e__PREMISE__1", Score: 1 / math.Sqrt2},
		{ID: "a__PREMISE__1", Score: 1 / math.Sqrt2},
		{ID: "b__PREMISE__1", Score: 2 / math.Sqrt(5) / math.Sqrt2},
	}
	if len(hits) != len(want) {
		t.Fatalf("got %v", hits)
	}
	for i := range want {
		if hits[i].ID != want[i].ID || math.Abs(hits[i].Score-want[i].Score) > 1e-6 {
			t.Errorf("hit %d: got %v, want %v", i, hits[i], want[i])
		}
	}
	for _, err := range retrievaltest.Check(context.Background(), x, retrieval.Query{ID: "1", Text: "nuclear school"}, retrieval.Query{ID: "2", Text: "tax"}, retrieval.Query{ID: "3", Text: "nothing"}) {
		t.Error(err)
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := dense.Build(ctx, axes{}, store(t, "fine", "fail")); err == nil || !strings.Contains(err.Error(), "dense: cannot encode") {
		t.Errorf("failing encoder: got %v", err)
	}
	x, err := dense.Build(ctx, axes{}, store(t, "nuclear"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := x.Retrieve(ctx, retrieval.Query{Text: "x"}, 0); !errors.Is(err, retrieval.ErrK) {
		t.Errorf("k 0: got %v", err)
	}
	if _, err := x.Retrieve(ctx, retrieval.Query{ID: "7", Text: "fail"}, 3); err == nil || !strings.Contains(err.Error(), "query 7") {
		t.Errorf("failing query: got %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := dense.Build(cancelled, axes{}, store(t, strings.Split(strings.Repeat("nuclear ", 300), " ")...)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: got %v", err)
	}
}
