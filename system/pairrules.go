package system

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/stance"
)

// The pairs the recipes make without a pairing.Pairer: one pair per
// argument (Swordsman, Baseline), and pairs retrieved whole.

// topTwo returns the two sentences of a with the highest scores (scores[i]
// belongs to a.Sentences[i]), in reading order: the Swordsman baseline's
// pair when the scores are ArgsRank centralities. Equal scores go to the
// earlier sentence; NaN scores rank last. ok is false when a has fewer than
// two sentences or len(scores) != len(a.Sentences).
func topTwo(a corpus.Argument, scores []float64) (p pairing.Pair, ok bool) {
	if len(a.Sentences) < 2 || len(scores) != len(a.Sentences) {
		return pairing.Pair{}, false
	}
	order := bestFirst(scores)
	i, j := min(order[0], order[1]), max(order[0], order[1])
	return pairing.Pair{First: a.Sentences[i], Second: a.Sentences[j]}, true
}

// conclusionPremise returns the argument's conclusion sentence with its
// best premise sentence (the highest score; equal scores go to the earlier
// sentence), in reading order: the premise first, as the corpus lists
// premises before the conclusion. The sentences are told apart by their
// ids (corpus.Argument: <ID>__PREMISE__n and <ID>__CONC__1); others are
// skipped. ok is false when a.Sentences holds no conclusion sentence
// (conclusions under two words are not sentences) or no premise sentence,
// or when len(scores) != len(a.Sentences).
func conclusionPremise(a corpus.Argument, scores []float64) (p pairing.Pair, ok bool) {
	if len(scores) != len(a.Sentences) {
		return pairing.Pair{}, false
	}
	conclusion, premise := a.ID+"__CONC__1", a.ID+"__PREMISE__"
	conc, best := -1, -1
	for i, s := range a.Sentences {
		switch {
		case s.ID == conclusion:
			if conc < 0 {
				conc = i
			}
		case strings.HasPrefix(s.ID, premise):
			if best < 0 || better(scores[i], scores[best]) {
				best = i
			}
		}
	}
	if conc < 0 || best < 0 {
		return pairing.Pair{}, false
	}
	return pairing.Pair{First: a.Sentences[best], Second: a.Sentences[conc]}, true
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

// retrievedPairs returns hits of pairs (ids "first,second", as a retriever
// over the pair unit gives them) as scored pairs, in order, with the hits'
// scores and no stance. A hit that names no pair, or a sentence the store
// does not hold, is an error.
func retrievedPairs(store *corpus.Store, hits []retrieval.Hit) ([]pairing.Scored, error) {
	pairs := make([]pairing.Scored, 0, len(hits))
	for _, h := range hits {
		first, second, ok := strings.Cut(h.ID, ",")
		if !ok || first == "" || second == "" || strings.Contains(second, ",") {
			return nil, fmt.Errorf("system: hit %.100q is no pair: want two sentence ids joined by one comma", h.ID)
		}
		var p pairing.Scored
		var ok1, ok2 bool
		p.First, ok1 = store.Sentence(first)
		p.Second, ok2 = store.Sentence(second)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("system: hit %.100q: no such sentence in the store", h.ID)
		}
		p.Score, p.Raw, p.Stance = h.Score, h.Score, stance.Unknown
		pairs = append(pairs, p)
	}
	return pairs, nil
}
