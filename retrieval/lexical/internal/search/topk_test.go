package search

import (
	"cmp"
	"math/bits"
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

// TestSelectBest checks the top k's selection against a sort, on scores
// with many ties, few and none: the k documents kept are the best by score,
// then rank, and the bar is the k-th best score.
func TestSelectBest(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, k := range []int{1, 2, 10, 100, 1000} {
		for _, distinct := range []int{1, 2, 7, 100, 1 << 30} {
			var top []Scored
			h := newTopK(nil, k, &top)
			var all []Scored
			for i, rank := range r.Perm(5 * k) {
				x := Scored{Doc: uint32(i), Rank: uint32(rank), Score: float64(r.IntN(distinct)) / 3}
				all = append(all, x)
				// As offer does, with the rank known, so that ud is not read.
				if x.Score < h.bar {
					continue
				}
				h.buf = append(h.buf, x)
				if len(h.buf) == cap(h.buf) {
					h.selectBest()
				}
			}
			got := h.sorted()
			slices.SortFunc(all, func(a, b Scored) int {
				if c := cmp.Compare(b.Score, a.Score); c != 0 {
					return c
				}
				return cmp.Compare(b.Rank, a.Rank)
			})
			want := all[:k]
			if len(got) != k {
				t.Fatalf("k=%d distinct=%d: %d documents", k, distinct, len(got))
			}
			for i := range want {
				if got[i].Doc != want[i].Doc || got[i].Score != want[i].Score {
					t.Fatalf("k=%d distinct=%d: %v at %d, want %v", k, distinct, got[i], i, want[i])
				}
			}
		}
	}
}

// TestSortScores checks sortScores against a sort by score descending,
// on scores with many ties, few and none, and past its depth limit.
func TestSortScores(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 12, 13, 100, 1000, 5000} {
		for _, distinct := range []int{1, 3, 50, 1 << 30} {
			s := make([]Scored, n)
			for i := range s {
				s[i] = Scored{Doc: uint32(i), Score: float64(r.IntN(distinct)) / 7}
			}
			want := slices.Clone(s)
			slices.SortStableFunc(want, func(a, b Scored) int { return cmp.Compare(b.Score, a.Score) })
			for _, depth := range []int{0, 1, 2 * bits.Len(uint(n))} {
				got := slices.Clone(s)
				sortScores(got, depth)
				for i := range got {
					if got[i].Score != want[i].Score {
						t.Fatalf("n=%d distinct=%d depth=%d: score %v at %d, want %v", n, distinct, depth, got[i].Score, i, want[i].Score)
					}
				}
				slices.SortFunc(got, func(a, b Scored) int { return cmp.Compare(a.Doc, b.Doc) })
				for i := range got {
					if got[i].Doc != uint32(i) {
						t.Fatalf("n=%d distinct=%d depth=%d: the documents are no longer a permutation", n, distinct, depth)
					}
				}
			}
		}
	}
}
