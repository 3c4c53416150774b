package system

import (
	"fmt"
	"sync"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/nlp/pos"
	"github.com/argsearch/argsearch/nlp/wordnet"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/glove"
	"github.com/argsearch/argsearch/semantic/use"
)

// shipped loads the library's shipped models and data, each on its first
// use and once for an Env's life; a failed load fails every use.
type shipped struct {
	models  func() (loaded, error)           // the classifiers and the tagger
	encoder func() (semantic.Encoder, error) // Universal Sentence Encoder lite
	glove   func() (*glove.Vectors, error)   // GloVe word vectors
	wordNet func() (*wordnet.WordNet, error) // WordNet synonyms
}

// loaded holds the shipped models and the part-of-speech tagger.
type loaded struct {
	arg    *classify.ArgumentModel
	stance *classify.StanceModel
	tagger *pos.Tagger
}

func newShipped() shipped {
	return shipped{
		models: sync.OnceValues(loadModels),
		encoder: sync.OnceValues(func() (semantic.Encoder, error) {
			m, err := use.Load()
			if err != nil {
				return nil, fmt.Errorf("system: %w", err)
			}
			return m, nil
		}),
		glove:   sync.OnceValues(wrapped(glove.Load)),
		wordNet: sync.OnceValues(wrapped(wordnet.Load)),
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

// loadModels loads the shipped models and the part-of-speech tagger.
func loadModels() (loaded, error) {
	var m loaded
	var err error
	if m.arg, err = models.Argumentative(); err != nil {
		return m, fmt.Errorf("system: %w", err)
	}
	if m.stance, err = models.Stance(); err != nil {
		return m, fmt.Errorf("system: %w", err)
	}
	if m.tagger, err = pos.NewTagger(); err != nil {
		return m, fmt.Errorf("system: %w", err)
	}
	return m, nil
}
