package build

import (
	"bytes"
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIDOrder checks idOrder against a sort by the ids themselves, with
// ids that tie on their first 8 bytes, ids that are prefixes of others,
// zero bytes (the padding of a short id's key), and equal ids (in
// document order).
func TestIDOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{0, 1, 'a', 'b', 0xff}
	for n := range 300 {
		var blob []byte
		ends := []uint64{0}
		var prev []byte
		for range n {
			var id []byte
			if len(prev) > 0 && rng.IntN(3) == 0 {
				id = append(id, prev[:rng.IntN(len(prev)+1)]...) // a shared prefix
			}
			for range rng.IntN(12) {
				id = append(id, alphabet[rng.IntN(len(alphabet))])
			}
			blob = append(blob, id...)
			ends = append(ends, uint64(len(blob)))
			prev = id
		}
		id := func(d uint32) []byte { return blob[ends[d]:ends[d+1]] }
		want := make([]uint32, n)
		for d := range want {
			want[d] = uint32(d)
		}
		slices.SortFunc(want, func(a, b uint32) int {
			return cmp.Or(bytes.Compare(id(a), id(b)), cmp.Compare(a, b))
		})
		if got := idOrder(blob, ends); !slices.Equal(got, want) {
			t.Fatalf("%d ids: got order %v, want %v", n, got, want)
		}
	}
}
