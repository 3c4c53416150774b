package retrieval

import (
	"context"
	"fmt"
	"sync"
)

// A BatchRetriever retrieves for many queries at once, more cheaply than
// one by one (a GPU re-ranker, a remote engine with a batch endpoint).
// RetrieveAll uses it when the retriever has it.
type BatchRetriever interface {
	Retriever
	// RetrieveBatch returns out[i] for qs[i], as Retrieve would.
	RetrieveBatch(ctx context.Context, qs []Query, k int) ([][]Hit, error)
}

// RetrieveAll runs r for every query and returns out[i] for qs[i], so the
// output order does not depend on scheduling. With workers > 1 up to that
// many queries run at once, and r must then be safe for concurrent use;
// workers <= 1 runs them one after another. The first error cancels the
// rest and is returned.
func RetrieveAll(ctx context.Context, r Retriever, qs []Query, k, workers int) ([][]Hit, error) {
	if err := CheckK(k); err != nil {
		return nil, err
	}
	if b, ok := r.(BatchRetriever); ok {
		out, err := b.RetrieveBatch(ctx, qs, k)
		if err == nil && len(out) != len(qs) {
			err = fmt.Errorf("retrieval: batch retriever returned %d lists for %d queries", len(out), len(qs))
		}
		return out, err
	}
	out := make([][]Hit, len(qs))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		once     sync.Once
		firstErr error
		next     = make(chan int)
	)
	fail := func(err error) {
		once.Do(func() { firstErr = err; cancel() })
	}
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				hits, err := r.Retrieve(ctx, qs[i], k)
				if err != nil {
					fail(fmt.Errorf("retrieval: query %q: %w", qs[i].ID, err))
					continue
				}
				out[i] = hits
			}
		}()
	}
feed:
	for i := range qs {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("retrieval: %w", err)
	}
	return out, nil
}
