package pairing

import (
	"cmp"
	"iter"
	"math"
	"slices"

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

// InReadingOrder returns the pair of a and b, two sentences of one
// argument, in reading order (docid.Sentence.Position: premises by number,
// then the conclusion). Sentences whose ids are not sentence ids keep the
// order given.
func InReadingOrder(a, b corpus.Sentence) Pair {
	sa, errA := docid.ParseSentence(a.ID)
	sb, errB := docid.ParseSentence(b.ID)
	if errA == nil && errB == nil && sb.Position() < sa.Position() {
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

// TopTwo returns the two sentences of a with the highest scores (scores[i]
// belongs to a.Sentences[i]), in reading order: the Swordsman baseline's
// pair when the scores are ArgsRank centralities. Equal scores go to the
// earlier sentence; NaN scores rank last. ok is false when a has fewer than
// two sentences or len(scores) != len(a.Sentences).
func TopTwo(a corpus.Argument, scores []float64) (p Pair, ok bool) {
	if len(a.Sentences) < 2 || len(scores) != len(a.Sentences) {
		return Pair{}, false
	}
	order := bestFirst(scores)
	i, j := min(order[0], order[1]), max(order[0], order[1])
	return Pair{First: a.Sentences[i], Second: a.Sentences[j]}, true
}

// ConclusionPremise returns the argument's conclusion sentence with its
// best premise sentence (the highest score; equal scores go to the earlier
// sentence), in reading order: the premise first, as the corpus lists
// premises before the conclusion. ok is false when a.Sentences holds no
// conclusion sentence (conclusions under two words are not sentences) or no
// premise sentence, or when len(scores) != len(a.Sentences).
func ConclusionPremise(a corpus.Argument, scores []float64) (p Pair, ok bool) {
	if len(scores) != len(a.Sentences) {
		return Pair{}, false
	}
	conc, best := -1, -1
	for i, s := range a.Sentences {
		sid, err := docid.ParseSentence(s.ID)
		if err != nil {
			continue
		}
		if sid.Kind == docid.Conclusion {
			if conc < 0 {
				conc = i
			}
			continue
		}
		if best < 0 || better(scores[i], scores[best]) {
			best = i
		}
	}
	if conc < 0 || best < 0 {
		return Pair{}, false
	}
	return InReadingOrder(a.Sentences[best], a.Sentences[conc]), true
}

// better reports whether x ranks above y: larger, and any number above NaN.
func better(x, y float64) bool {
	if math.IsNaN(y) {
		return !math.IsNaN(x)
	}
	return x > y
}

// bestFirst returns the indexes of scores, highest score first, equal
// scores by index, NaN last.
func bestFirst(scores []float64) []int {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		x, y := scores[i], scores[j]
		switch {
		case better(x, y):
			return -1
		case better(y, x):
			return 1
		}
		return cmp.Compare(i, j)
	})
	return order
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
