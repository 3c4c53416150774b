package search

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHighestRanks checks the selection of the documents tied at the k-th
// place: for every m, the first m hold the m highest ranks.
func TestHighestRanks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 3, 7, 64, 500} {
		for m := 0; m <= n; m++ {
			s := make([]Scored, n)
			for i, rank := range r.Perm(n) {
				s[i] = Scored{Doc: uint32(i), Rank: uint32(rank) * 3}
			}
			highestRanks(s, m)
			for i := range s[:m] {
				for j := range s[m:] {
					if s[i].Rank < s[m+j].Rank {
						t.Fatalf("n=%d m=%d: rank %d among the first m, %d after them", n, m, s[i].Rank, s[m+j].Rank)
					}
				}
			}
			ranks := make([]uint32, n)
			for i, x := range s {
				ranks[i] = x.Rank / 3
			}
			slices.Sort(ranks)
			for i, x := range ranks {
				if int(x) != i {
					t.Fatalf("n=%d m=%d: the ranks are no longer a permutation", n, m)
				}
			}
		}
	}
}
