package main

import (
	"context"
	"slices"

	"github.com/argsearch/argsearch/argumentative"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// pipeline answers topics; it is read-only after newPipeline, so topics can
// be answered concurrently.
type pipeline struct {
	c          config
	env        *system.Env
	retriever  retrieval.Retriever // sentences, best first
	tagger     *pairing.POSTagger  // nil unless the verb filter or coherence needs it
	arg        *argumentative.Model
	stance     *stance.Model
	proIndex   int // positions of Pro and Con in stance.Labels()
	conIndex   int
	builder    pairing.Builder
	centrality pairing.ArgsRank
}

func newPipeline(env *system.Env, c config) (*pipeline, error) {
	p := &pipeline{c: c, env: env}
	var err error
	if p.retriever, err = p.newRetriever(); err != nil {
		return nil, err
	}
	if p.arg, err = models.Argumentative(); err != nil {
		return nil, err
	}
	if p.stance, err = models.Stance(); err != nil {
		return nil, err
	}
	p.proIndex, p.conIndex = slices.Index(p.stance.Labels(), stance.Pro), slices.Index(p.stance.Labels(), stance.Con)
	if c.Verb || c.Coherence {
		if p.tagger, err = pairing.NewPOSTagger(); err != nil {
			return nil, err
		}
	}
	p.builder = pairing.Builder{
		Weights:   pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25},
		Coherence: pairing.Coherence{Tagger: p.tagger},
	}
	if c.Centrality {
		p.builder.Weights.Centrality = 0.1
	}
	if !c.Quality {
		p.builder.Weights.Argumentativeness = 0
	}
	if !c.Coherence {
		// Any two sentences of compatible stance may be joined, and how
		// well they go together does not count.
		p.builder.Weights.Coherence = 0
		p.builder.Coherence = pairing.Coherence{MinSimilarity: -1, MaxSimilarity: 2}
	}
	if !c.Diversity {
		p.builder.Diversity, p.builder.Redundancy = -1, -1
	}
	return p, nil
}

// newRetriever assembles the two retrieval stages.
func (p *pipeline) newRetriever() (retrieval.Retriever, error) {
	search := lexical.Search{
		Unit:    lexical.UnitArgument,
		Scoring: lexical.Scoring{Model: lexical.ModelDirichlet, Mu: p.c.Mu},
		Fields:  lexical.FieldWeights{Conclusion: p.c.Conclusion, Premise: 1, Title: 1},
	}
	if p.c.PRF {
		search.PRF = lexical.PRF{Method: lexical.PRFRM3}
	}
	arguments, err := p.env.Index.With(search)
	if err != nil {
		return nil, err
	}
	// The argument stage yields the sentences of the retrieved arguments,
	// each with its argument's score.
	argumentSentences := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
		args, err := arguments.Retrieve(ctx, q, p.c.Arguments)
		if err != nil {
			return nil, err
		}
		var hits []retrieval.Hit
		for _, a := range args {
			if stored, ok := p.env.Store.Argument(a.ID); ok {
				for _, id := range stored.SentenceIDs {
					hits = append(hits, retrieval.Hit{ID: id, Score: a.Score})
				}
			}
		}
		return retrieval.TopK(hits, k), nil
	})
	if !p.c.Fusion {
		return argumentSentences, nil
	}
	sentences, err := p.env.Index.With(lexical.Search{Unit: lexical.UnitSentence})
	if err != nil {
		return nil, err
	}
	return retrieval.Fuse([]float64{p.c.FusionWeight, 1 - p.c.FusionWeight}, argumentSentences, sentences), nil
}

// answer makes the pairs of one topic.
func (p *pipeline) answer(ctx context.Context, q retrieval.Query) ([]runfile.Result, error) {
	hits, err := p.retriever.Retrieve(ctx, q, p.c.Depth)
	if err != nil {
		return nil, err
	}
	t := p.newTopic(q)
	var scored []pairing.Scored
	b := p.builder
	for b.Pool = p.c.Pool; ; b.Pool *= 2 {
		hits = t.fill(hits, b.Pool)
		if scored, err = b.Build(ctx, t.cands, p.c.K); err != nil {
			return nil, err
		}
		if len(scored) >= p.c.K || len(t.cands) < b.Pool {
			break
		}
	}
	results := make([]runfile.Result, len(scored))
	for i, s := range scored {
		results[i] = runfile.Result{DocID: s.ID(), Score: s.Score, Stance: t.pairStance(s)}
	}
	return results, nil
}

