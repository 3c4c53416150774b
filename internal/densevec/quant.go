package densevec

// This file: a coarse copy of the vectors, 8-bit, with which a search
// passes over most rows without their float32 dot products: a bound on
// each row's score, from the coarse copy, says whether the row can reach
// the k best at all. Only the rows it cannot rule out are scored as
// before, in float32, so that the hits and their scores are those of
// comparing every row.

import (
	"math"
	"slices"
)

// maxQuant is the largest value of a row's 8-bit copy, and of the query's
// 16-bit one: 127·16383·1024 < 2³¹, so that a dot product of up to 1024
// dimensions fits in an int32.
const (
	maxQuant      = 127
	maxQueryQuant = 16383
	maxQuantDims  = 1024
)

// slack is added to each bound: more than the rounding error of a row's
// float32 score (at most dimensions·2⁻²⁴ for vectors of length 1), and of
// the bound's own float64 arithmetic.
const slack = 1e-4

// A Quant is the 8-bit copy of an index's rows, less their Mean: row i is
// Codes[i·Stride:] (Stride a multiple of 16, the codes past the
// dimensions zero), its vector about Mean + Scale[i]·codes; L1[i] is at
// least the sum of the absolute values of the row less Mean. The mean
// takes out what the vectors share (averaged word vectors share much),
// so that the codes' scale, and the bound's slack, are smaller.
type Quant struct {
	Stride int
	Mean   []float32
	Codes  []int8
	Scale  []float32
	L1     []float32
}

// NewQuant returns the 8-bit copy of the rows of vecs, of dim dimensions
// each; one with Stride 0 when there can be none.
func NewQuant(vecs []float32, dim int) Quant {
	q := Quant{Stride: Stride(dim)}
	if q.Stride == 0 || len(vecs) == 0 || !finite(vecs) {
		// Without NaN and infinities, bounds are numbers; with any, every
		// row is scored.
		return Quant{}
	}
	n := len(vecs) / dim
	sum := make([]float64, dim)
	for i := range n {
		for j, v := range vecs[i*dim : (i+1)*dim] {
			sum[j] += float64(v)
		}
	}
	q.Mean = make([]float32, dim)
	for j, s := range sum {
		q.Mean[j] = float32(s / float64(n))
	}
	q.Codes = make([]int8, 0, n*q.Stride)
	q.Scale = make([]float32, 0, n)
	q.L1 = make([]float32, 0, n)
	for i := range n {
		q.quantize(vecs[i*dim : (i+1)*dim])
	}
	return q
}

// Stride returns the 8-bit row length for dim dimensions, 0 when the
// coarse copy cannot hold them.
func Stride(dim int) int {
	if dim <= 0 || dim > maxQuantDims {
		return 0
	}
	return (dim + 15) &^ 15
}

// quantize appends the 8-bit copy of v to q. The difference of two
// float32 values is exact in float64.
func (q *Quant) quantize(v []float32) {
	var maxAbs, l1 float64
	for j, x := range v {
		a := math.Abs(float64(x) - float64(q.Mean[j]))
		maxAbs = max(maxAbs, a)
		l1 += a
	}
	scale := float32(maxAbs / maxQuant)
	codes := make([]int8, q.Stride)
	if scale > 0 {
		for j, x := range v {
			c := math.Round((float64(x) - float64(q.Mean[j])) / float64(scale))
			codes[j] = int8(max(-maxQuant, min(maxQuant, c)))
		}
	}
	q.Codes = append(q.Codes, codes...)
	q.Scale = append(q.Scale, scale)
	// Rounded up: L1 bounds the sum from above.
	q.L1 = append(q.L1, math.Nextafter32(float32(l1), float32(math.Inf(1))))
}

// Holds reports whether row i of q is the 8-bit copy of v.
func (q *Quant) Holds(i int, v []float32) bool {
	w := Quant{Stride: q.Stride, Mean: q.Mean}
	w.quantize(v)
	return slices.Equal(w.Codes, q.Codes[i*q.Stride:(i+1)*q.Stride]) &&
		math.Float32bits(w.Scale[0]) == math.Float32bits(q.Scale[i]) && math.Float32bits(w.L1[0]) == math.Float32bits(q.L1[i])
}

// A bounder bounds the scores of rows against one query vector.
type bounder struct {
	codes []int16 // the query's 16-bit copy, Stride long
	scale float64 // the query is about scale·codes
	// d is scale·Σ|codes|: the query copy's L1 norm.
	d float64
	// mean is the query's dot product with the rows' mean, in float64:
	// each product exact, the sum's rounding far below slack.
	mean float64
}

// newBounder makes the bounder of qv for rows of a Quant of stride and
// mean.
func newBounder(qv []float32, stride int, mean []float32) bounder {
	var maxAbs float64
	for _, x := range qv {
		maxAbs = max(maxAbs, math.Abs(float64(x)))
	}
	b := bounder{codes: make([]int16, stride), scale: maxAbs / maxQueryQuant}
	for j, m := range mean {
		b.mean += float64(m) * float64(qv[j])
	}
	if b.scale == 0 {
		return b
	}
	var sum int64
	for j, x := range qv {
		c := int16(max(-maxQueryQuant, min(maxQueryQuant, math.Round(float64(x)/b.scale))))
		b.codes[j] = c
		sum += int64(max(c, -c))
	}
	b.d = b.scale * float64(sum)
	return b
}

// bound returns a number at least the float32 score of a row whose 8-bit
// dot product with the query's copy is dot. With the row v = m + r, r =
// s·c + e (|e| ≤ s/2 a value) and the query q = t·d + f (|f| ≤ t/2):
//
//	v·q = m·q + s·t·(c·d) + t·(e·d) + r·f
//	    ≤ m·q + s·t·(c·d) + (s/2)·t·Σ|d| + (t/2)·Σ|r|
func (b bounder) bound(dot int32, scale, l1 float32) float64 {
	s := float64(scale)
	return b.mean + s*b.scale*float64(dot) + s/2*b.d + b.scale/2*float64(l1) + slack
}

// lower returns a number at most the float32 score of a row whose 8-bit
// dot product with the query's copy is dot: bound's, the other way.
func (b bounder) lower(dot int32, scale, l1 float32) float64 {
	s := float64(scale)
	return b.mean + s*b.scale*float64(dot) - s/2*b.d - b.scale/2*float64(l1) - slack
}

// dotsGo is dots in Go, for any platform.
func dotsGo(q []int16, rows []int8, out []int32) {
	n := len(q)
	for i := range out {
		r := rows[i*n : (i+1)*n]
		var s int32
		for j, c := range r {
			s += int32(c) * int32(q[j])
		}
		out[i] = s
	}
}
