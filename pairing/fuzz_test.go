package pairing

import (
	"context"
	"github.com/argsearch/argsearch/retrieval"
	"math"
	"testing"

	"github.com/argsearch/argsearch/corpus"
)

// FuzzPairing checks that neither ArgsRank nor the builder panics on any
// text, and that their answers are consistent.
func FuzzPairing(f *testing.F) {
	for _, s := range []string{"", "Hello.", "I accept.", "http://x.org", "[1] (2010) retrieved",
		"Abortion should be legal because women decide.", "Round 2:", "\xff\xfe", "4.8% of p.35 ...]x",
		"Café naïve ﬁne", "死刑是不人道的"} {
		f.Add(s, "Other text about taxes.")
	}
	tagger := testTagger(f)
	f.Fuzz(func(t *testing.T, a, b string) {
		s := corpus.Sentence{ID: "F__PREMISE__1", Text: a}
		c := ArgsRank{}.rank([]string{a, b, a})
		var sum float64
		for _, p := range c.Stationary {
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("stationary sum %g", sum)
		}
		cands := []Candidate{
			{Sentence: s, Retrieval: 1},
			{Sentence: corpus.Sentence{ID: "G__PREMISE__2", Text: b}, Retrieval: 2},
		}
		ps, err := Builder{Coherence: Coherence{Phrases: tagger}}.Build(context.Background(), retrieval.Query{}, cands, 5)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if math.IsNaN(p.Score) {
				t.Fatal("NaN score")
			}
		}
	})
}
