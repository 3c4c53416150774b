package pairing

import (
	"math"
	"strings"

	"github.com/argsearch/argsearch/nlp"
)

// ArgsRank ranks the sentences of an argument by centrality, as the
// official Touché 2022 baseline (Swordsman) did after Alshomary et al.,
// "Extractive Snippet Generation for Arguments" (SIGIR 2020): PageRank over
// a graph whose edges are sentence similarities, with a teleport vector that
// favours sentences with discourse markers.
//
// With n sentences, S is the n×n matrix of TF-IDF cosine similarities
// (the original used Universal Sentence Encoder embeddings), with inverse
// document frequencies over the argument's own sentences, self-similarity
// included, each row divided by its sum; a sentence with no terms
// (an all-zero row) teleports instead. The teleport vector t gives sentence
// j the weight 1 + (the number of distinct Markers in it) + (1 if it holds
// any of the ClaimMarkers), divided by the total. The transition matrix is
//
//	M = Damping·S + (1−Damping)·1tᵀ
//
// and power iteration p ← Mᵀp from the uniform vector runs until the
// Euclidean change is below Tolerance. p is a stationary distribution: its
// entries are positive and sum to 1. The scores are p min–max normalised to
// [0, 1]; when all entries are equal (one sentence, or identical ones) every
// score is 1.
//
// Markers match whole words, case-insensitively (the original matched
// substrings, so "so" counted in "also").
//
// The zero value is the baseline's configuration. ArgsRank is safe for
// concurrent use.
type ArgsRank struct {
	Damping       float64 // the weight of similarity edges; 0 means 0.85
	Tolerance     float64 // the convergence threshold; 0 means 1e-7
	MaxIterations int     // a bound on power iterations; 0 means 1000
	// Markers are the discourse markers. nil means those of the ArgsRank
	// reference implementation: example, cause, similarity, sequence,
	// emphasis and contrast markers: "for example", "such as", "for
	// instance", "in the case of", "as revealed by", "illustrated by",
	// "because", "so", "therefore", "thus", "consequently", "hence",
	// "similarly", "likewise", "as with", "like", "equally", "in the same
	// way", "first", "second", "third", "finally", "next", "meanwhile",
	// "after", "then", "subsequently", "above all", "in particular",
	// "especially", "significantly", "indeed", "notably", "but", "however",
	// "although", "unless", "except", "apart from", "as long as", "if",
	// "whereas", "instead of", "alternatively", "otherwise", "unlike", "on
	// the other hand", "conversely".
	Markers []string
	// ClaimMarkers are words and phrases that mark a claim. The reference
	// implementation read a claim lexicon from a file it did not publish;
	// nil means a short list of our own: "i believe", "i think", "in my
	// opinion", "in my view", "i argue", "we argue", "i contend", "it is
	// clear", "clearly", "obviously", "evidently", "in conclusion", "to
	// conclude", "should", "must", "ought to", "need to", "proves", "shows
	// that", "suggests that", "demonstrates", "evidence", "argue", "claim".
	ClaimMarkers []string
}

// centrality is ArgsRank's result for one argument.
type centrality struct {
	// Stationary is the stationary distribution: positive, summing to 1.
	Stationary []float64
	// Scores is Stationary min–max normalised to [0, 1].
	Scores []float64
	// Teleport is the teleport vector, summing to 1.
	Teleport []float64
	// Iterations is the number of power iterations run; Converged is false
	// when MaxIterations stopped them first.
	Iterations int
	Converged  bool
}

// discourseMarkers returns the default ArgsRank.Markers (a test checks
// that the documentation lists them).
func discourseMarkers() []string {
	return []string{
		"for example", "such as", "for instance", "in the case of", "as revealed by", "illustrated by",
		"because", "so", "therefore", "thus", "consequently", "hence", "similarly", "likewise",
		"as with", "like", "equally", "in the same way", "first", "second", "third", "finally", "next",
		"meanwhile", "after", "then", "subsequently", "above all", "in particular", "especially",
		"significantly", "indeed", "notably", "but", "however", "although", "unless", "except",
		"apart from", "as long as", "if", "whereas", "instead of", "alternatively", "otherwise",
		"unlike", "on the other hand", "conversely",
	}
}

