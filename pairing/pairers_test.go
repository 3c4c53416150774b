package pairing

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
)

// sampleStore is a store of the embedded 2021 sample.
func sampleStore(t *testing.T) *corpus.Store {
	t.Helper()
	args := sampleArguments(t)
	store, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// TestNext checks that Next pairs each candidate with the next sentence of
// its argument (the one before for the last), once, at most k, and that
// it needs a Store.
func TestNext(t *testing.T) {
	store := sampleStore(t)
	a := sampleArguments(t)[0]
	n := len(a.Sentences)
	if n < 3 {
		t.Skip("the first argument is too short")
	}
	cands := []Candidate{
		{Sentence: a.Sentences[0], Argument: a.ID, Retrieval: 3},
		{Sentence: a.Sentences[n-1], Argument: a.ID, Retrieval: 2},
		{Sentence: a.Sentences[0], Argument: a.ID, Retrieval: 1}, // the pair of the first again
	}
	got, err := Next{Store: store}.Build(context.Background(), retrieval.Query{}, cands, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{a.Sentences[0].ID + "," + a.Sentences[1].ID, inReadingOrder(a.Sentences[n-1], a.Sentences[n-2]).ID()}
	var ids []string
	for _, p := range got {
		ids = append(ids, p.ID())
	}
	if !slices.Equal(ids, want) || got[0].Score != 3 || got[1].Score != 2 {
		t.Errorf("got %v, want %v scored 3, 2", ids, want)
	}
	if one, _ := (Next{Store: store}).Build(context.Background(), retrieval.Query{}, cands, 1); len(one) != 1 {
		t.Errorf("k 1: %d pairs", len(one))
	}
	if _, err := (Next{}).Build(context.Background(), retrieval.Query{}, cands, 0); err == nil || !strings.Contains(err.Error(), "Store") {
		t.Errorf("Next without a Store: %v", err)
	}
	if _, err := (Similar{Store: store}).Build(context.Background(), retrieval.Query{}, cands, 0); err == nil || !strings.Contains(err.Error(), "Encoder") {
		t.Errorf("Similar without an Encoder: %v", err)
	}
}

// textScorer scores a text by the number after its "a=": "a=1" 1.
type textScorer struct{}

func (textScorer) Score(text string) float64 {
	if strings.HasSuffix(text, "a=1") {
		return 1
	}
	return 0
}

// TestMix checks that a Mix mixes the min–max normalised retrieval score
// with its signals, that it refuses to name none, and that it fills in the
// argumentativeness it scored.
func TestMix(t *testing.T) {
	cands := []Candidate{{Retrieval: 10, Sentence: corpus.Sentence{Text: "a=0"}}, {Retrieval: 0, Sentence: corpus.Sentence{Text: "a=1"}}, {Retrieval: 5, Sentence: corpus.Sentence{Text: "a=1"}}}
	if err := (Mix{}).Rerank(context.Background(), retrieval.Query{}, cands); err == nil || cands[0].Retrieval != 10 {
		t.Fatalf("no signals: %v, %v; want an error and nothing changed", err, cands)
	}
	if _, err := (Mix{}).Bind(nil); err == nil {
		t.Error("Bind of a Mix of no signal: no error")
	}
	if err := (Mix{Argumentativeness: true, Scorer: textScorer{}}).Rerank(context.Background(), retrieval.Query{}, cands); err != nil {
		t.Fatal(err)
	}
	var got, arg []float64
	for _, c := range cands {
		got, arg = append(got, c.Retrieval), append(arg, c.Argumentativeness)
	}
	if want := []float64{0.75, 0.5, 0.5}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v (ties keep their order)", got, want)
	}
	if want := []float64{1, 0, 1}; !slices.Equal(arg, want) {
		t.Errorf("argumentativeness %v, want %v", arg, want)
	}
	if err := (Mix{Similarity: true}).Rerank(context.Background(), retrieval.Query{}, cands); err == nil {
		t.Error("Similarity without an Encoder: no error")
	}
}
