package densevec

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// reference is the search of every row, one at a time, as retrieval/dense
// searched before this package: the hits it must give.
func reference(x *Index, qv []float32, k int) []entry {
	var all []entry
	for i := range x.Len() {
		var d float32
		for j, v := range x.Vecs[i*x.Dim : (i+1)*x.Dim] {
			d += v * qv[j]
		}
		all = append(all, entry{d, i})
	}
	slices.SortFunc(all, func(a, b entry) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(x.IDs.At(b.row), x.IDs.At(a.row))
	})
	return all[:min(k, len(all))]
}

// randomIndex is an index of n random unit rows of dim dimensions, some
// of them repeated (ties) and some zero.
func randomIndex(r *rand.Rand, n, dim int, quant bool) *Index {
	x := &Index{Dim: dim}
	v := make([]float32, dim)
	ids := r.Perm(n * 4) // distinct ids, not in row order
	for i := range n {
		switch {
		case i%17 == 5 && i > 0:
			// a copy of an earlier row: a tie
			copy(v, x.Vecs[(i/2)*dim:(i/2+1)*dim])
		case i%23 == 7:
			clear(v)
		case i%3 == 1 && i > 3:
			// near an earlier row, closer than the 8-bit copy can tell
			copy(v, x.Vecs[(i/3)*dim:(i/3+1)*dim])
			for j := range v {
				v[j] += float32(r.NormFloat64()) * 1e-3
			}
		default:
			for j := range v {
				v[j] = float32(r.NormFloat64()) + 0.5 // a common direction, as averaged word vectors share
			}
		}
		x.Vecs = Normalized(x.Vecs, v)
		x.IDs.List = append(x.IDs.List, fmt.Sprintf("s%05d", ids[i]))
	}
	if quant {
		x.Q = NewQuant(x.Vecs, dim)
	}
	return x
}

// TestSearch checks the search, with and without the 8-bit copy, against
// the reference on random rows, for many queries and depths.
func TestSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, dim := range []int{3, 16, 100, 129} {
		for _, quant := range []bool{false, true} {
			x := randomIndex(rand.New(rand.NewPCG(uint64(dim), 7)), 5000, dim, quant)
			for q := range 12 {
				qv := make([]float32, dim)
				switch q {
				case 0: // zeros: every score 0
				case 1: // a row of the index: its copies tie at the top
					copy(qv, x.Row(10))
				default:
					for j := range qv {
						qv[j] = float32(r.NormFloat64()) + 0.5
					}
					qv = Normalized(nil, qv)
				}
				for _, k := range []int{1, 10, 1000, 6000} {
					got, err := x.search(context.Background(), qv, k)
					if err != nil {
						t.Fatal(err)
					}
					slices.SortFunc(got, func(a, b entry) int {
						if c := cmp.Compare(b.score, a.score); c != 0 {
							return c
						}
						return cmp.Compare(x.IDs.At(b.row), x.IDs.At(a.row))
					})
					want := reference(x, qv, k)
					if !slices.Equal(got, want) {
						t.Fatalf("%d dimensions, 8-bit copy %v, query %d, k %d: the hits differ from the reference's", dim, quant, q, k)
					}
				}
			}
		}
	}
}

// TestDots checks dots (in assembly where there is some) against dotsGo,
// with extreme values.
func TestDots(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, st := range []int{16, 112, 1024} {
		n := 37
		q := make([]int16, st)
		rows := make([]int8, n*st)
		for j := range q {
			q[j] = int16(r.IntN(2*maxQueryQuant+1) - maxQueryQuant)
		}
		for i := range rows {
			rows[i] = int8(r.IntN(2*maxQuant+1) - maxQuant)
		}
		// Row 0 at the extreme: the largest sum that must fit.
		for j := range st {
			q[j], rows[j] = maxQueryQuant, -maxQuant
		}
		got, want := make([]int32, n), make([]int32, n)
		dots(q, rows, got)
		dotsGo(q, rows, want)
		if !slices.Equal(got, want) {
			t.Errorf("stride %d: got %v, want %v", st, got, want)
		}
		if want[0] != -maxQuant*maxQueryQuant*int32(st) {
			t.Errorf("stride %d: row 0 %d, want %d", st, want[0], -maxQuant*maxQueryQuant*int32(st))
		}
	}
}

// TestBounds checks that each row's float32 score lies within the bounds
// its 8-bit copy gives, and that the bounds are close.
func TestBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, dim := range []int{3, 100, 300} {
		x := randomIndex(rand.New(rand.NewPCG(uint64(dim), 9)), 3000, dim, true)
		for range 5 {
			qv := make([]float32, dim)
			for j := range qv {
				qv[j] = float32(r.NormFloat64()) + 0.5
			}
			qv = Normalized(nil, qv)
			b := newBounder(qv, x.Q.Stride, x.Q.Mean)
			ds := make([]int32, x.Len())
			dots(b.codes, x.Q.Codes, ds)
			for i, d := range ds {
				s := float64(x.score(i, qv))
				lo, hi := b.lower(d, x.Q.Scale[i], x.Q.L1[i]), b.bound(d, x.Q.Scale[i], x.Q.L1[i])
				if s < lo || s > hi || hi-lo > 0.1 {
					t.Fatalf("%d dimensions, row %d: score %v, bounds [%v, %v]", dim, i, s, lo, hi)
				}
			}
		}
	}
}