// topic holds the state of one topic: its filters (a Dedup remembers what
// it has seen) and the candidates found so far.
type topic struct {
	p      *pipeline
	q      retrieval.Query
	filter pairing.Filter
	cands  []pairing.Candidate
	lean   map[string]float64 // sentence id → P(Pro) − P(Con) by the stance model
	scores map[string]float64 // argumentativeness by text, computed once
}

func (p *pipeline) newTopic(q retrieval.Query) *topic {
	t := &topic{p: p, q: q, lean: map[string]float64{}, scores: map[string]float64{}}
	var fs []pairing.Filter
	if p.c.Length {
		fs = append(fs, pairing.Length{Min: 5, Max: 60})
	}
	if p.c.Noise {
		fs = append(fs, pairing.Noise{})
	}
	if p.c.Dedup {
		fs = append(fs, &pairing.Dedup{})
	}
	if p.c.Verb {
		fs = append(fs, pairing.VerbFilter{Tagger: p.tagger})
	}
	if p.c.Arg {
		fs = append(fs, pairing.Argumentative{Scorer: pairing.ScorerFunc(t.argumentativeness), Threshold: p.c.Threshold})
	}
	t.filter = pairing.Chain(fs...)
	return t
}

func (t *topic) argumentativeness(text string) float64 {
	s, ok := t.scores[text]
	if !ok {
		s = t.p.arg.Score(text)
		t.scores[text] = s
	}
	return s
}

// fill filters hits, in order, until there are pool candidates; it returns
// the hits not yet looked at.
func (t *topic) fill(hits []retrieval.Hit, pool int) []retrieval.Hit {
	var centrality map[string]float64
	for len(t.cands) < pool && len(hits) > 0 {
		h := hits[0]
		hits = hits[1:]
		s, ok := t.p.env.Store.Sentence(h.ID)
		if !ok {
			continue
		}
		if ok, _ := t.filter.Check(corpus.Sentence{ID: s.ID, Text: s.Text}); !ok {
			continue
		}
		c := pairing.Candidate{
			Sentence:          corpus.Sentence{ID: s.ID, Text: s.Text},
			Retrieval:         h.Score,
			Argumentativeness: t.argumentativeness(s.Text),
		}
		if t.p.c.Stance {
			c.Stance = t.stance(s)
		}
		if t.p.c.Centrality {
			if centrality == nil {
				centrality = map[string]float64{}
			}
			c.Centrality = t.centrality(s, centrality)
		}
		t.cands = append(t.cands, c)
	}
	return hits
}

// stance is a sentence's stance towards the topic: its argument's args.me
// label where the conclusion reveals it, else the stance model's.
func (t *topic) stance(s corpus.StoredSentence) stance.Stance {
	probs := t.p.stance.Probabilities(t.q.Text, s.Text)
	if probs != nil {
		t.lean[s.ID] = probs[t.p.proIndex] - probs[t.p.conIndex]
	}
	if a, ok := t.p.env.Store.Argument(s.ArgumentID); ok {
		if st := system.ArgsMeStance(t.q.Text, a); st != stance.Unknown {
			return st
		}
	}
	st, _, _ := t.p.stance.Tag(context.Background(), t.q.Text, s.Text)
	return st
}

// centrality is the sentence's ArgsRank score within its argument; memo
// holds the scores of arguments already ranked.
func (t *topic) centrality(s corpus.StoredSentence, memo map[string]float64) float64 {
	if v, ok := memo[s.ID]; ok {
		return v
	}
	a, _, ok := t.p.env.Argument(s.ArgumentID)
	if !ok {
		return 0
	}
	for i, v := range t.p.centrality.Argument(a).Scores {
		memo[a.Sentences[i].ID] = v
	}
	return memo[s.ID]
}

// pairStance is the stance written for a pair: PRO or CON, from its
// sentences' stances, else from the side the stance model leans to.
func (t *topic) pairStance(s pairing.Scored) stance.Stance {
	if !t.p.c.Stance {
		return stance.Unknown
	}
	if s.Stance == stance.Pro || s.Stance == stance.Con {
		return s.Stance
	}
	if t.lean[s.First.ID]+t.lean[s.Second.ID] < 0 {
		return stance.Con
	}
	return stance.Pro
}
