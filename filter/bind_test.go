package filter

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
)

// fakeEnv is an Env whose models are fixed, or fail.
type fakeEnv struct {
	scorer Scorer
	err    error
}

func (e fakeEnv) ArgumentModel() (Scorer, error) { return e.scorer, e.err }

func (e fakeEnv) POS() (interface {
	HasVerb(text string, maxTokens int) bool
}, error) {
	return verbIfIs{}, e.err
}

// verbIfIs says a text holds a verb when it holds "is".
type verbIfIs struct{}

func (verbIfIs) HasVerb(text string, _ int) bool { return strings.Contains(text, " is ") }

// TestBind checks what Bind fills in from the environment, what it keeps,
// and what it refuses.
func TestBind(t *testing.T) {
	env := fakeEnv{scorer: constScorer(0.7)}
	f, err := Argumentative{}.Bind(env)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := f.Check(sent("x")); !ok || f.(Argumentative).Scorer != constScorer(0.7) {
		t.Errorf("Argumentative bound: %+v, want the environment's model (0.7 kept at the default 0.5)", f)
	}
	own := constScorer(0.1)
	if f, _ := (Argumentative{Scorer: own}).Bind(env); f.(Argumentative).Scorer != own {
		t.Errorf("Argumentative with a Scorer of its own took the environment's: %+v", f)
	}
	for _, bad := range []float64{-0.1, 1.1, math.NaN()} {
		if _, err := (Argumentative{Threshold: bad}).Bind(env); err == nil || !strings.Contains(err.Error(), "Threshold") {
			t.Errorf("Threshold %v: %v, want an error naming it", bad, err)
		}
	}
	boom := errors.New("no model")
	if _, err := (Argumentative{}).Bind(fakeEnv{err: boom}); !errors.Is(err, boom) {
		t.Errorf("a model that fails to load: %v, want it wrapped", err)
	}
	v, err := Verb{}.Bind(env)
	if err != nil {
		t.Fatal(err)
	}
	if ok, why := v.Check(sent("this is a claim")); !ok {
		t.Errorf("Verb bound: rejected a sentence with a verb (%s)", why)
	}
	if _, err := (Verb{MaxTokens: -1}).Bind(env); err == nil {
		t.Error("Verb.MaxTokens -1: no error")
	}
	d := &Dedup{}
	d.Check(sent("seen before"))
	fresh, err := d.Bind(env)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := fresh.Check(corpus.Sentence{ID: "b", Text: "seen before"}); !ok || fresh == Filter(d) {
		t.Error("a bound Dedup remembers the sentences of the Dedup it was bound from")
	}
}
