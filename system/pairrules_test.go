package system

import (
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
)

// threeSentences is an argument of two premise sentences and a conclusion.
func threeSentences() corpus.Argument {
	return corpus.Argument{ID: "A1", Sentences: []corpus.Sentence{
		{ID: "A1__PREMISE__1", Text: "one"},
		{ID: "A1__PREMISE__2", Text: "two"},
		{ID: "A1__CONC__1", Text: "conclusion"},
	}}
}

func TestTopTwoAndConclusionPremise(t *testing.T) {
	a := threeSentences()
	p, ok := topTwo(a, []float64{0.2, 1, 0.9})
	if !ok || p.ID() != "A1__PREMISE__2,A1__CONC__1" {
		t.Errorf("topTwo: got %q %v", p.ID(), ok)
	}
	p, ok = topTwo(a, []float64{1, 0.5, 1}) // the conclusion ties the first premise
	if !ok || p.ID() != "A1__PREMISE__1,A1__CONC__1" {
		t.Errorf("topTwo with a tie: got %q %v", p.ID(), ok)
	}
	p, ok = topTwo(a, []float64{math.NaN(), 0.1, 0.2})
	if !ok || p.ID() != "A1__PREMISE__2,A1__CONC__1" {
		t.Errorf("topTwo with NaN: got %q %v", p.ID(), ok)
	}
	if _, ok := topTwo(a, []float64{1}); ok {
		t.Error("topTwo with wrong score count: got ok")
	}
	p, ok = conclusionPremise(a, []float64{0.3, 0.7, 1})
	if !ok || p.ID() != "A1__PREMISE__2,A1__CONC__1" {
		t.Errorf("conclusionPremise: got %q %v", p.ID(), ok)
	}
	noConc := corpus.Argument{Sentences: a.Sentences[:2]}
	if _, ok := conclusionPremise(noConc, []float64{1, 1}); ok {
		t.Error("conclusionPremise without a conclusion: got ok")
	}
}

// TestTopTwoOnSample makes Swordsman's pair of every argument of the
// sample: every argument with two sentences gets a pair of its own
// sentences in reading order.
func TestTopTwoOnSample(t *testing.T) {
	env := open(t, Input{})
	var rank pairing.ArgsRank
	pairs := 0
	for a := range env.Store.Arguments() {
		p, ok := topTwo(a, rank.Argument(a))
		if len(a.Sentences) < 2 {
			if ok {
				t.Errorf("%s: pair from %d sentences", a.ID, len(a.Sentences))
			}
			continue
		}
		if !ok {
			t.Fatalf("%s: no pair", a.ID)
		}
		pairs++
		s1, _ := docid.ParseSentence(p.First.ID)
		s2, _ := docid.ParseSentence(p.Second.ID)
		if s2.Argument != a.ID || s1.Position() >= s2.Position() {
			t.Errorf("%s: pair %s not two sentences of the argument in reading order", a.ID, p.ID())
		}
	}
	if pairs < 500 {
		t.Errorf("got %d pairs from the sample, want most of its arguments", pairs)
	}
}

// TestRetrievedPairs checks that pair hits become pairs with their scores,
// and that a hit that names no pair, or sentences not in the store, is an
// error naming it.
func TestRetrievedPairs(t *testing.T) {
	env := open(t, Input{})
	var a corpus.Argument
	for a = range env.Store.Arguments() {
		if len(a.Sentences) >= 2 {
			break
		}
	}
	id := a.Sentences[0].ID + "," + a.Sentences[1].ID
	got, err := retrievedPairs(env.Store, []retrieval.Hit{{ID: id, Score: 2.5}})
	if err != nil || len(got) != 1 || got[0].ID() != id || got[0].Score != 2.5 {
		t.Errorf("got %v, %v", got, err)
	}
	for _, bad := range []string{"no-pair", "x__PREMISE__1,y__PREMISE__2"} {
		if _, err := retrievedPairs(env.Store, []retrieval.Hit{{ID: bad}}); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("hit %q: %v", bad, err)
		}
	}
}
