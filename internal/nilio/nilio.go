// Package nilio turns a nil io.Reader or io.Writer, which a caller may
// pass by mistake, into one whose every call fails with a clear error,
// instead of a nil dereference deep inside a reader.
package nilio

import (
	"errors"
	"fmt"
	"io"
)

// Reader returns r, or when r is nil a reader whose Read fails with
// ErrNil. The callers' packages prefix their errors, pkg among them.
func Reader(r io.Reader, pkg string) io.Reader {
	if r == nil {
		return failing{fmt.Errorf("the io.Reader given to package %s is nil: %w", pkg, ErrNil)}
	}
	return r
}

// Writer returns w, or when w is nil a writer whose Write fails with
// ErrNil.
func Writer(w io.Writer, pkg string) io.Writer {
	if w == nil {
		return failing{fmt.Errorf("the io.Writer given to package %s is nil: %w", pkg, ErrNil)}
	}
	return w
}

// ErrNil is what the readers and writers of a nil io.Reader or io.Writer
// fail with.
var ErrNil = errors.New("nil reader or writer")

type failing struct{ err error }

func (f failing) Read([]byte) (int, error)  { return 0, f.err }
func (f failing) Write([]byte) (int, error) { return 0, f.err }
