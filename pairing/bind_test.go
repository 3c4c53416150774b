package pairing

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
)

// fakeEnv is an Env of a store, textScorer, lengthEncoder and a tagger of
// fixed structure, or of an error.
type fakeEnv struct {
	store *corpus.Store
	err   error
	asked []semantic.Encoder // the encoders Encoder was asked for
}

func (e *fakeEnv) Corpus() *corpus.Store { return e.store }

func (e *fakeEnv) ArgumentModel() (interface{ Score(string) float64 }, error) {
	return textScorer{}, e.err
}

func (e *fakeEnv) Encoder(enc semantic.Encoder) (semantic.Encoder, error) {
	e.asked = append(e.asked, enc)
	if enc == nil || enc == semantic.USE || enc == semantic.GloVe {
		return lengthEncoder{}, e.err
	}
	return enc, e.err
}

func (e *fakeEnv) POS() (interface{ Structure(a, b string) float64 }, error) {
	return nil, e.err
}

// lengthEncoder encodes a text as its length and 1.
type lengthEncoder struct{}

func (lengthEncoder) Encode(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = []float32{float32(len(t)), 1}
	}
	return out, nil
}

// TestBuilderBind checks that Bind gives a Builder what its weights need,
// and only that, and that Features then computes those features.
func TestBuilderBind(t *testing.T) {
	store := sampleStore(t)
	env := &fakeEnv{store: store}
	p, err := Builder{Weights: Weights{Retrieval: 1, Similarity: 1}, Encoder: semantic.GloVe}.Bind(env)
	if err != nil {
		t.Fatal(err)
	}
	b := p.(Builder)
	if b.Scorer != nil || b.Store != nil || b.Encoder != (lengthEncoder{}) || len(env.asked) != 1 || env.asked[0] != semantic.GloVe {
		t.Errorf("Retrieval and Similarity weighed: bound %+v (asked %v); want the GloVe encoder alone", b, env.asked)
	}
	if p, err = (Builder{}).Bind(env); err != nil {
		t.Fatal(err)
	}
	if b := p.(Builder); b.Scorer == nil || b.Store != store || b.Encoder != nil {
		t.Errorf("the default weights (argumentativeness, centrality): bound %+v, want the model and the corpus", b)
	}
	var cands []Candidate
	for s := range store.Sentences() {
		if len(cands) == 200 {
			break
		}
		arg, _ := store.ArgumentOf(s.ID)
		cands = append(cands, Candidate{Sentence: s, Argument: arg, Retrieval: 1})
	}
	got, err := p.(Builder).Features(context.Background(), retrieval.Query{Text: "q"}, cands)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range got {
		a, _ := store.Argument(c.Argument)
		centrality := (ArgsRank{}).Argument(a)
		j := slices.IndexFunc(a.Sentences, func(s corpus.Sentence) bool { return s.ID == c.Sentence.ID })
		if want := (textScorer{}).Score(c.Sentence.Text); c.Argumentativeness != want || c.Centrality != centrality[j] {
			t.Fatalf("candidate %d: argumentativeness %v (want %v), centrality %v (want %v)", i, c.Argumentativeness, want, c.Centrality, centrality[j])
		}
		if cands[i].Centrality != 0 {
			t.Fatal("Features changed the candidates it was given")
		}
	}
	if _, err := (Builder{Pool: -1}).Bind(env); err == nil || !strings.Contains(err.Error(), "Pool") {
		t.Errorf("Pool -1: %v", err)
	}
	boom := errors.New("no model")
	if _, err := (Builder{}).Bind(&fakeEnv{store: store, err: boom}); !errors.Is(err, boom) {
		t.Errorf("a model that fails to load: %v", err)
	}
}

// TestPairersBind checks that Next and Similar take the corpus and the
// encoder from the environment when theirs are nil, and keep their own.
func TestPairersBind(t *testing.T) {
	store := sampleStore(t)
	env := &fakeEnv{store: store}
	n, _ := Next{}.Bind(env)
	if n.(Next).Store != store {
		t.Error("Next: not given the corpus")
	}
	own := &corpus.Store{}
	if n, _ := (Next{Store: own}).Bind(env); n.(Next).Store != own {
		t.Error("Next: its own Store replaced")
	}
	s, err := Similar{}.Bind(env)
	if err != nil || s.(Similar).Store != store || s.(Similar).Encoder != (lengthEncoder{}) || env.asked[0] != nil {
		t.Errorf("Similar: %+v, %v (asked %v)", s, err, env.asked)
	}
}
