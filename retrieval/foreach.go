package retrieval

import (
	"context"
	"fmt"
	"sync"

	"github.com/argsearch/argsearch/internal/parallel"
	"github.com/argsearch/argsearch/internal/quote"
)

// ForEach calls fn for every query, qs[i] with index i, up to workers calls
// at a time, and returns when they are done. With workers <= 1 the calls
// run one after another, in order, on the caller's goroutine; with more, fn
// must be safe for concurrent use, and a caller that stores each result in
// out[i] gets the results in the queries' order whatever the scheduling.
//
// The first error (in time) cancels the context of the calls still running
// and of those not started, and is returned with the query's id. A
// cancelled ctx stops the queries not started and gives an error wrapping
// ctx.Err(). A panic in fn reaches the caller.
func ForEach(ctx context.Context, qs []Query, workers int, fn func(ctx context.Context, i int, q Query) error) error {
	if workers <= 1 {
		for i, q := range qs {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("retrieval: %w", err)
			}
			if err := fn(ctx, i, q); err != nil {
				return fmt.Errorf("retrieval: query %s: %w", quote.Q(q.ID), err)
			}
		}
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		firstErr error
	)
	all := parallel.For(len(qs), workers, func(i int) bool {
		if ctx.Err() != nil {
			return false
		}
		returned := false
		defer func() {
			if !returned {
				cancel() // fn panicked: stop the calls still running
			}
		}()
		err := fn(ctx, i, qs[i])
		returned = true
		if err == nil {
			return true
		}
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = fmt.Errorf("retrieval: query %s: %w", quote.Q(qs[i].ID), err)
		}
		cancel()
		return false
	})
	switch {
	case firstErr != nil:
		return firstErr
	case !all:
		return fmt.Errorf("retrieval: %w", context.Cause(ctx))
	}
	return nil
}
