package envload

import (
	"fmt"
	"sync"
	"sync/atomic"

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
// once; a failed load fails every use. Copies of a Loader share its loads.
// It is safe for concurrent use.
//
// Each model is loaded by its own method, which alone names the model's
// package's loader: a program links a model's embedded data only if it
// can call that method (the linker drops the others), so that a command
// that runs no step of a model does not carry it.
type Loader struct{ l *loads }

// loads are a Loader's models, each loaded once.
type loads struct {
	models  cell[Models]
	pos     cell[*pos.Model]
	encoder cell[semantic.Encoder]
	glove   cell[*glove.Vectors]
	wordnet cell[*wordnet.WordNet]
}

// A cell holds a value loaded once, and counts the calls that asked for
// it.
type cell[T any] struct {
	once  sync.Once
	asked atomic.Int64
	v     T
	err   error
}

// get returns the value, loading it with load on the first call; a load's
// error is prefixed with "system: ", the package that reports it.
func (c *cell[T]) get(load func() (T, error)) (T, error) {
	c.asked.Add(1)
	c.once.Do(func() {
		c.v, c.err = load()
		if c.err != nil {
			c.err = fmt.Errorf("system: %w", c.err)
		}
	})
	return c.v, c.err
}

// Models holds the shipped models.
type Models struct {
	Arg    filter.Scorer // a *classify.ArgumentModel unless replaced
	Stance stance.Model  // a *classify.StanceModel unless replaced
}

// NewLoader returns a Loader that has loaded nothing yet.
func NewLoader() Loader { return Loader{l: &loads{}} }

// Models returns the shipped classifiers (argumentativeness and stance).
func (l Loader) Models() (Models, error) { return l.l.models.get(loadModels) }

// POS returns the part-of-speech tagger.
func (l Loader) POS() (*pos.Model, error) { return l.l.pos.get(pos.Load) }

// Encoder returns the Universal Sentence Encoder lite.
func (l Loader) Encoder() (semantic.Encoder, error) {
	return l.l.encoder.get(func() (semantic.Encoder, error) {
		m, err := use.Load()
		if err != nil {
			return nil, err
		}
		return m, nil
	})
}

// GloVe returns the GloVe word vectors.
func (l Loader) GloVe() (*glove.Vectors, error) { return l.l.glove.get(glove.Load) }

// WordNet returns WordNet's synonyms.
func (l Loader) WordNet() (*wordnet.WordNet, error) { return l.l.wordnet.get(wordnet.Load) }

// Asks counts the calls of each method of a Loader (and of its copies).
type Asks struct{ Models, POS, Encoder, GloVe, WordNet int64 }

// Asks returns how many times each model has been asked for so far: tests
// check with it that a system asks only for the models it uses.
func (l Loader) Asks() Asks {
	return Asks{Models: l.l.models.asked.Load(), POS: l.l.pos.asked.Load(), Encoder: l.l.encoder.asked.Load(),
		GloVe: l.l.glove.asked.Load(), WordNet: l.l.wordnet.asked.Load()}
}

// loadModels loads the shipped models.
func loadModels() (Models, error) {
	var m Models
	var err error
	if m.Arg, err = classify.ShippedArgumentModel(); err != nil {
		return m, err
	}
	if m.Stance, err = classify.ShippedStanceModel(); err != nil {
		return m, err
	}
	return m, nil
}
