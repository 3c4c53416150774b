package retrieval

import (
	"context"
	"fmt"
	"sync"

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
		panicked any
		next     int
		wg       sync.WaitGroup
	)
	// take returns the index of the next query to answer, or -1.
	take := func() int {
		mu.Lock()
		defer mu.Unlock()
		if next == len(qs) || firstErr != nil || panicked != nil || ctx.Err() != nil {
			return -1
		}
		next++
		return next - 1
	}
	fail := func(err error, p any) {
		mu.Lock()
		defer mu.Unlock()
		if p != nil && panicked == nil {
			panicked = p
		}
		if err != nil && firstErr == nil {
			firstErr = err
		}
		cancel()
	}
	for range min(workers, len(qs)) {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					fail(nil, p)
				}
			}()
			for i := take(); i >= 0; i = take() {
				if err := fn(ctx, i, qs[i]); err != nil {
					fail(fmt.Errorf("retrieval: query %s: %w", quote.Q(qs[i].ID), err), nil)
				}
			}
		})
	}
	wg.Wait()
	switch {
	case panicked != nil:
		panic(panicked)
	case firstErr != nil:
		return firstErr
	case next < len(qs):
		return fmt.Errorf("retrieval: %w", context.Cause(ctx))
	}
	return nil
}
