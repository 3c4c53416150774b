package envload

import (
	"errors"
	"fmt"
	"iter"
	"testing"

	"github.com/argsearch/argsearch/corpus"
)

// numbered yields n arguments with ids "0", "1", …, then err if not nil.
func numbered(n int, err error, read *int) iter.Seq2[corpus.Argument, error] {
	return func(yield func(corpus.Argument, error) bool) {
		for i := range n {
			*read = i + 1
			if !yield(corpus.Argument{ID: fmt.Sprint(i)}, nil) {
				return
			}
		}
		if err != nil {
			yield(corpus.Argument{}, err)
		}
	}
}

func TestReadAhead(t *testing.T) {
	boom := errors.New("boom")
	for _, n := range []int{0, 1, readAheadBatch - 1, readAheadBatch, 3*readAheadBatch + 7} {
		for _, wantErr := range []error{nil, boom} {
			var read int
			i := 0
			var gotErr error
			for a, err := range ReadAhead(numbered(n, wantErr, &read)) {
				if err != nil {
					gotErr = err
					continue
				}
				if a.ID != fmt.Sprint(i) {
					t.Fatalf("n %d: argument %d has id %q, want %q", n, i, a.ID, fmt.Sprint(i))
				}
				i++
			}
			if i != n || gotErr != wantErr {
				t.Errorf("n %d, error %v: got %d arguments and error %v, want %d and %v", n, wantErr, i, gotErr, n, wantErr)
			}
		}
	}
}

// An early stop stops the reading: the source is not read to its end, and
// nothing reads it after ReadAhead returns.
func TestReadAheadStop(t *testing.T) {
	var read int
	n := 0
	for range ReadAhead(numbered(100*readAheadBatch, nil, &read)) {
		if n++; n == 10 {
			break
		}
	}
	after := read
	if after >= 100*readAheadBatch || after > (readAheadBatches+3)*readAheadBatch {
		t.Errorf("read %d arguments to give 10, want at most %d", after, (readAheadBatches+3)*readAheadBatch)
	}
}
