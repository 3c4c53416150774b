package retrieval_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
)

// TestForEachPanicCancels checks that a panic in one call cancels the
// context of the calls still running (as an error does), so the panic
// reaches the caller without waiting for them to finish their work.
func TestForEachPanicCancels(t *testing.T) {
	qs := make([]retrieval.Query, 10)
	for i := range qs {
		qs[i] = retrieval.Query{ID: fmt.Sprint(i)}
	}
	var cause error
	func() {
		defer func() {
			if p := recover(); p != "boom" {
				t.Errorf("got panic %v, want boom", p)
			}
		}()
		retrieval.ForEach(context.Background(), qs, 2, func(ctx context.Context, i int, _ retrieval.Query) error {
			switch i {
			case 0: // runs until cancelled
				<-ctx.Done()
				cause = ctx.Err()
			case 1:
				panic("boom")
			}
			return nil
		})
	}()
	if !errors.Is(cause, context.Canceled) {
		t.Errorf("query 0's context ended with %v, want context.Canceled", cause)
	}
}

// TestForEachCancelled checks that a cancelled context stops the queries
// not started and is the error, with workers or without.
func TestForEachCancelled(t *testing.T) {
	qs := make([]retrieval.Query, 10)
	for _, workers := range []int{1, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		var calls atomic.Int32
		err := retrieval.ForEach(ctx, qs, workers, func(context.Context, int, retrieval.Query) error {
			calls.Add(1) // each call cancels, so each worker makes one at most
			cancel()
			return nil
		})
		if n := int(calls.Load()); !errors.Is(err, context.Canceled) || n > workers {
			t.Errorf("workers=%d: %d calls, error %v; want at most %d, context.Canceled", workers, n, err, workers)
		}
	}
}
