// Package semantic holds what the library's text models share: an Encoder
// turns texts into vectors, and Cosine compares two of them.
//
// The models themselves live in sub-packages, each embedding its weights, so
// that only a program that imports one compiles its weights in:
//
//	use     Universal Sentence Encoder lite (Google; Apache-2.0): 512-d sentence vectors
//	glove   GloVe 6B 100-d word vectors (Stanford; PDDL): words, averaged sentences, nearest words
//
// corpus, runfile, eval and the lexical index import none of them.
package semantic

import (
	"context"
	"fmt"
	"math"
)

// An Encoder turns texts into vectors: one per text, in order, all of the
// same length. Encoders are safe for concurrent use. A text the encoder
// cannot read (invalid UTF-8) is an error, not a vector; a cancelled ctx
// gives an error wrapping ctx.Err().
type Encoder interface {
	Encode(ctx context.Context, texts []string) ([][]float32, error)
}

// Cosine returns the cosine similarity of a and b, in [-1, 1]; 0 when either
// is all zeros or their lengths differ.
func Cosine(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	var dot, na, nb float64
	for i, x := range a {
		y := b[i]
		dot += float64(x) * float64(y)
		na += float64(x) * float64(x)
		nb += float64(y) * float64(y)
	}
	if na == 0 || nb == 0 {
		return 0
	}
	c := dot / math.Sqrt(na*nb)
	return max(-1, min(1, c))
}

// The encoders the library ships, by name, for a step's Encoder field
// (pairing.Mix, pairing.Builder, pairing.Similar, a dense stage of a
// system.Pipeline): the environment the step runs in loads the named one
// once and gives it to the step (pairing.Env.Encoder), and a nil Encoder
// means USE. Their own Encode is an error, as the weights live in the
// sub-packages: outside a system, load one (use.Load, glove.Load).
const (
	// USE is the Universal Sentence Encoder lite (package use).
	USE shipped = "use"
	// GloVe is the GloVe word vectors averaged over a text's words
	// (package glove), much faster than USE.
	GloVe shipped = "glove"
)

// shipped names an encoder the library ships (USE, GloVe).
type shipped string

// Encode implements Encoder: an error, as the environment of a system
// loads the encoder named s in its place.
func (s shipped) Encode(context.Context, []string) ([][]float32, error) {
	return nil, fmt.Errorf("semantic: the shipped encoder %q is loaded by the environment a step runs in (system.Env); outside a system, load it (use.Load, glove.Load)", string(s))
}

// String returns the encoder's name.
func (s shipped) String() string { return string(s) }
