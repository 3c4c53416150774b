// Package crc32c computes the CRC-32C (Castagnoli) checksum of a large
// byte slice on all cores: the slice is cut into parts, whose checksums are
// computed at once and then combined into the checksum of the whole. The
// lexical index and the corpus store file check their files with it.
package crc32c

import (
	"errors"
	"hash/crc32"
	"io"
	"runtime"
	"sync"
)

// poly is the Castagnoli polynomial, bit-reversed as crc32 uses it.
const poly = 0x82f63b78

// minPart is the smallest part worth a goroutine of its own.
const minPart = 8 << 20

var table = crc32.MakeTable(crc32.Castagnoli)

// Update returns the CRC-32C of the bytes whose checksum is crc followed by
// b, for checksums computed as the bytes are written.
func Update(crc uint32, b []byte) uint32 { return crc32.Update(crc, table, b) }

// Checksum returns the CRC-32C of b, the same as crc32.Checksum(b,
// crc32.MakeTable(crc32.Castagnoli)).
func Checksum(b []byte) uint32 {
	sum, _ := inParts(int64(len(b)), func(lo, hi int64) (uint32, error) {
		return crc32.Checksum(b[lo:hi], table), nil
	})
	return sum
}

// readBuffer is the size of the buffer each goroutine of ReaderAt reads
// into.
const readBuffer = 1 << 20

// ReaderAt returns the CRC-32C of the first size bytes of r, read into a
// small buffer by each of up to GOMAXPROCS goroutines (parts of at least
// minPart bytes). For a file, this costs less than Checksum over a fresh
// mapping of it: reading copies the bytes from the page cache into a
// buffer that stays in the CPU's cache, while a mapping takes a page fault
// for every page. Bytes missing before size are an error
// (io.ErrUnexpectedEOF), as is any error of r.
func ReaderAt(r io.ReaderAt, size int64) (uint32, error) {
	if size < 0 {
		return 0, errors.New("crc32c: negative size")
	}
	return inParts(size, func(lo, hi int64) (uint32, error) { return readerAtRange(r, lo, hi) })
}

// inParts returns the CRC-32C of size bytes cut into parts, one a core and
// each of at least minPart bytes: part gives the checksum of bytes lo to
// hi, the parts' checksums are computed at once (on the caller's goroutine
// when there is one part) and combined. The first error of a part is
// returned.
func inParts(size int64, part func(lo, hi int64) (uint32, error)) (uint32, error) {
	parts := max(min(int64(runtime.GOMAXPROCS(0)), size/minPart), 1)
	if parts == 1 {
		return part(0, size)
	}
	sums := make([]uint32, parts)
	errs := make([]error, parts)
	n := size / parts
	var wg sync.WaitGroup
	for i := range parts {
		lo, hi := i*n, (i+1)*n
		if i == parts-1 {
			hi = size
		}
		wg.Go(func() { sums[i], errs[i] = part(lo, hi) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	sum := sums[0]
	for i := int64(1); i < parts; i++ {
		length := n
		if i == parts-1 {
			length = size - i*n
		}
		sum = combine(sum, sums[i], int(length))
	}
	return sum, nil
}

// readerAtRange returns the CRC-32C of bytes lo to hi of r.
func readerAtRange(r io.ReaderAt, lo, hi int64) (uint32, error) {
	buf := make([]byte, min(readBuffer, hi-lo))
	var sum uint32
	for off := lo; off < hi; {
		b := buf[:min(int64(len(buf)), hi-off)]
		n, err := r.ReadAt(b, off)
		if n == len(b) {
			err = nil // ReadAt may return io.EOF with the last bytes
		}
		sum = crc32.Update(sum, table, b[:n])
		off += int64(n)
		if err == io.EOF {
			return 0, io.ErrUnexpectedEOF
		}
		if n == 0 && err == nil {
			err = io.ErrNoProgress // against ReadAt's contract
		}
		if err != nil {
			return 0, err
		}
	}
	return sum, nil
}

// combine returns the checksum of a followed by b from the checksum sa of
// a, the checksum sb of b and the length n of b: sa is multiplied by x to
// the power of 8n (modulo the polynomial) and added to sb. The bits of a
// checksum hold the coefficients of a polynomial, x⁰ in the top bit.
func combine(sa, sb uint32, n int) uint32 {
	// Square-and-multiply: x2 is x^(2^k) for bit k of 8n.
	p := uint32(1) << 31  // x⁰
	x2 := uint32(1) << 30 // x¹
	for e := uint64(n) * 8; e > 0; e >>= 1 {
		if e&1 == 1 {
			p = mulMod(p, x2)
		}
		x2 = mulMod(x2, x2)
	}
	return mulMod(p, sa) ^ sb
}

// mulMod returns a·b modulo the polynomial.
func mulMod(a, b uint32) uint32 {
	var p uint32
	for m := uint32(1) << 31; m != 0; m >>= 1 {
		if a&m != 0 {
			p ^= b
		}
		if b&1 != 0 {
			b = b>>1 ^ poly
		} else {
			b >>= 1
		}
	}
	return p
}
