package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/docid"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// forCorpus returns the recipe as it runs on store: with
// SampleStopFrequent on a sample.
func (r recipe) forCorpus(store *corpus.Store) recipe {
	if r.Analysis != nil && r.SampleStopFrequent > 0 && store.NumArguments() < sampleArguments {
		an := *r.Analysis
		an.StopFrequent = r.SampleStopFrequent
		r.Analysis = &an
	}
	return r
}

// indexConfig is the index a recipe searches: its analysis, and no term
// vectors when it is not the default index and no stage needs feedback.
func (r recipe) indexConfig() lexical.Config {
	c := lexical.Config{Analysis: r.Analysis}
	if r.Analysis != nil {
		c.NoTermVectors = !slices.ContainsFunc(r.Stages, func(s lexical.Search) bool { return s.PRF.Method != lexical.PRFNone })
	}
	return c
}

// cook is a recipe ready to answer topics on an Env; it is read-only, so
// topics can be answered concurrently.
type cook struct {
	r        recipe
	k        int
	store    *corpus.Store
	stages   []*lexical.Index
	boolean  *lexical.Index // the first stage, Boolean (NounChunks)
	retrieve retrieval.Retriever
	modelSet // the tagger for the verb filter and noun chunks
}

// newCook prepares recipe r; models waits for the models (startModels).
func newCook(env *system.Env, r recipe, k int, models func() (modelSet, error)) (*cook, error) {
	c := &cook{r: r, k: k, store: env.Store}
	var rs []retrieval.Retriever
	for _, s := range r.Stages {
		x, err := env.Index.With(s)
		if err != nil {
			return nil, err
		}
		c.stages = append(c.stages, x)
		rs = append(rs, x)
	}
	c.retrieve = rs[0]
	if len(rs) > 1 {
		c.retrieve = retrieval.Fusion{Retrievers: rs}
	}
	var err error
	if r.NounChunks {
		s := r.Stages[0]
		s.Boolean = true
		if c.boolean, err = env.Index.With(s); err != nil {
			return nil, err
		}
	}
	if c.modelSet, err = models(); err != nil {
		return nil, err
	}
	return c, nil
}

// answer makes the pairs of one topic.
func (c *cook) answer(ctx context.Context, q retrieval.Query) ([]runfile.Result, error) {
	if c.r.Pairs == PairsArgsRank {
		return system.Swordsman(ctx, c.store, c.stages[0], q, c.k)
	}
	hits, err := c.hits(ctx, q)
	if err != nil {
		return nil, err
	}
	if c.r.Pairs == PairsRetrieved {
		return c.retrievedPairs(q, hits)
	}
	kept, checked, err := filter.SelectHits(ctx, c.filters(), c.store, hits, c.r.Pool, nil)
	if err != nil {
		return nil, err
	}
	cands, err := pairing.Candidates(c.store, kept)
	if err != nil {
		return nil, err
	}
	for i := range cands {
		c.describe(q, &cands[i])
	}
	c.rerank(cands)
	var ps []pairing.Scored
	switch c.r.Pairs {
	case PairsNext:
		ps = c.nextSentences(cands)
	case PairsBuilder:
		if ps, err = c.r.Builder.Build(ctx, cands, c.k); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("recipe %s: unknown pairing %q", c.r.Name, c.r.Pairs)
	}
	// Consecutive sentences of the retrieved arguments fill the list.
	if ps, err = pairing.Complete(ps, c.store, append(kept, hits[checked:]...), q.Text, c.k); err != nil {
		return nil, err
	}
	results := make([]runfile.Result, 0, min(len(ps), c.k))
	for _, p := range ps[:min(len(ps), c.k)] {
		results = append(results, runfile.Result{DocID: p.ID(), Score: p.Score, Stance: c.side(q, p.Stance, p.Pair)})
	}
	return results, nil
}

// hits retrieves the recipe's depth of sentences (or pairs): with
// NounChunks, the Boolean query of the title's noun chunks first, then the
// plain query's other hits, ranked below them.
func (c *cook) hits(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	if !c.r.NounChunks {
		return c.retrieve.Retrieve(ctx, q, c.r.Depth)
	}
	var hits []retrieval.Hit
	if chunks := c.tagger.NounPhrases(q.Text); len(chunks) > 0 {
		bq := q
		bq.Text = lexical.BooleanQuery(chunks)
		var err error
		if hits, err = c.boolean.Retrieve(ctx, bq, c.r.Depth); err != nil {
			return nil, err
		}
	}
	if len(hits) == c.r.Depth {
		return hits, nil
	}
	plain, err := c.retrieve.Retrieve(ctx, q, c.r.Depth)
	if err != nil || len(hits) == 0 || len(plain) == 0 {
		return append(hits, plain...), err
	}
	seen := make(map[string]bool, len(hits))
	for _, h := range hits {
		seen[h.ID] = true
	}
	// Plain hits keep their score differences, shifted below the last
	// Boolean hit.
	shift := hits[len(hits)-1].Score - plain[0].Score - 1
	for _, h := range plain {
		if !seen[h.ID] && len(hits) < c.r.Depth {
			hits = append(hits, retrieval.Hit{ID: h.ID, Score: h.Score + shift})
		}
	}
	return hits, nil
}

