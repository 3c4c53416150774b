package retrieval_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/retrievaltest"
	"github.com/google/go-cmp/cmp"
)

// table is a Retriever over fixed scores: every document whose text shares
// a word with the query scores its fixed score.
type table map[string]float64

func (t table) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if k <= 0 {
		return nil, fmt.Errorf("table: k = %d: %w", k, retrieval.ErrK)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var hits []retrieval.Hit
	for id, s := range t {
		for _, w := range strings.Fields(q.Text) {
			if strings.Contains(id, w) {
				hits = append(hits, retrieval.Hit{ID: id, Score: s})
				break
			}
		}
	}
	slices.SortFunc(hits, retrieval.CompareHits)
	return hits[:min(k, len(hits))], nil
}

var (
	bm25 = table{"cat-a": 3, "cat-b": 2, "cat-c": 2, "dog-d": 1, "cat-e": 0.5}
	lm   = table{"cat-b": -1, "cat-c": -2, "cat-f": -3, "dog-d": -0.5}
	catQ = retrieval.Query{ID: "1", Text: "cat"}
)

func TestCompareHits(t *testing.T) {
	hits := []retrieval.Hit{{"a", 1}, {"c", 2}, {"b", 2}, {"d", 1}, {"e", 3}}
	slices.SortFunc(hits, retrieval.CompareHits)
	want := []retrieval.Hit{{"e", 3}, {"c", 2}, {"b", 2}, {"d", 1}, {"a", 1}}
	if d := cmp.Diff(want, hits); d != "" {
		t.Errorf("CompareHits (-want +got):\n%s", d)
	}
}

func TestFusionCombSUM(t *testing.T) {
	f := retrieval.Fusion{Retrievers: []retrieval.Retriever{bm25, lm}, Method: "combsum", Weights: []float64{1, 2}, Depths: []int{1000, 1000}}
	got, err := f.Retrieve(context.Background(), catQ, 10)
	if err != nil {
		t.Fatal(err)
	}
	// bm25 over cat-*: a 3, b 2, c 2, e 0.5 → min-max a 1, b 0.6, c 0.6, e 0.
	// lm: b -1, c -2, f -3 → b 1, c 0.5, f 0; weight 2.
	want := []retrieval.Hit{{"cat-b", 2.6}, {"cat-c", 1.6}, {"cat-a", 1}, {"cat-f", 0}, {"cat-e", 0}}
	if d := cmp.Diff(want, got, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-12 })); d != "" {
		t.Errorf("CombSUM (-want +got):\n%s", d)
	}
	for _, err := range retrievaltest.Check(context.Background(), f, catQ) {
		t.Error(err)
	}
	mismatched := retrieval.Fusion{Retrievers: []retrieval.Retriever{bm25, lm}, Method: "combsum", Weights: []float64{1}}
	if _, err := mismatched.Retrieve(context.Background(), catQ, 10); err == nil {
		t.Error("mismatched weights: got no error")
	}
	// Merge fuses the lists Retrieve would get.
	a, _ := bm25.Retrieve(context.Background(), catQ, 1000)
	b, _ := lm.Retrieve(context.Background(), catQ, 1000)
	merged, err := f.Merge([][]retrieval.Hit{a, b}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(got, merged); d != "" {
		t.Errorf("Merge differs from Retrieve (-Retrieve +Merge):\n%s", d)
	}
	// Per-retriever depths: only bm25's best hit, and lm's list.
	f.Depths = []int{1, 0}
	got, err = f.Retrieve(context.Background(), catQ, 10)
	if err != nil {
		t.Fatal(err)
	}
	// a: 1 (alone, min-max of one score); lm: b 1, c 0.5, f 0 with weight 2.
	want = []retrieval.Hit{{"cat-b", 2}, {"cat-c", 1}, {"cat-a", 1}, {"cat-f", 0}}
	if d := cmp.Diff(want, got, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-12 })); d != "" {
		t.Errorf("with depths 1 and k (-want +got):\n%s", d)
	}
	if _, err := (retrieval.Fusion{Retrievers: []retrieval.Retriever{bm25}, Method: "combsum", Depths: []int{1, 2}}).Retrieve(context.Background(), catQ, 10); err == nil {
		t.Error("mismatched depths: got no error")
	}
}

func TestFusionRRF(t *testing.T) {
	f := retrieval.Fusion{Retrievers: []retrieval.Retriever{bm25, lm}, Method: "rrf", RRF: 60, Depths: []int{1000, 1000}}
	got, err := f.Retrieve(context.Background(), catQ, 3)
	if err != nil {
		t.Fatal(err)
	}
	// bm25 ranks a 1, c 2, b 3, e 4; lm ranks b 1, c 2, f 3.
	want := []retrieval.Hit{{"cat-b", 1/63.0 + 1/61.0}, {"cat-c", 2 / 62.0}, {"cat-a", 1 / 61.0}}
	if d := cmp.Diff(want, got, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-12 })); d != "" {
		t.Errorf("RRF (-want +got):\n%s", d)
	}
	for _, err := range retrievaltest.Check(context.Background(), f, catQ) {
		t.Error(err)
	}
	// The zero Method is "rrf" and the zero RRF is 60.
	zero := retrieval.Fusion{Retrievers: f.Retrievers, Depths: f.Depths}
	if got0, err := zero.Retrieve(context.Background(), catQ, 3); err != nil || !cmp.Equal(got0, got) {
		t.Errorf("zero Method and RRF: got %v, %v; want %v", got0, err, got)
	}
}

