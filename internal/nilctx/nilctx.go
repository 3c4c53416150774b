// Package nilctx turns a nil context.Context, which a caller may pass by
// mistake, into an error naming the function and the argument, returned
// before any work, instead of a nil dereference deep inside it.
package nilctx

import (
	"context"
	"errors"
)

// ErrNil is wrapped by Check's error.
var ErrNil = errors.New("nil context.Context")

// Check returns nil when ctx is not nil, and otherwise an error naming fn,
// the function given ctx, as its package prefixes it ("system: Open"):
//
//	system: Open: ctx is a nil context.Context (pass context.Background() if there is no other)
func Check(ctx context.Context, fn string) error {
	if ctx != nil {
		return nil
	}
	return &nilError{fn}
}

type nilError struct{ fn string }

func (e *nilError) Error() string {
	return e.fn + ": ctx is a " + ErrNil.Error() + " (pass context.Background() if there is no other)"
}

func (e *nilError) Unwrap() error { return ErrNil }
