package pairing

import (
	"context"
	"github.com/argsearch/argsearch/retrieval"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/google/go-cmp/cmp"
)

func threeSentenceArgument() corpus.Argument {
	return corpus.Argument{ID: "A1", Sentences: []corpus.Sentence{
		{ID: "A1__PREMISE__1", Text: "one"},
		{ID: "A1__PREMISE__2", Text: "two"},
		{ID: "A1__CONC__1", Text: "conclusion"},
	}}
}

func TestAdjacent(t *testing.T) {
	var got []string
	for p := range adjacent(threeSentenceArgument()) {
		got = append(got, p.ID())
	}
	want := []string{"A1__PREMISE__1,A1__PREMISE__2", "A1__PREMISE__2,A1__CONC__1"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("got … want (-want +got):\n%s", d)
	}
	for range adjacent(corpus.Argument{Sentences: []corpus.Sentence{{ID: "x"}}}) {
		t.Error("one sentence yielded a pair")
	}
	n := 0
	for range adjacent(threeSentenceArgument()) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("early break: got %d pairs, want 1", n)
	}
}

func TestReadingOrder(t *testing.T) {
	a := corpus.Sentence{ID: "X__CONC__1"}
	b := corpus.Sentence{ID: "X__PREMISE__10"}
	c := corpus.Sentence{ID: "X__PREMISE__9"}
	if got := inReadingOrder(a, b).ID(); got != "X__PREMISE__10,X__CONC__1" {
		t.Errorf("got %s", got)
	}
	if got := inReadingOrder(b, c).ID(); got != "X__PREMISE__9,X__PREMISE__10" {
		t.Errorf("got %s (numeric, not lexical order)", got)
	}
}

// TestArgsRankOnSample ranks the sentences of every argument of the
// sample: ArgsRank's scores are a normalised stationary distribution.
func TestArgsRankOnSample(t *testing.T) {
	var r ArgsRank
	for _, a := range sampleArguments(t) {
		texts := make([]string, len(a.Sentences))
		for i, s := range a.Sentences {
			texts[i] = s.Text
		}
		c := r.rank(texts)
		if !slices.Equal(r.Argument(a), c.Scores) {
			t.Fatalf("%s: Argument differs from the ranking's scores", a.ID)
		}
		if len(a.Sentences) > 0 {
			var sum float64
			for _, p := range c.Stationary {
				sum += p
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("%s: stationary sum %g", a.ID, sum)
			}
			if !c.Converged {
				t.Errorf("%s: not converged after %d iterations", a.ID, c.Iterations)
			}
			if slices.Max(c.Scores) != 1 {
				t.Errorf("%s: max score %g, want 1", a.ID, slices.Max(c.Scores))
			}
		}
	}
}

// TestBadInput gives ArgsRank and the builder the inputs the issue names:
// each returns a defined answer, without a panic (package filter tests the
// filters on them).
func TestBadInput(t *testing.T) {
	long := strings.Repeat("The quick brown fox jumps over the lazy dog because it can. ", 1700) // ~100 KB
	inputs := map[string]string{
		"empty":       "",
		"punctuation": "?!... --- ;;; (((",
		"urls":        "http://a.example.com/x https://b.example.org/y?z=1 www.c.net",
		"100KB":       long,
		"german":      "Die Todesstrafe ist unmenschlich und sollte abgeschafft werden.",
		"chinese":     "死刑是不人道的，应该被废除。",
		"invalid":     "\xff\xfe\xfd abc \xc3",
		"control":     "\x00\x01\x02\n\t\r",
		"case-length": "İSTANBUL'S \u212a value: 00\xe200\xf30's", // lower case changes byte length: prose panics on it
	}
	tagger := testTagger(t)
	for name, text := range inputs {
		s := corpus.Sentence{ID: "Z__PREMISE__1", Text: text}
		c := ArgsRank{}.rank([]string{text, text + " again", "Other text."})
		for _, x := range c.Scores {
			if math.IsNaN(x) {
				t.Errorf("ArgsRank on %s: NaN", name)
			}
		}
		cands := []Candidate{
			{Sentence: s, Retrieval: math.NaN(), Argumentativeness: math.Inf(1)},
			{Sentence: corpus.Sentence{ID: "Y__PREMISE__1", Text: text + " too"}},
		}
		got, err := Builder{Coherence: Coherence{Phrases: tagger}}.Build(context.Background(), retrieval.Query{}, cands, 10)
		if err != nil {
			t.Errorf("Build on %s: %v", name, err)
		}
		for _, p := range got {
			if math.IsNaN(p.Score) {
				t.Errorf("Build on %s: NaN score", name)
			}
		}
	}
}
