package eval

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/runfile"
)

// Judged tells how far judgments q can score a run at cutoff k. share is
// the share of the run's top k documents that q judges (any label, spam
// included), averaged over the topics Evaluate would score with opt: the
// judged topics the run answers, or with opt.Complete every judged topic,
// a topic the run misses counting 0; a topic with fewer than k documents
// is divided by k all the same, as P@k is.
//
// ranks holds, for each of those topics (in the order of
// Evaluation.Topics), the ranks in the run's own ranking (from 1) of the
// documents that judged-only nDCG@k (Options.JudgedOnly, trec_eval -J)
// scores: the first k documents with a label of 0 or more, unjudged and
// negatively labelled ones skipped, after opt.MaxRetrieved cuts the
// ranking, as for Evaluate. Their mean tells how deep into the run a
// judged-only figure reaches: a run whose top k is judged gives ranks
// 1…k; one whose top k is mostly unjudged gives ranks far below k, and its
// judged-only figure then measures those ranks, not its top k. A topic the
// run misses (with opt.Complete) has no ranks.
//
// Documents are ranked by opt.ByRank; with opt.Pairs the run is mapped
// onto arguments first. opt.Measures and opt.JudgedOnly do not apply. A run
// whose share is 0 cannot be scored by these judgments: its document ids
// are of another kind (sentence pairs against argument judgments, see
// Options.Pairs) or of another corpus. Judged returns ErrNoTopics when no
// topic would be scored, and the errors of Evaluate for duplicate
// documents and NaN scores.
func Judged(q *Qrels, run runfile.Run, k int, opt Options) (share float64, ranks [][]int, err error) {
	if q == nil {
		return 0, nil, errNilQrels
	}
	if k <= 0 {
		return 0, nil, fmt.Errorf("%w: judged share at %d", errUnknownMeasure, k)
	}
	run, err = opt.mapped(run, q)
	if err != nil {
		return 0, nil, err
	}
	var w workspace
	sum := 0.0
	for _, topic := range q.order {
		lines, ok := run[topic]
		if !ok && !opt.Complete {
			continue
		}
		if err := w.rank(lines, opt.order()); err != nil {
			return 0, nil, fmt.Errorf("eval: topic %s: %w", quote.Q(topic), err)
		}
		labels := q.topics[topic].labels
		judged := 0
		for _, l := range w.ranked[:min(k, len(w.ranked))] {
			if _, ok := labels[l.doc]; ok {
				judged++
			}
		}
		sum += float64(judged) / float64(k)
		ranked := w.ranked
		if opt.MaxRetrieved > 0 && len(ranked) > opt.MaxRetrieved {
			ranked = ranked[:opt.MaxRetrieved]
		}
		r := []int{}
		for i, l := range ranked {
			if len(r) == k {
				break
			}
			if label, ok := labels[l.doc]; ok && label >= 0 {
				r = append(r, i+1)
			}
		}
		ranks = append(ranks, r)
	}
	if len(ranks) == 0 {
		return 0, nil, ErrNoTopics
	}
	return sum / float64(len(ranks)), ranks, nil
}
