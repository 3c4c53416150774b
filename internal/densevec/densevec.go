// Package densevec is the core of exact dense retrieval (package
// retrieval/dense), shared with the cache of dense indexes that a system's
// environment keeps on disk: the sentences' vectors, normalised, one row
// each, their ids, and the exhaustive top-k search by dot product.
//
// The vectors may be the Go heap's (Encode) or a mapped file's (the
// cache's): an Index only reads them.
package densevec

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"
	"unsafe"
)

// An Encoder turns texts into vectors (semantic.Encoder, which this
// package does not import: it stands below the packages it serves).
type Encoder interface {
	Encode(ctx context.Context, texts []string) ([][]float32, error)
}

// A Scored is a row's id and its score.
type Scored struct {
	ID    string
	Score float64
}

// An Index is the vectors of a corpus's sentences. It is safe for
// concurrent use when Enc is.
type Index struct {
	Enc  Encoder
	Dim  int
	Vecs []float32 // Len()·Dim, each row of length 1 (or 0)
	IDs  IDs
	// Q is the rows' 8-bit copy, which rules most rows out of a search
	// without their scores; its Stride is 0 when there is none (then
	// every row is scored).
	Q Quant
}

// IDs are the sentence ids of an Index's rows, in row order: a list, or
// (from a file) the ids' bytes end to end with the end of each.
type IDs struct {
	List []string
	Blob []byte
	Ends []uint64
}

// Len returns the number of ids.
func (d IDs) Len() int {
	if d.List != nil {
		return len(d.List)
	}
	return len(d.Ends)
}

// At returns id i. From a Blob, it is a view of the blob's bytes, valid
// as long as they are: clone it to keep it.
func (d IDs) At(i int) string {
	if d.List != nil {
		return d.List[i]
	}
	lo := uint64(0)
	if i > 0 {
		lo = d.Ends[i-1]
	}
	hi := d.Ends[i]
	if hi == lo {
		return ""
	}
	return unsafe.String(&d.Blob[lo], hi-lo)
}

// Len returns the number of rows.
func (x *Index) Len() int { return x.IDs.Len() }

// Row returns the vector of row i.
func (x *Index) Row(i int) []float32 { return x.Vecs[i*x.Dim : (i+1)*x.Dim] }

// batch is the number of sentences encoded in one Encode call.
const batch = 256

