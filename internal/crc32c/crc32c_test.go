package crc32c

import (
	"bytes"
	"errors"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"testing"
)

// TestCombine checks combined checksums against the checksum of the whole,
// for cuts anywhere, including at the ends.
func TestCombine(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	b := make([]byte, 5000)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	for _, n := range []int{0, 1, 2, 7, 64, 999, 4096, 5000} {
		whole := crc32.Checksum(b[:n], table)
		for _, cut := range []int{0, 1, n / 3, n / 2, n - 1, n} {
			if cut < 0 || cut > n {
				continue
			}
			got := combine(crc32.Checksum(b[:cut], table), crc32.Checksum(b[cut:n], table), n-cut)
			if got != whole {
				t.Errorf("%d bytes cut at %d: %08x, want %08x", n, cut, got, whole)
			}
		}
	}
}

// TestChecksum checks a slice large enough to be cut into parts, with a
// length no number of parts divides.
func TestChecksum(t *testing.T) {
	b := make([]byte, 3*minPart+12345)
	for i := range b {
		b[i] = byte(i*31 + i>>9)
	}
	if got, want := Checksum(b), crc32.Checksum(b, table); got != want {
		t.Errorf("%08x, want %08x", got, want)
	}
	if got, want := Checksum(b[:100]), crc32.Checksum(b[:100], table); got != want {
		t.Errorf("small: %08x, want %08x", got, want)
	}
	if got, want := Update(Update(0, b[:minPart+7]), b[minPart+7:]), Checksum(b); got != want {
		t.Errorf("written in two parts: %08x, want %08x", got, want)
	}
}

// TestReaderAt checks ReaderAt against Checksum, with as many parts as it
// takes, and that bytes missing or a failing reader are errors.
func TestReaderAt(t *testing.T) {
	b := make([]byte, 3*minPart+12345)
	for i := range b {
		b[i] = byte(i*37 + i>>11)
	}
	for _, n := range []int{0, 1, 100, readBuffer + 3, minPart, len(b)} {
		got, err := ReaderAt(bytes.NewReader(b), int64(n))
		if want := crc32.Checksum(b[:n], table); err != nil || got != want {
			t.Errorf("%d bytes: %08x, %v; want %08x", n, got, err, want)
		}
	}
	if _, err := ReaderAt(bytes.NewReader(b), int64(len(b)+1)); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a byte missing: got %v, want io.ErrUnexpectedEOF", err)
	}
	if _, err := ReaderAt(failingReader{}, 100); !errors.Is(err, errFailing) {
		t.Errorf("failing reader: got %v, want its error", err)
	}
	if _, err := ReaderAt(bytes.NewReader(b), -1); err == nil {
		t.Error("negative size: no error")
	}
}

var errFailing = errors.New("failing")

type failingReader struct{}

func (failingReader) ReadAt([]byte, int64) (int, error) { return 0, errFailing }

func BenchmarkChecksum(b *testing.B) {
	buf := make([]byte, 256<<20)
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		Checksum(buf)
	}
}
