package system

import (
	"cmp"
	"context"
	"fmt"

	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
)

// A Pipeline is a Touché 2022 system as a list of steps, each a value of
// the package that holds its kind, run in this order for every topic:
//
//  1. Rewrite: the topic's query (its title) rewritten by each rewriter
//     in turn (package retrieval/rewrite).
//  2. Retrieve: sentences (or pairs) retrieved by the stages of a
//     Retrieval, fused.
//  3. Filters: the sentences worth pairing, checked in order by the
//     filters (package filter); the first Pool kept are the candidates.
//  4. Each candidate's stance, by the Stance step (package stance).
//  5. Rerank: the candidates re-ordered by each reranker in turn (package
//     pairing).
//  6. Pair: the candidates paired (a pairing.Pairer), then the list filled
//     up to the Env's K pairs with consecutive sentences of the retrieved
//     arguments (pairing.Complete), ranked below the pairs made.
//  7. Each pair's side, by the Stance step.
//
// When the retrieval's stages retrieve pairs (Retrieval's pair unit), the
// pairs retrieved are taken as they are: steps 3 to 6 do not apply, and a
// Pipeline that has them is an error.
//
// A step takes what it lacks from the Env the Pipeline runs on: a step with
// a method Bind (see filter.Env, pairing.Env, rewrite.Env, stance.Env) gets
// the Env's models, corpus and encoders for those it leaves nil, for every
// topic. A step of one's own plugs in as the library's do, without a change
// to this package.
//
// Advanced returns the library's strongest Pipeline, and Recipes the
// published Touché 2022 systems written as Pipelines; change their steps
// for a variant. A Pipeline is used by value and is safe for concurrent use
// when its steps are (the library's are).
type Pipeline struct {
	// Rewrite rewrites the query before retrieval, each rewriter the query
	// the one before gave; nil rewrites nothing.
	Rewrite []rewrite.Rewriter
	// Retrieve retrieves the sentences (or pairs).
	Retrieve Retrieval
	// Filters check the retrieved sentences, in order (filter.Chain); nil
	// keeps every one.
	Filters []filter.Filter
	// Pool is the number of sentences kept by the filters that become the
	// candidates; 0 means 100.
	Pool int
	// Rerank re-order the candidates, in order; nil keeps the order of
	// retrieval.
	Rerank []pairing.Reranker
	// Pair pairs the candidates; nil means pairing.Builder{} (its default
	// weights).
	Pair pairing.Pairer
	// Stance decides the candidates' stances and the pairs' sides; nil
	// means stance.Rule{}: the args.me labels, then the shipped stance
	// model, PRO or CON for every pair.
	Stance stance.Decider
}

// defaultPool is Pipeline.Pool's default.
const defaultPool = 100

// Answer implements System.
func (p Pipeline) Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
	if err := checkCtx(ctx, "Pipeline.Answer"); err != nil {
		return nil, err
	}
	if err := p.check(ctx, env); err != nil {
		return nil, err
	}
	steps, err := p.bind(env)
	if err != nil {
		return nil, err
	}
	r, err := p.Retrieve.ready(ctx, env)
	if err != nil {
		return nil, err
	}
	q := retrieval.TopicQuery(t)
	pq := q
	for _, rw := range steps.rewrite {
		pq = rw.Rewrite(pq)
	}
	hits, err := r.hits(ctx, q, pq)
	if err != nil {
		return nil, err
	}
	if p.Retrieve.retrievesPairs() {
		pairs, err := retrievedPairs(env.Store, hits[:min(len(hits), env.K)])
		if err != nil {
			return nil, err
		}
		return stanceResults(steps.stance, q.Text, pairs), nil
	}
	kept, checked, err := filter.SelectHits(ctx, steps.filters, env.Store, hits, cmp.Or(p.Pool, defaultPool), nil)
	if err != nil {
		return nil, err
	}
	cands, err := pairing.Candidates(env.Store, kept)
	if err != nil {
		return nil, err
	}
	setRanks(cands, hits)
	if err := tagCandidates(ctx, steps.stance, q.Text, cands); err != nil {
		return nil, err
	}
	for i, rr := range steps.rerank {
		if err := rr.Rerank(ctx, q, cands); err != nil {
			return nil, fmt.Errorf("system: Pipeline.Rerank[%d]: %w", i, err)
		}
	}
	pairs, err := steps.pair.Build(ctx, q, cands, env.K)
	if err != nil {
		return nil, fmt.Errorf("system: Pipeline.Pair: %w", err)
	}
	// Coherence rejects most pairs of sentences from different arguments:
	// the rest are consecutive sentences of the candidates' arguments, then
	// of the other retrieved ones.
	if pairs, err = pairing.Complete(pairs, env.Store, append(kept, hits[checked:]...), q.Text, env.K); err != nil {
		return nil, err
	}
	return stanceResults(steps.stance, q.Text, pairs[:min(len(pairs), env.K)]), nil
}

// setRanks gives each candidate its rank in hits, the list it was selected
// from (Candidate.Rank).
func setRanks(cands []pairing.Candidate, hits []retrieval.Hit) {
	rank := make(map[string]int, len(hits))
	for i, h := range hits {
		if _, ok := rank[h.ID]; !ok {
			rank[h.ID] = i + 1
		}
	}
	for i := range cands {
		cands[i].Rank = rank[cands[i].Sentence.ID]
	}
}
