// Package crc32c computes the CRC-32C (Castagnoli) checksum of a large
// byte slice on all cores: the slice is cut into parts, whose checksums are
// computed at once and then combined into the checksum of the whole. The
// lexical index and the corpus store file check their files with it.
package crc32c

import (
	"hash/crc32"
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
	parts := min(runtime.GOMAXPROCS(0), len(b)/minPart)
	if parts <= 1 {
		return crc32.Checksum(b, table)
	}
	sums := make([]uint32, parts)
	size := len(b) / parts
	var wg sync.WaitGroup
	for i := range parts {
		lo, hi := i*size, (i+1)*size
		if i == parts-1 {
			hi = len(b)
		}
		wg.Go(func() { sums[i] = crc32.Checksum(b[lo:hi], table) })
	}
	wg.Wait()
	sum := sums[0]
	for i := 1; i < parts; i++ {
		n := size
		if i == parts-1 {
			n = len(b) - i*size
		}
		sum = combine(sum, sums[i], n)
	}
	return sum
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
