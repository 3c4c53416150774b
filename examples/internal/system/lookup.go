package system

import (
	"github.com/argsearch/argsearch/corpus"
)

// Argument returns the argument with the given id from the store.
func (e *Env) Argument(id string) (corpus.Argument, bool) {
	return e.Store.Argument(id)
}
