package pairing

import (
	"iter"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
)

// A Pair is two sentences that are read together, First then Second. Touché
// 2022 ranks pairs; their id in run files is ID().
type Pair struct {
	First, Second corpus.Sentence
}

// ID returns the pair's id in run files and qrels, "first,second"
// (docid.Pair). Order matters: the judgments match ids exactly.
func (p Pair) ID() string { return docid.Pair(p.First.ID, p.Second.ID) }

// inReadingOrder returns the pair of a and b, two sentences of one
// argument, in reading order (premises by number, then the conclusion).
// Sentences whose ids are not sentence ids keep the order given.
func inReadingOrder(a, b corpus.Sentence) Pair {
	if docid.Swapped(a.ID, b.ID) {
		return Pair{First: b, Second: a}
	}
	return Pair{First: a, Second: b}
}

// adjacent yields the pairs of consecutive sentences of a, in reading
// order: (s1, s2), (s2, s3), …. An argument with fewer than two sentences
// yields nothing.
func adjacent(a corpus.Argument) iter.Seq[Pair] {
	return func(yield func(Pair) bool) {
		for i := 1; i < len(a.Sentences); i++ {
			if !yield(Pair{First: a.Sentences[i-1], Second: a.Sentences[i]}) {
				return
			}
		}
	}
}

// Argument computes the centrality of the sentences of a, as ArgsRank
// describes: the stationary distribution min–max normalised to [0, 1],
// the score at i belonging to a.Sentences[i]. It returns an empty slice
// for an argument without sentences.
func (r ArgsRank) Argument(a corpus.Argument) []float64 {
	texts := make([]string, len(a.Sentences))
	for i, s := range a.Sentences {
		texts[i] = s.Text
	}
	return r.rank(texts).Scores
}
