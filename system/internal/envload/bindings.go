package envload

// This file: what the steps of a system.Pipeline take from an Env, as each
// step package's Env asks for it (filter.Env, pairing.Env, rewrite.Env,
// stance.Env), from a Loader and a store.

import (
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/nlp/wordnet"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/glove"
	"github.com/argsearch/argsearch/stance"
)

// Resolve returns enc, or the shipped encoder it names: semantic.USE (also
// for nil) or semantic.GloVe, loaded once by l.
func (l Loader) Resolve(enc semantic.Encoder) (semantic.Encoder, error) {
	switch enc {
	case nil, semantic.USE:
		return l.Encoder()
	case semantic.GloVe:
		g, err := l.GloVe()
		if err != nil {
			return nil, err
		}
		return g, nil
	}
	return enc, nil
}

// FilterEnv is the filter.Env of a Loader.
type FilterEnv struct{ Loader Loader }

// ArgumentModel implements filter.Env.
func (f FilterEnv) ArgumentModel() (filter.Scorer, error) {
	m, err := f.Loader.Models()
	if err != nil {
		return nil, err
	}
	return m.Arg, nil
}

// POS implements filter.Env.
func (f FilterEnv) POS() (interface {
	HasVerb(text string, maxTokens int) bool
}, error) {
	t, err := f.Loader.POS()
	if err != nil {
		return nil, err
	}
	return t, nil
}

// PairingEnv is the pairing.Env of a Loader and a store.
type PairingEnv struct {
	Loader Loader
	Store  *corpus.Store
}

// Corpus implements pairing.Env.
func (p PairingEnv) Corpus() *corpus.Store { return p.Store }

// ArgumentModel implements pairing.Env.
func (p PairingEnv) ArgumentModel() (interface{ Score(text string) float64 }, error) {
	m, err := p.Loader.Models()
	if err != nil {
		return nil, err
	}
	return m.Arg, nil
}

// Encoder implements pairing.Env.
func (p PairingEnv) Encoder(enc semantic.Encoder) (semantic.Encoder, error) {
	return p.Loader.Resolve(enc)
}

// POS implements pairing.Env.
func (p PairingEnv) POS() (interface{ Structure(a, b string) float64 }, error) {
	t, err := p.Loader.POS()
	if err != nil {
		return nil, err
	}
	return t, nil
}

// RewriteEnv is the rewrite.Env of a Loader.
type RewriteEnv struct{ Loader Loader }

// WordNet implements rewrite.Env.
func (r RewriteEnv) WordNet() (*wordnet.WordNet, error) { return r.Loader.WordNet() }

// Vectors implements rewrite.Env.
func (r RewriteEnv) Vectors() (*glove.Vectors, error) { return r.Loader.GloVe() }

// StanceEnv is the stance.Env of a Loader and a store.
type StanceEnv struct {
	Loader Loader
	Store  *corpus.Store
}

// Labels implements stance.Env.
func (s StanceEnv) Labels(topic, sentenceID string) (stance.Stance, float64) {
	return s.Store.Stance(topic, sentenceID)
}

// Model implements stance.Env.
func (s StanceEnv) Model() (stance.Model, error) {
	m, err := s.Loader.Models()
	if err != nil {
		return nil, err
	}
	return m.Stance, nil
}