// Encode encodes sentences (id and text; n of them, for the first
// allocation) with enc, in order. A cancelled ctx stops it between batches
// with an error wrapping ctx.Err().
func Encode(ctx context.Context, enc Encoder, n int, sentences iter.Seq2[string, string]) (*Index, error) {
	x := &Index{Enc: enc}
	var ids, texts []string
	flush := func() error {
		if len(texts) == 0 {
			return nil
		}
		vs, err := enc.Encode(ctx, texts)
		if err != nil {
			return fmt.Errorf("dense: %w", err)
		}
		if len(vs) != len(texts) {
			return fmt.Errorf("dense: the encoder gave %d vectors for %d texts", len(vs), len(texts))
		}
		for i, v := range vs {
			if x.Dim == 0 {
				// Every vector in one allocation: growing by appends
				// would hold the old array beside the new.
				x.Dim = len(v)
				x.Vecs = make([]float32, 0, n*x.Dim)
				x.IDs.List = make([]string, 0, n)
			}
			if len(v) != x.Dim || x.Dim == 0 {
				return fmt.Errorf("dense: sentence %s has a vector of %d dimensions, want %d", ids[i], len(v), x.Dim)
			}
			x.Vecs = Normalized(x.Vecs, v)
		}
		x.IDs.List = append(x.IDs.List, ids...)
		ids, texts = ids[:0], texts[:0]
		return nil
	}
	for id, text := range sentences {
		ids, texts = append(ids, id), append(texts, text)
		if len(texts) == batch {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("dense: %w", err)
			}
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if x.IDs.List == nil {
		x.IDs.List = []string{}
	}
	x.Q = NewQuant(x.Vecs, x.Dim)
	return x, nil
}

// Search returns the k rows whose vectors are most similar to the
// vector of text, by cosine similarity, best first: by score descending,
// then by id descending (retrieval.CompareHits's order); queryID names the
// query in errors. k must be positive.
func (x *Index) Search(ctx context.Context, queryID, text string, k int) ([]Scored, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("dense: %w", err)
	}
	vs, err := x.Enc.Encode(ctx, []string{text})
	if err != nil {
		return nil, fmt.Errorf("dense: query %s: %w", queryID, err)
	}
	if len(vs) != 1 || len(vs[0]) != x.Dim {
		return nil, fmt.Errorf("dense: query %s: the encoder gave no vector of %d dimensions", queryID, x.Dim)
	}
	top, err := x.search(ctx, Normalized(nil, vs[0]), k)
	if err != nil {
		return nil, err
	}
	out := make([]Scored, len(top))
	for i, e := range top {
		out[i] = Scored{ID: strings.Clone(x.IDs.At(e.row)), Score: float64(e.score)}
	}
	slices.SortFunc(out, func(a, b Scored) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	return out, nil
}

// An entry is a row and its score.
type entry struct {
	score float32
	row   int
}

// checkEvery is how many rows are compared between two looks at ctx.
const checkEvery = 1 << 16

// search returns the k rows most similar to qv (of length 1), in no
// order: the rows of the k largest scores, ties to the larger id. A row's
// score is its dot product with qv summed in dimension order, in float32:
// the same for any number of rows compared at once.
func (x *Index) search(ctx context.Context, qv []float32, k int) ([]entry, error) {
	n, dim := x.Len(), x.Dim
	t := &topK{x: x, k: k, h: make([]entry, 0, min(k, n))}
	qv = qv[:dim]
	if x.Q.Stride > 0 && finite(qv) {
		return x.searchQuant(ctx, qv, t)
	}
	i := 0
	for ; i+4 <= n; i += 4 {
		if i%checkEvery == 0 && i > 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("dense: %w", err)
			}
		}
		// Four rows at once, each summed in dimension order as one row
		// alone is: the same scores, without waiting on one sum.
		r := x.Vecs[i*dim : (i+4)*dim]
		r0, r1, r2, r3 := r[:dim], r[dim:2*dim], r[2*dim:3*dim], r[3*dim:4*dim]
		var d0, d1, d2, d3 float32
		for j, q := range qv {
			d0 += r0[j] * q
			d1 += r1[j] * q
			d2 += r2[j] * q
			d3 += r3[j] * q
		}
		if len(t.h) == k {
			// Most rows are below the k-th best: skip them here.
			m := t.h[0].score
			if d0 < m && d1 < m && d2 < m && d3 < m {
				continue
			}
		}
		t.offer(entry{d0, i})
		t.offer(entry{d1, i + 1})
		t.offer(entry{d2, i + 2})
		t.offer(entry{d3, i + 3})
	}
	for ; i < n; i++ {
		t.offer(entry{x.score(i, qv), i})
	}
	return t.h, nil
}

// score returns row i's score against qv.
func (x *Index) score(i int, qv []float32) float32 {
	var d float32
	for j, v := range x.Vecs[i*x.Dim : (i+1)*x.Dim] {
		d += v * qv[j]
	}
	return d
}

// quantChunk is the number of rows whose 8-bit dot products one call of
// dots computes: short, as the goroutine cannot be preempted inside it.
const quantChunk = 1 << 12

