package envload

// This file: the dense indexes of a store's sentences, one for each
// encoder, built on first use.

import (
	"context"
	"reflect"
	"sync"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/dense"
	"github.com/argsearch/argsearch/semantic"
)

// A Dense holds the dense indexes of Store's sentences by encoder. It is
// safe for concurrent use; the zero value is not: use NewDense.
type Dense struct {
	store *corpus.Store
	mu    sync.Mutex
	m     map[any]*entry // by encoder (comparable ones only)
}

type entry struct {
	once sync.Once
	x    *dense.Index
	err  error
}

// NewDense returns an empty cache of the dense indexes of store.
func NewDense(store *corpus.Store) *Dense {
	return &Dense{store: store, m: map[any]*entry{}}
}

// Index returns the dense index of the sentences by enc (dense.Build),
// built on first use (by several goroutines at once: one builds, the
// others wait) and kept for the cache's life; an encoder that cannot be a
// map key (not comparable) gets a new index at each call.
func (c *Dense) Index(ctx context.Context, enc semantic.Encoder) (retrieval.Retriever, error) {
	if !reflect.TypeOf(enc).Comparable() {
		x, err := dense.Build(ctx, enc, c.store)
		if err != nil {
			return nil, err
		}
		return x, nil
	}
	c.mu.Lock()
	e := c.m[enc]
	if e == nil {
		e = &entry{}
		c.m[enc] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.x, e.err = dense.Build(ctx, enc, c.store) })
	if e.err != nil {
		return nil, e.err
	}
	return e.x, nil
}

// Len returns the number of encoders the cache holds an index for.
func (c *Dense) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
