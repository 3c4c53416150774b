package index

import (
	"bytes"
	"errors"
	"testing"
)

// sizeWriter records the size of each write.
type sizeWriter struct {
	bytes.Buffer
	sizes []int
	fail  int // the write that fails, from 1; 0: none
}

func (w *sizeWriter) Write(b []byte) (int, error) {
	w.sizes = append(w.sizes, len(b))
	if len(w.sizes) == w.fail {
		return 0, errors.New("full")
	}
	return w.Buffer.Write(b)
}

// TestPieceWriter checks that a unit file is written at most maxWrite
// bytes at once, and all of it.
func TestPieceWriter(t *testing.T) {
	b := make([]byte, 3*maxWrite+5)
	for i := range b {
		b[i] = byte(i * 7)
	}
	var w sizeWriter
	n, err := pieceWriter{&w}.Write(b)
	if err != nil || n != len(b) || !bytes.Equal(w.Bytes(), b) {
		t.Fatalf("wrote %d bytes (%v), equal %v; want %d", n, err, bytes.Equal(w.Bytes(), b), len(b))
	}
	for _, s := range w.sizes {
		if s > maxWrite {
			t.Errorf("a write of %d bytes, more than %d", s, maxWrite)
		}
	}
	if len(w.sizes) != 4 {
		t.Errorf("%d writes, want 4", len(w.sizes))
	}
	w = sizeWriter{fail: 2}
	if n, err := (pieceWriter{&w}).Write(b); err == nil || n != maxWrite {
		t.Errorf("a failing write: %d bytes, %v; want %d and an error", n, err, maxWrite)
	}
}
