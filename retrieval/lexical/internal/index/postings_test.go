package index

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBlockRoundTrip encodes blocks of every gap and frequency width, full
// and short, and decodes them, with and without bytes after the block.
func TestBlockRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for width := 0; width <= 32; width++ {
		for _, n := range []int{1, 7, BlockSize - 1, BlockSize} {
			docs := make([]uint32, n)
			tfs := make([]uint32, n)
			prev := int64(r.IntN(1000)) - 1
			first := uint32(prev + 1)
			for j := range docs {
				gap := uint64(0)
				if width > 0 {
					gap = uint64(1)<<(width-1) | r.Uint64N(uint64(1)<<(width-1))
				}
				gap = min(gap, uint64(math.MaxUint32)-uint64(prev+1)-uint64(n))
				prev += 1 + int64(gap)
				docs[j] = uint32(prev)
				tfs[j] = 1 + uint32(r.Uint64N(uint64(1)<<width)) // up to 2^width
				if width == 32 {
					tfs[j] = math.MaxUint32
				}
			}
			enc := AppendBlock(nil, docs, tfs, int64(first)-1)
			size, ok := blockBytes(enc, n)
			if !ok || size != len(enc) {
				t.Fatalf("width %d, %d postings: size %d, %v for %d bytes", width, n, size, ok, len(enc))
			}
			for _, tail := range [][]byte{nil, make([]byte, 8)} {
				gotDocs, gotTFs := make([]uint32, n), make([]uint32, n)
				DecodeBlock(gotDocs, gotTFs, append(slices.Clone(enc), tail...), first)
				if !slices.Equal(gotDocs, docs) || !slices.Equal(gotTFs, tfs) {
					t.Fatalf("width %d, %d postings, %d bytes after: decoded\n%v %v\nwant\n%v %v", width, n, len(tail), gotDocs, gotTFs, docs, tfs)
				}
			}
		}
	}
}
