package system

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// Baseline is the simplest honest Touché 2022 system: BM25 (k1 1.2, b
// 0.75) over the sentences of the Env's index, and for every argument a
// retrieved sentence belongs to, one pair: its best-scoring premise
// sentence, then its conclusion (conclusionPremise), scored by the
// argument's best sentence and ranked in that order. Its stance is the
// argument's args.me label towards the topic (corpus.Store.Stance), "Q0"
// where the labels do not reveal one: a stance.Rule without a model.
// Retrieval goes deeper until the Env's K arguments are found or every
// sentence is retrieved. An argument whose conclusion is not a sentence
// (under two words), or that has no premise sentence, gives no pair.
type Baseline struct{}

// Answer implements System.
func (b Baseline) Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
	if err := checkEnv(env); err != nil {
		return nil, err
	}
	k := env.K
	bm25, err := env.index(ctx, lexical.Ranking{Unit: "sentence"})
	if err != nil {
		return nil, err
	}
	q := retrieval.TopicQuery(t)
	rule := labelsRule(env.Store)
	total := bm25.Docs("sentence")
	for depth := min(10*k, total); ; depth = min(4*depth, total) {
		hits, err := bm25.Retrieve(ctx, q, depth)
		if err != nil {
			return nil, err
		}
		pairs, err := conclusionPremisePairs(env.Store, hits, k)
		if err != nil {
			return nil, err
		}
		if len(pairs) >= k || len(hits) < depth || depth == total {
			return stanceResults(rule, q.Text, pairs), nil
		}
	}
}

// conclusionPremisePairs turns sentence hits (best first) into at most k
// pairs, one per argument, in the order of the arguments' best sentences,
// each scored by its argument's best sentence and stanced by its args.me
// labels.
func conclusionPremisePairs(store *corpus.Store, hits []retrieval.Hit, k int) ([]pairing.Scored, error) {
	score := make(map[string]float64, len(hits)) // sentence id → score
	var order []string                           // arguments by their best sentence
	best := map[string]float64{}
	for _, h := range hits {
		argID, ok := store.ArgumentOf(h.ID)
		if !ok {
			return nil, fmt.Errorf("system: hit %.100q: no such sentence in the corpus", h.ID)
		}
		score[h.ID] = h.Score
		if _, seen := best[argID]; !seen {
			best[argID] = h.Score
			order = append(order, argID)
		}
	}
	var pairs []pairing.Scored
	for _, id := range order {
		a, _ := store.Argument(id)
		scores := make([]float64, len(a.Sentences))
		for i, s := range a.Sentences {
			scores[i] = score[s.ID]
		}
		p, ok := conclusionPremise(a, scores)
		if !ok {
			continue
		}
		pairs = append(pairs, pairing.Scored{Pair: p, Score: best[id], Raw: best[id], SameArgument: true})
		if len(pairs) == k {
			break
		}
	}
	return pairs, nil
}
