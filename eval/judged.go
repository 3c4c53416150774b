package eval

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/runfile"
)

// Judged returns the share of a run's top k documents that the judgments
// judge (any label, spam included), averaged over the topics Evaluate
// would score with opt: the judged topics the run answers, or with
// opt.Complete every judged topic, a topic the run misses counting 0.
// Documents are ranked by opt.ByRank; a topic with fewer than k
// documents is divided by k all the same, as P@k is. With opt.Pairs the
// run is mapped onto arguments first. opt.Measures and opt.JudgedOnly do
// not apply.
//
// A run whose share is 0 cannot be scored by these judgments: its document
// ids are of another kind (sentence pairs against argument judgments, see
// Options.Pairs) or of another corpus. It returns ErrNoTopics when no topic
// would be scored, and the errors of Evaluate for duplicate documents and
// NaN scores.
func Judged(q *Qrels, run runfile.Run, k int, opt Options) (float64, error) {
	if q == nil {
		return 0, errNilQrels
	}
	if k <= 0 {
		return 0, fmt.Errorf("%w: judged share at %d", errUnknownMeasure, k)
	}
	run, err := opt.mapped(run, q)
	if err != nil {
		return 0, err
	}
	var w workspace
	sum, topics := 0.0, 0
	for _, topic := range q.order {
		lines, ok := run[topic]
		if !ok && !opt.Complete {
			continue
		}
		if err := w.rank(lines, opt.order()); err != nil {
			return 0, fmt.Errorf("eval: topic %s: %w", quote.Q(topic), err)
		}
		judged := 0
		for _, l := range w.ranked[:min(k, len(w.ranked))] {
			if _, ok := q.topics[topic].labels[l.doc]; ok {
				judged++
			}
		}
		sum += float64(judged) / float64(k)
		topics++
	}
	if topics == 0 {
		return 0, ErrNoTopics
	}
	return sum / float64(topics), nil
}

// JudgedRanks returns, for every topic Judged and Evaluate would score
// with opt (in the order of Evaluation.Topics), the ranks in the run's own
// ranking (from 1, as opt.ByRank orders it; after opt.Pairs maps it) of
// the documents that judged-only nDCG@k (Options.JudgedOnly, trec_eval -J)
// scores: the first k documents with a label of 0 or more, unjudged and
// negatively labelled ones skipped. Their mean tells how deep into the run
// a judged-only figure reaches. A run whose top k is judged gives ranks
// 1…k; one whose top k is mostly unjudged gives ranks far below k, and its
// judged-only figure then measures those ranks, not its top k. A topic the
// run misses (with opt.Complete) has no ranks. opt.MaxRetrieved cuts each
// ranking first, as for Evaluate; opt.Measures and opt.JudgedOnly do not
// apply. The errors are those of Judged.
func JudgedRanks(q *Qrels, run runfile.Run, k int, opt Options) ([][]int, error) {
	if q == nil {
		return nil, errNilQrels
	}
	if k <= 0 {
		return nil, fmt.Errorf("%w: judged ranks at %d", errUnknownMeasure, k)
	}
	run, err := opt.mapped(run, q)
	if err != nil {
		return nil, err
	}
	var w workspace
	var out [][]int
	for _, topic := range q.order {
		lines, ok := run[topic]
		if !ok && !opt.Complete {
			continue
		}
		if err := w.rank(lines, opt.order()); err != nil {
			return nil, fmt.Errorf("eval: topic %s: %w", quote.Q(topic), err)
		}
		ranked := w.ranked
		if opt.MaxRetrieved > 0 && len(ranked) > opt.MaxRetrieved {
			ranked = ranked[:opt.MaxRetrieved]
		}
		ranks := []int{}
		for i, l := range ranked {
			if len(ranks) == k {
				break
			}
			if label, ok := q.topics[topic].labels[l.doc]; ok && label >= 0 {
				ranks = append(ranks, i+1)
			}
		}
		out = append(out, ranks)
	}
	if len(out) == 0 {
		return nil, ErrNoTopics
	}
	return out, nil
}
