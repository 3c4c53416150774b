package parallel_test

import (
	"sync/atomic"
	"testing"

	"github.com/argsearch/argsearch/internal/parallel"
)

func TestFor(t *testing.T) {
	for _, workers := range []int{-1, 0, 1, 2, 7, 1000} {
		for _, n := range []int{0, 1, 2, 100} {
			out := make([]int, n)
			if !parallel.For(n, workers, func(i int) bool { out[i] = i + 1; return true }) {
				t.Errorf("workers=%d n=%d: got false, want true", workers, n)
			}
			for i, v := range out {
				if v != i+1 {
					t.Fatalf("workers=%d n=%d: out[%d] = %d, want %d", workers, n, i, v, i+1)
				}
			}
		}
	}
}

// TestForStop checks that a call returning false stops the hand-out, and
// that every index below it has been called.
func TestForStop(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		var called [200]atomic.Bool
		var calls atomic.Int32
		if parallel.For(len(called), workers, func(i int) bool {
			called[i].Store(true)
			calls.Add(1)
			return i < 50
		}) {
			t.Errorf("workers=%d: got true after a false", workers)
		}
		for i := range 51 {
			if !called[i].Load() {
				t.Errorf("workers=%d: index %d, not above the first false one, not called", workers, i)
			}
		}
		// Every call from 50 on returns false, so each worker takes at
		// most one of them.
		if got := int(calls.Load()); got > 50+workers {
			t.Errorf("workers=%d: %d calls, want at most %d", workers, got, 50+workers)
		}
	}
}

// TestForPanic checks that a panic on a worker goroutine is raised again,
// with its value, on the caller's goroutine, once the other workers are
// done, and stops the hand-out.
func TestForPanic(t *testing.T) {
	for _, workers := range []int{1, 2, 4} {
		var calls atomic.Int32
		func() {
			defer func() {
				if p := recover(); p != "boom" {
					t.Errorf("workers=%d: got panic %v, want boom", workers, p)
				}
			}()
			parallel.For(1000, workers, func(i int) bool {
				calls.Add(1)
				if i >= 10 {
					panic("boom")
				}
				return true
			})
			t.Errorf("workers=%d: For returned, want a panic", workers)
		}()
		// Every call from 10 on panics, so each worker takes at most one of
		// them.
		if got := int(calls.Load()); got > 10+workers {
			t.Errorf("workers=%d: %d calls, panics from index 10 on, want at most %d", workers, got, 10+workers)
		}
	}
}
