// Package parallel holds the module's in-order parallel loop: n calls spread
// over a few goroutines, their indices handed out in increasing order, and a
// panic in one of them carried back to the caller's goroutine. What an error
// means (the first in time, the first in order) is the caller's business.
package parallel

import "sync"

// For calls fn(i) for i = 0, 1, ..., n-1, up to workers calls at a time, and
// returns when they are done. With workers <= 1 the calls run one after
// another, in order, on the caller's goroutine; with more, fn must be safe
// for concurrent use, and a caller that stores each result in out[i] gets
// them in order whatever the scheduling.
//
// The indices are handed out in increasing order, so when the call for i
// starts, every call for j < i has started. A call that returns false stops
// the hand-out: the calls running finish and no further index is handed
// out, so every index below the one that returned false has been called.
// For reports whether every index was called and every call returned true.
//
// A panic in fn stops the hand-out too; once the calls running have
// returned, For panics with the same value on the caller's goroutine (the
// first panic's, if there were several).
func For(n, workers int, fn func(i int) bool) bool {
	if workers <= 1 || n <= 1 {
		for i := range n {
			if !fn(i) {
				return false
			}
		}
		return true
	}
	var (
		mu       sync.Mutex
		next     int
		stopped  bool
		panicked any
		wg       sync.WaitGroup
	)
	// take returns the next index to call, or -1.
	take := func() int {
		mu.Lock()
		defer mu.Unlock()
		if stopped || next == n {
			return -1
		}
		next++
		return next - 1
	}
	stop := func(p any) {
		mu.Lock()
		defer mu.Unlock()
		if p != nil && panicked == nil {
			panicked = p
		}
		stopped = true
	}
	for range min(workers, n) {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					stop(p)
				}
			}()
			for i := take(); i >= 0; i = take() {
				if !fn(i) {
					stop(nil)
				}
			}
		})
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
	return !stopped
}
