package pairing

import (
	"math"
	"slices"

	"github.com/argsearch/argsearch/nlp"
)

// An idfTable collects document frequencies of terms and weighs terms by
// inverse document frequency, for the TF-IDF cosine similarity that
// ArgsRank and Coherence use. Each added text is one document.
//
// Terms are those of nlp.Terms: lower-cased runs of letters and digits
// without English function words and one-letter words, with a plural
// ending stripped.
//
// The zero value is an empty collection, ready to use; so is a nil
// *idfTable, in which every term weighs 1. An idfTable is not safe for
// concurrent use while texts are added; once filled, reading it is.
type idfTable struct {
	docs int
	df   map[string]int
}

// add counts the distinct terms of text as one document.
func (x *idfTable) add(text string) {
	if x.df == nil {
		x.df = map[string]int{}
	}
	x.docs++
	ts := nlp.Terms(nil, text)
	slices.Sort(ts)
	for i, t := range ts {
		if i == 0 || ts[i-1] != t {
			x.df[t]++
		}
	}
}

// weight returns the smoothed inverse document frequency of term,
// ln((1+N)/(1+df)) + 1, as scikit-learn computes it: positive for every
// term, 1 for a term in every document and largest for unseen terms.
func (x *idfTable) weight(term string) float64 {
	var docs, df int
	if x != nil {
		docs, df = x.docs, x.df[term]
	}
	return math.Log(float64(1+docs)/float64(1+df)) + 1
}

// A termVector is a sparse TF-IDF vector: term numbers (from an interner)
// in increasing order, with weights, and its Euclidean norm.
type termVector struct {
	ids     []int32
	weights []float64
	norm    float64
}

// An interner numbers terms, so that vectors compare integers. Vectors are
// comparable only when built with the same interner.
type interner map[string]int32

func (in interner) id(t string) int32 {
	if id, ok := in[t]; ok {
		return id
	}
	id := int32(len(in))
	in[t] = id
	return id
}

// vector returns the TF-IDF vector of text, numbering terms with in.
func (x *idfTable) vector(text string, in interner) termVector {
	ts := nlp.Terms(nil, text)
	slices.Sort(ts)
	var v termVector
	for i := 0; i < len(ts); {
		j := i + 1
		for j < len(ts) && ts[j] == ts[i] {
			j++
		}
		w := float64(j-i) * x.weight(ts[i])
		v.ids = append(v.ids, in.id(ts[i]))
		v.weights = append(v.weights, w)
		v.norm += w * w
		i = j
	}
	v.norm = math.Sqrt(v.norm)
	// Order by term number; the weights move along.
	idx := make([]int, len(v.ids))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return int(v.ids[a] - v.ids[b]) })
	ids := make([]int32, len(idx))
	ws := make([]float64, len(idx))
	for k, i := range idx {
		ids[k], ws[k] = v.ids[i], v.weights[i]
	}
	v.ids, v.weights = ids, ws
	return v
}

// cosine returns the cosine similarity of two vectors, 0 when either is
// empty.
func cosine(a, b termVector) float64 {
	if a.norm == 0 || b.norm == 0 {
		return 0
	}
	var dot float64
	for i, j := 0, 0; i < len(a.ids) && j < len(b.ids); {
		switch x, y := a.ids[i], b.ids[j]; {
		case x < y:
			i++
		case x > y:
			j++
		default:
			dot += a.weights[i] * b.weights[j]
			i++
			j++
		}
	}
	return min(1, dot/(a.norm*b.norm))
}