// filters returns a new chain of the recipe's filters.
func (c *cook) filters() filter.Filter {
	r := c.r
	steps := filterSteps{Length: r.Length, Noise: r.Noise, Dedup: r.Dedup, Arg: r.Argumentative > 0, Threshold: r.Argumentative, Verb: r.Verb}
	return steps.chain(c.arg, c.tagger)
}

// describe fills in a candidate's argumentativeness and stance: its
// argument's args.me label where the conclusion reveals it, else the
// stance model's; with SameStance, always PRO or CON.
func (c *cook) describe(q retrieval.Query, cand *pairing.Candidate) {
	cand.Argumentativeness = c.arg.Score(cand.Sentence.Text)
	a, _ := c.store.Argument(cand.Argument)
	cand.Stance, cand.StanceConfidence = a.Stance(q.Text)
	if cand.Stance == stance.Unknown {
		cand.Stance, cand.StanceConfidence, _ = c.stance.Tag(context.Background(), q.Text, cand.Sentence.Text)
	}
	if c.r.SameStance && cand.Stance != stance.Pro && cand.Stance != stance.Con {
		cand.Stance, cand.StanceConfidence = c.stance.Side(q.Text, cand.Sentence.Text)
	}
}

// rerank orders the candidates by the mean of their min–max normalised
// retrieval score and the recipe's signals, which becomes their retrieval
// score; ties keep the retrieval order.
func (c *cook) rerank(cands []pairing.Candidate) {
	rr := c.r.Rerank
	if !rr.Quality && !rr.Evidence && !rr.Stance || len(cands) == 0 {
		return
	}
	lo, hi := cands[0].Retrieval, cands[0].Retrieval
	for _, cand := range cands {
		lo, hi = min(lo, cand.Retrieval), max(hi, cand.Retrieval)
	}
	for i := range cands {
		cand := &cands[i]
		sum, n := 1.0, 1.0
		if hi > lo {
			sum = (cand.Retrieval - lo) / (hi - lo)
		}
		if rr.Quality || rr.Evidence { // both are the argumentativeness model
			sum, n = sum+cand.Argumentativeness, n+1
		}
		if rr.Stance {
			sum, n = sum+cand.StanceConfidence, n+1
		}
		cand.Retrieval = sum / n
	}
	slices.SortStableFunc(cands, func(a, b pairing.Candidate) int { return cmp.Compare(b.Retrieval, a.Retrieval) })
}

// nextSentences pairs each candidate, in order, with the next sentence of
// its argument (the one before, for the last); a pair made twice counts
// once. Scores fall with the rank.
func (c *cook) nextSentences(cands []pairing.Candidate) []pairing.Scored {
	var out []pairing.Scored
	seen := map[string]bool{}
	for _, cand := range cands {
		a, ok := c.store.Argument(cand.Argument)
		i := slices.IndexFunc(a.Sentences, func(s corpus.Sentence) bool { return s.ID == cand.Sentence.ID })
		if !ok || i < 0 || len(a.Sentences) < 2 {
			continue
		}
		j := i + 1
		if j == len(a.Sentences) {
			j = i - 1
		}
		p := pairing.InReadingOrder(a.Sentences[i], a.Sentences[j])
		if seen[p.ID()] {
			continue
		}
		seen[p.ID()] = true
		out = append(out, pairing.Scored{Pair: p, Score: cand.Retrieval, Raw: cand.Retrieval, SameArgument: true})
	}
	return out
}

// retrievedPairs turns hits of the pair unit into results.
func (c *cook) retrievedPairs(q retrieval.Query, hits []retrieval.Hit) ([]runfile.Result, error) {
	results := make([]runfile.Result, 0, min(len(hits), c.k))
	for _, h := range hits[:min(len(hits), c.k)] {
		first, second, err := docid.ParsePair(h.ID)
		if err != nil {
			return nil, err
		}
		var p pairing.Pair
		var ok1, ok2 bool
		p.First, ok1 = c.store.Sentence(first)
		p.Second, ok2 = c.store.Sentence(second)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("hit %q: %w", h.ID, filter.ErrNotInStore)
		}
		results = append(results, runfile.Result{DocID: h.ID, Score: h.Score, Stance: c.side(q, stance.Unknown, p)})
	}
	return results, nil
}

// side is the stance written for a pair: s when it is PRO or CON, else its
// argument's args.me label where the conclusion reveals it, else the side
// the stance model leans to over its two sentences.
func (c *cook) side(q retrieval.Query, s stance.Stance, p pairing.Pair) stance.Stance {
	if s == stance.Pro || s == stance.Con {
		return s
	}
	if arg, err := docid.Argument(p.First.ID); err == nil {
		if a, ok := c.store.Argument(arg); ok {
			if st, _ := a.Stance(q.Text); st == stance.Pro || st == stance.Con {
				return st
			}
		}
	}
	return stance.Side(s, c.stance.Lean(q.Text, p.First.Text)+c.stance.Lean(q.Text, p.Second.Text))
}