// TestFusionFields checks that a Fusion field out of range, or one that
// does not apply to the Method, is an error naming it, before anything is
// retrieved.
func TestFusionFields(t *testing.T) {
	asked := false
	r := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
		asked = true
		return nil, nil
	})
	rs := []retrieval.Retriever{r}
	for _, tc := range []struct {
		f    retrieval.Fusion
		want string
	}{
		{retrieval.Fusion{Retrievers: rs, Method: "borda"}, "Method"},
		{retrieval.Fusion{Retrievers: rs, RRF: -1}, "RRF"},
		{retrieval.Fusion{Retrievers: rs, RRF: math.NaN()}, "RRF"},
		{retrieval.Fusion{Retrievers: rs, Method: "combsum", RRF: 60}, "RRF"},
		{retrieval.Fusion{Retrievers: rs, Normalization: "zscore"}, "Normalization"},
		{retrieval.Fusion{Retrievers: rs, Method: "rrf", Normalization: "minmax"}, "Normalization"},
		{retrieval.Fusion{Retrievers: rs, Method: "combsum", Normalization: "max"}, "Normalization"},
		{retrieval.Fusion{Retrievers: rs, Weights: []float64{1, 1}}, "weights"},
	} {
		if _, err := tc.f.Retrieve(context.Background(), catQ, 10); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want an error naming %s", tc.f, err, tc.want)
		}
		if _, err := tc.f.Merge([][]retrieval.Hit{{{ID: "a", Score: 1}}}, 10); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v, Merge: got %v, want an error naming %s", tc.f, err, tc.want)
		}
	}
	if asked {
		t.Error("a Fusion with a field out of range asked its retriever")
	}
}

func TestNormalizations(t *testing.T) {
	for _, tc := range []struct {
		n    string
		want []retrieval.Hit
	}{
		// bm25 cat-*: 3, 2, 2, 0.5: mean 1.875, sd sqrt(0.796875).
		{"zscore", []retrieval.Hit{{"cat-a", 1.125 / math.Sqrt(0.796875)}, {"cat-c", 0.125 / math.Sqrt(0.796875)}}},
		{"sum", []retrieval.Hit{{"cat-a", 3 / 7.5}, {"cat-c", 2 / 7.5}}},
		{"none", []retrieval.Hit{{"cat-a", 3}, {"cat-c", 2}}},
	} {
		f := retrieval.Fusion{Retrievers: []retrieval.Retriever{bm25}, Method: "combsum", Normalization: tc.n, Depths: []int{10}}
		got, err := f.Retrieve(context.Background(), catQ, 2)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tc.want, got, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-12 })); d != "" {
			t.Errorf("%v (-want +got):\n%s", tc.n, d)
		}
	}
	f := retrieval.Fusion{Retrievers: []retrieval.Retriever{lm}, Method: "combsum", Normalization: "sum"}
	if _, err := f.Retrieve(context.Background(), catQ, 2); err == nil {
		t.Error("sum normalisation of negative scores: got no error")
	}
	f = retrieval.Fusion{Retrievers: []retrieval.Retriever{bm25}, Method: "combsum", Normalization: "max"}
	if _, err := f.Retrieve(context.Background(), catQ, 2); err == nil || !strings.Contains(err.Error(), "Normalization") {
		t.Errorf("unknown normalisation: got %v, want an error naming the field", err)
	}
}

func TestForEach(t *testing.T) {
	qs := make([]retrieval.Query, 50)
	for i := range qs {
		qs[i] = retrieval.Query{ID: fmt.Sprint(i)}
	}
	for _, workers := range []int{0, 1, 3, 100} {
		out := make([]string, len(qs))
		err := retrieval.ForEach(context.Background(), qs, workers, func(_ context.Context, i int, q retrieval.Query) error {
			out[i] = q.ID
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, id := range out {
			if id != qs[i].ID {
				t.Fatalf("workers=%d: out[%d] = %q, want %q", workers, i, id, qs[i].ID)
			}
		}
	}
	// A panic reaches the caller.
	func() {
		defer func() {
			if p := recover(); p != "boom" {
				t.Errorf("got panic %v, want boom", p)
			}
		}()
		retrieval.ForEach(context.Background(), qs, 2, func(context.Context, int, retrieval.Query) error { panic("boom") })
	}()
	// The first error stops the queries not started.
	var started atomic.Int32
	err := retrieval.ForEach(context.Background(), qs, 2, func(ctx context.Context, i int, q retrieval.Query) error {
		started.Add(1)
		if i == 0 {
			return errors.New("boom")
		}
		<-ctx.Done()
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), `query "0": boom`) || started.Load() > 3 {
		t.Errorf("got %v after %d queries, want query 0's error after at most 3", err, started.Load())
	}
	if err := retrieval.ForEach(context.Background(), nil, 4, nil); err != nil {
		t.Errorf("no queries: got %v", err)
	}
}

func TestParts(t *testing.T) {
	// bm25 over cat-*: a 3, c 2, b 2, e 0.5.
	parts := map[string][]string{"cat-a": {"a1", "a2"}, "cat-b": {"b1"}, "cat-c": nil, "cat-e": {"e1"}}
	r := retrieval.Parts(bm25, 3, func(id string) []string { return parts[id] })
	got, err := r.Retrieve(context.Background(), catQ, 10)
	if err != nil {
		t.Fatal(err)
	}
	// The three best wholes: a, then the tie c and b (ID descending); c has
	// no parts; e is not among them.
	want := []retrieval.Hit{{"a2", 3}, {"a1", 3}, {"b1", 2}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Parts (-want +got):\n%s", d)
	}
	for _, err := range retrievaltest.Check(context.Background(), retrieval.Parts(bm25, 1000, func(id string) []string { return parts[id] }), catQ) {
		t.Error(err)
	}
}
