package pairing

import (
	"context"
	"math"
	"testing"

	"github.com/argsearch/argsearch/corpus"
)

// FuzzFilters checks that no filter, tagger, ranker or builder panics on
// any text, and that their answers are consistent.
func FuzzFilters(f *testing.F) {
	for _, s := range []string{"", "Hello.", "I accept.", "http://x.org", "[1] (2010) retrieved",
		"Abortion should be legal because women decide.", "Round 2:", "\xff\xfe", "4.8% of p.35 ...]x",
		"Café naïve ﬁne", "死刑是不人道的"} {
		f.Add(s, "Other text about taxes.")
	}
	tagger, err := NewPOSTagger()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		s := corpus.Sentence{ID: "F__PREMISE__1", Text: a}
		for _, flt := range []Filter{Length{Min: 2, Max: 50}, Noise{}, VerbFilter{Tagger: tagger, MaxTokens: 50}, &Dedup{}} {
			if ok, why := flt.Check(s); ok != (why == Kept) {
				t.Fatalf("%T: ok %v with reason %q", flt, ok, why)
			}
		}
		toks := tagger.Tag(a)
		for _, tk := range toks {
			if tk.Tag == "" && tk.Text == "" {
				t.Fatalf("empty token in %q", a)
			}
		}
		var d Dedup
		d.Check(corpus.Sentence{ID: "D__PREMISE__1", Text: a})
		if ok, why := d.Check(corpus.Sentence{ID: "D__PREMISE__2", Text: a}); ok || why != Duplicate {
			t.Fatalf("Dedup: the same text %q twice: got %v %q, want a Duplicate", a, ok, why)
		}
		if ok, why := d.Check(corpus.Sentence{ID: "D__PREMISE__3", Text: corpus.NormalizeSentence(a)}); corpus.NormalizeSentence(a) != "" && ok {
			t.Fatalf("Dedup: normalised %q kept (%q), want a duplicate", a, why)
		}
		c := ArgsRank{}.Rank([]string{a, b, a})
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
		ps, err := Builder{Coherence: Coherence{Tagger: tagger}}.Build(context.Background(), cands, 5)
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
