package pairing

import (
	"fmt"
	"math"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
)

// Complete appends to pairs, until there are k, the pairs of consecutive
// sentences of the arguments of hits, argument by argument in
// the order they first appear in hits (best first), each in reading order,
// and returns the extended slice. A pair already listed is not repeated.
//
// Coherence rejects most pairs of sentences from different arguments, so a
// pool of candidates rarely yields the k pairs a run needs; consecutive
// sentences of a relevant argument are coherent by construction. The added
// pairs rank below every pair given: each scores a little less than the one
// before it (by the next float64 below it, and 1e-9 more), so their order is
// the arguments' order, then the reading order. Each takes its argument's
// args.me stance towards topic, with its confidence (corpus.Store.Stance;
// Unknown where the labels do not reveal it), and has SameArgument set.
//
// hits are sentences of store (the candidates' hits, then the hits not
// looked at, say); one the store does not hold is an error.
func Complete(pairs []Scored, store *corpus.Store, hits []retrieval.Hit, topic string, k int) ([]Scored, error) {
	if len(pairs) >= k {
		return pairs, nil
	}
	have := make(map[string]bool, k)
	score := 0.0
	for _, p := range pairs {
		have[p.ID()] = true
		score = p.Score
	}
	done := map[string]bool{}
	for _, h := range hits {
		argID, ok := store.ArgumentOf(h.ID)
		if !ok {
			return nil, fmt.Errorf("pairing: hit %s: no such sentence: %w", quote.Q(h.ID), corpus.ErrNotInStore)
		}
		if done[argID] {
			continue
		}
		done[argID] = true
		a, _ := store.Argument(argID)
		st, conf := store.Stance(topic, h.ID)
		for p := range adjacent(a) {
			if have[p.ID()] {
				continue
			}
			have[p.ID()] = true
			score = math.Nextafter(score, math.Inf(-1)) - 1e-9
			pairs = append(pairs, Scored{Pair: p, Score: score, Raw: score, Stance: st, StanceConfidence: conf, SameArgument: true})
			if len(pairs) == k {
				return pairs, nil
			}
		}
	}
	return pairs, nil
}