// searchQuant is search by the 8-bit copy. It computes every row's 8-bit
// dot product, and from it bounds of each row's score, and finds floor,
// the k-th largest lower bound: at most the k-th best score. The rows
// whose upper bound reaches floor are scored as search scores them, in
// the order of their upper bounds, largest first, until the upper bound
// falls below the k-th best score so far: every row left, like every row
// below floor, is below the k-th best, so can neither be among the k best
// nor tie with the k-th.
func (x *Index) searchQuant(ctx context.Context, qv []float32, t *topK) ([]entry, error) {
	n, st := x.Len(), x.Q.Stride
	b := newBounder(qv, st, x.Q.Mean)
	if b.scale == 0 {
		// A query of zeros (no word the encoder knows): every row is
		// finite, so each product is ±0 and each score, summed from +0,
		// is +0. The k best are the rows of the largest ids.
		for i := range n {
			t.offer(entry{0, i})
		}
		return t.h, nil
	}
	all := make([]int32, n)
	for lo := 0; lo < n; lo += quantChunk {
		if lo%checkEvery == 0 && lo > 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("dense: %w", err)
			}
		}
		hi := min(n, lo+quantChunk)
		dots(b.codes, x.Q.Codes[lo*st:hi*st], all[lo:hi])
	}
	lows := make(lowHeap, 0, t.k)
	for i, d := range all {
		lows.offer(b.lower(d, x.Q.Scale[i], x.Q.L1[i]), t.k)
	}
	if len(lows) < t.k {
		// No more rows than k: score them all.
		for i := range n {
			t.offer(entry{x.score(i, qv), i})
		}
		return t.h, nil
	}
	type candidate struct {
		bound float64
		row   int
	}
	var cands []candidate
	for i, d := range all {
		if u := b.bound(d, x.Q.Scale[i], x.Q.L1[i]); u >= lows[0] {
			cands = append(cands, candidate{u, i})
		}
	}
	slices.SortFunc(cands, func(a, b candidate) int {
		if c := cmp.Compare(b.bound, a.bound); c != 0 {
			return c
		}
		return cmp.Compare(a.row, b.row)
	})
	for j, c := range cands {
		if j%checkEvery == 0 && j > 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("dense: %w", err)
			}
		}
		if len(t.h) == t.k && c.bound < float64(t.h[0].score) {
			break
		}
		t.offer(entry{x.score(c.row, qv), c.row})
	}
	return t.h, nil
}

// A lowHeap is a min-heap of the k largest numbers offered.
type lowHeap []float64

// offer keeps v if it is among the k largest so far; a NaN is never kept.
func (h *lowHeap) offer(v float64, k int) {
	s := *h
	if len(s) < k {
		if v != v {
			return
		}
		s = append(s, v)
		for i := len(s) - 1; i > 0; {
			p := (i - 1) / 2
			if s[p] <= s[i] {
				break
			}
			s[i], s[p] = s[p], s[i]
			i = p
		}
		*h = s
		return
	}
	if !(v > s[0]) {
		return
	}
	s[0] = v
	for i := 0; ; {
		l := 2*i + 1
		if l >= len(s) {
			break
		}
		m := l
		if r := l + 1; r < len(s) && s[r] < s[l] {
			m = r
		}
		if s[i] <= s[m] {
			break
		}
		s[i], s[m] = s[m], s[i]
		i = m
	}
}

// A topK is the k best rows so far, in a min-heap: the worst on top.
type topK struct {
	x *Index
	k int
	h []entry
}

// worse reports whether a ranks below b: a lower score, or an equal
// score and a smaller id.
func (t *topK) worse(a, b entry) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	return cmp.Less(t.x.IDs.At(a.row), t.x.IDs.At(b.row))
}

// offer keeps e if it is among the k best so far.
func (t *topK) offer(e entry) {
	if len(t.h) < t.k {
		t.h = append(t.h, e)
		up(t.h, len(t.h)-1, t.worse)
		return
	}
	if e.score < t.h[0].score || !t.worse(t.h[0], e) {
		return
	}
	t.h[0] = e
	down(t.h, 0, t.worse)
}

// up moves h[i] up the min-heap h (the worst on top).
func up(h []entry, i int, worse func(a, b entry) bool) {
	for i > 0 {
		p := (i - 1) / 2
		if !worse(h[i], h[p]) {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

// down moves h[i] down the min-heap h.
func down(h []entry, i int, worse func(a, b entry) bool) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && worse(h[r], h[l]) {
			m = r
		}
		if !worse(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// finite reports whether every value of v is finite (no NaN, no ±Inf).
func finite(v []float32) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}

// Normalized appends v scaled to length 1 to dst; all zeros stay zeros.
func Normalized(dst, v []float32) []float32 {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	if ss == 0 {
		for range v {
			dst = append(dst, 0)
		}
		return dst
	}
	inv := 1 / math.Sqrt(ss)
	for _, x := range v {
		dst = append(dst, float32(float64(x)*inv))
	}
	return dst
}
