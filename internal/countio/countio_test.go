package countio

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReader(t *testing.T) {
	r := &Reader{R: iotest.OneByteReader(strings.NewReader("hello, world"))}
	b, err := io.ReadAll(r)
	if err != nil || string(b) != "hello, world" || r.N != 12 {
		t.Errorf("read %q, %v; counted %d, want 12", b, err, r.N)
	}
	r = &Reader{R: iotest.ErrReader(io.ErrUnexpectedEOF)}
	if _, err := io.ReadAll(r); err != io.ErrUnexpectedEOF || r.N != 0 {
		t.Errorf("a failing reader: %v, counted %d", err, r.N)
	}
}
