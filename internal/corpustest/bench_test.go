package corpustest_test

import (
	"context"
	"io"
	"testing"

	"github.com/argsearch/argsearch/internal/corpustest"
)

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)

// BenchmarkWrite measures generation speed; b.SetBytes makes go test report
// MB/s of CSV output.
func BenchmarkWrite(b *testing.B) {
	c := corpustest.Config{Arguments: 20000, Seed: 1}
	var w countingWriter
	if _, err := corpustest.Write(context.Background(), &w, c); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(w.n)
	for b.Loop() {
		if _, err := corpustest.Write(context.Background(), io.Discard, c); err != nil {
			b.Fatal(err)
		}
	}
}
