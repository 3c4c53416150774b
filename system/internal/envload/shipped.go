package envload

import (
	"fmt"
	"sync"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/nlp/pos"
	"github.com/argsearch/argsearch/nlp/wordnet"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/glove"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/stance"
)

// A Loader loads the shipped models and data, each on its first use and
// once; a failed load fails every use. It is safe for concurrent use.
type Loader struct {
	Models  func() (Models, error)           // the classifiers
	POS     func() (*pos.Model, error)       // the part-of-speech tagger
	Encoder func() (semantic.Encoder, error) // Universal Sentence Encoder lite
	GloVe   func() (*glove.Vectors, error)   // GloVe word vectors
	WordNet func() (*wordnet.WordNet, error) // WordNet synonyms
}

// Models holds the shipped models.
type Models struct {
	Arg    filter.Scorer // a *classify.ArgumentModel unless replaced
	Stance stance.Model  // a *classify.StanceModel unless replaced
}

// NewLoader returns a Loader that has loaded nothing yet.
func NewLoader() Loader {
	return Loader{
		Models: sync.OnceValues(loadModels),
		POS:    sync.OnceValues(wrapped(pos.Load)),
		Encoder: sync.OnceValues(func() (semantic.Encoder, error) {
			m, err := use.Load()
			if err != nil {
				return nil, fmt.Errorf("system: %w", err)
			}
			return m, nil
		}),
		GloVe:   sync.OnceValues(wrapped(glove.Load)),
		WordNet: sync.OnceValues(wrapped(wordnet.Load)),
	}
}

// wrapped prefixes load's error with the package name.
func wrapped[T any](load func() (T, error)) func() (T, error) {
	return func() (T, error) {
		v, err := load()
		if err != nil {
			return v, fmt.Errorf("system: %w", err)
		}
		return v, nil
	}
}

// loadModels loads the shipped models.
func loadModels() (Models, error) {
	var m Models
	var err error
	if m.Arg, err = classify.ShippedArgumentModel(); err != nil {
		return m, fmt.Errorf("system: %w", err)
	}
	if m.Stance, err = classify.ShippedStanceModel(); err != nil {
		return m, fmt.Errorf("system: %w", err)
	}
	return m, nil
}