// claimMarkers returns the default ArgsRank.ClaimMarkers (a test checks
// that the documentation lists them).
func claimMarkers() []string {
	return []string{
		"i believe", "i think", "in my opinion", "in my view", "i argue", "we argue", "i contend",
		"it is clear", "clearly", "obviously", "evidently", "in conclusion", "to conclude",
		"should", "must", "ought to", "need to", "proves", "shows that", "suggests that",
		"demonstrates", "evidence", "argue", "claim",
	}
}

// rank computes the centrality of texts, the sentences of one argument in
// reading order. It returns empty slices for no texts.
func (r ArgsRank) rank(texts []string) centrality {
	n := len(texts)
	if n == 0 {
		return centrality{Converged: true}
	}
	damping := r.Damping
	if damping == 0 {
		damping = 0.85
	}
	tol := r.Tolerance
	if tol == 0 {
		tol = 1e-7
	}
	maxIter := r.MaxIterations
	if maxIter == 0 {
		maxIter = 1000
	}
	idf := &idfTable{}
	for _, t := range texts {
		idf.add(t)
	}
	vecs := make([]termVector, n)
	in := interner{}
	for i, t := range texts {
		vecs[i] = idf.vector(t, in)
	}
	tele := r.teleport(texts)

	// The cosine matrix is symmetric: compute each pair once.
	cos := make([][]float64, n)
	for i := range n {
		cos[i] = make([]float64, n)
		for j := 0; j <= i; j++ {
			c := cosine(vecs[i], vecs[j])
			cos[i][j], cos[j][i] = c, c
		}
	}
	// Row-normalise; an all-zero row (a sentence without terms) becomes the
	// teleport vector, so every row of M sums to 1.
	for _, row := range cos {
		var sum float64
		for _, c := range row {
			sum += c
		}
		if sum > 0 {
			for j := range row {
				row[j] /= sum
			}
		} else {
			copy(row, tele)
		}
	}
	c := centrality{Teleport: tele}
	p := make([]float64, n)
	next := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	for c.Iterations < maxIter {
		c.Iterations++
		// next = Mᵀp = damping·Sᵀp + (1−damping)·t·Σp, with Σp = 1.
		for j := range next {
			next[j] = (1 - damping) * tele[j]
		}
		for i, row := range cos {
			pi := damping * p[i]
			for j, s := range row {
				next[j] += pi * s
			}
		}
		var diff float64
		for j := range next {
			d := next[j] - p[j]
			diff += d * d
		}
		p, next = next, p
		if math.Sqrt(diff) < tol {
			c.Converged = true
			break
		}
	}
	c.Stationary = p
	c.Scores = minMax(p)
	return c
}

// minMax scales xs to [0, 1]; all ones when they are all equal.
func minMax(xs []float64) []float64 {
	out := make([]float64, len(xs))
	if len(xs) == 0 {
		return out
	}
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	for i, x := range xs {
		if hi > lo {
			out[i] = (x - lo) / (hi - lo)
		} else {
			out[i] = 1
		}
	}
	return out
}

func (r ArgsRank) teleport(texts []string) []float64 {
	markers, claims := r.Markers, r.ClaimMarkers
	if markers == nil {
		markers = discourseMarkers()
	}
	if claims == nil {
		claims = claimMarkers()
	}
	markers, claims = paddedPhrases(markers), paddedPhrases(claims)
	t := make([]float64, len(texts))
	var sum float64
	for i, text := range texts {
		padded := " " + strings.Join(nlp.Words(nil, text), " ") + " "
		v := 1.0
		for _, m := range markers {
			if strings.Contains(padded, m) {
				v++
			}
		}
		for _, m := range claims {
			if strings.Contains(padded, m) {
				v++
				break
			}
		}
		t[i] = v
		sum += v
	}
	for i := range t {
		t[i] /= sum
	}
	return t
}

// paddedPhrases returns the non-empty phrases lower-cased, with single
// spaces between words and one space on either side, ready to match whole
// words in a padded text (" w1 w2 … ").
func paddedPhrases(phrases []string) []string {
	out := make([]string, 0, len(phrases))
	for _, p := range phrases {
		if w := nlp.Words(nil, p); len(w) > 0 {
			out = append(out, " "+strings.Join(w, " ")+" ")
		}
	}
	return out
}
