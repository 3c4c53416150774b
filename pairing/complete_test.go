package pairing

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/stance"
	"github.com/google/go-cmp/cmp"
)

// testStore holds two arguments: A (for the topic "Should we ban guns?",
// premise PRO, conclusion "Ban guns") with three sentences, and B (premise
// PRO of "Guns should not be banned", so CON) with two.
func testStore(t *testing.T) *corpus.Store {
	t.Helper()
	args := []corpus.Argument{
		{ID: "A", Conclusion: "Ban guns", Premises: []corpus.Premise{{Text: "x", Stance: stance.Pro}}, Sentences: []corpus.Sentence{
			{ID: "A__PREMISE__1", Text: "Guns kill."}, {ID: "A__PREMISE__2", Text: "Bans work."}, {ID: "A__CONC__1", Text: "Ban guns"}}},
		{ID: "B", Conclusion: "Guns should not be banned", Premises: []corpus.Premise{{Text: "y", Stance: stance.Pro}}, Sentences: []corpus.Sentence{
			{ID: "B__PREMISE__1", Text: "Guns protect."}, {ID: "B__CONC__1", Text: "Guns should not be banned"}}},
	}
	s, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCandidates(t *testing.T) {
	store := testStore(t)
	got, err := Candidates(store, []retrieval.Hit{{ID: "B__CONC__1", Score: 2}, {ID: "A__PREMISE__2", Score: 1}})
	if err != nil {
		t.Fatal(err)
	}
	want := []Candidate{
		{Sentence: corpus.Sentence{ID: "B__CONC__1", Text: "Guns should not be banned"}, Argument: "B", Retrieval: 2},
		{Sentence: corpus.Sentence{ID: "A__PREMISE__2", Text: "Bans work."}, Argument: "A", Retrieval: 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Candidates (-want +got):\n%s", diff)
	}
	if _, err := Candidates(store, []retrieval.Hit{{ID: "C__PREMISE__1"}}); err == nil || !strings.Contains(err.Error(), "C__PREMISE__1") {
		t.Errorf("unknown hit: got %v, want an error naming it", err)
	}
}

// TestComplete fills a hand-made list: arguments in the order their
// sentences first appear in the hits, consecutive pairs in reading order,
// no pair twice, each with its argument's args.me stance.
func TestComplete(t *testing.T) {
	store := testStore(t)
	built := []Scored{{Pair: Pair{First: corpus.Sentence{ID: "A__PREMISE__2"}, Second: corpus.Sentence{ID: "A__CONC__1"}}, Score: 0.5, Stance: stance.Pro}}
	hits := []retrieval.Hit{{ID: "B__CONC__1"}, {ID: "A__CONC__1"}, {ID: "B__PREMISE__1"}}
	got, err := Complete(slices.Clone(built), store, hits, "Should we ban guns?", 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	var stances []stance.Stance
	for i, p := range got {
		ids = append(ids, p.ID())
		stances = append(stances, p.Stance)
		if i > 0 && !(p.Score < got[i-1].Score) {
			t.Errorf("score %d (%v) not below the one before (%v)", i, p.Score, got[i-1].Score)
		}
	}
	wantIDs := []string{"A__PREMISE__2,A__CONC__1", "B__PREMISE__1,B__CONC__1", "A__PREMISE__1,A__PREMISE__2"}
	if diff := cmp.Diff(wantIDs, ids); diff != "" {
		t.Errorf("pairs (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]stance.Stance{stance.Pro, stance.Con, stance.Pro}, stances); diff != "" {
		t.Errorf("stances (-want +got):\n%s", diff)
	}
	// k bounds the list, and a full list is returned as it is.
	if got, _ := Complete(slices.Clone(built), store, hits, "t", 2); len(got) != 2 {
		t.Errorf("k = 2: got %d pairs", len(got))
	}
	if got, _ := Complete(slices.Clone(built), store, hits, "t", 1); len(got) != 1 {
		t.Errorf("k = 1: got %d pairs", len(got))
	}
	if _, err := Complete(nil, store, []retrieval.Hit{{ID: "nope"}}, "t", 5); err == nil {
		t.Error("unknown hit: got no error")
	}
}
