package main

import (
	"context"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/nlp/pos"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// pipeline answers topics; it is read-only after newPipeline, so topics can
// be answered concurrently.
type pipeline struct {
	c        config
	store    *corpus.Store
	retrieve retrieval.Retriever // sentences, best first
	modelSet                     // the tagger is nil unless the verb filter or coherence needs it
	builder  pairing.Builder
}

// newPipeline assembles the pipeline; models waits for the models
// (startModels).
func newPipeline(env *system.Env, c config, models func() (modelSet, error)) (*pipeline, error) {
	p := &pipeline{c: c, store: env.Store}
	var err error
	if p.retrieve, err = retriever(env, c); err != nil {
		return nil, err
	}
	if p.modelSet, err = models(); err != nil {
		return nil, err
	}
	p.builder = pairing.Builder{Pool: c.Pool, Weights: pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25}}
	if c.NounPhrases {
		p.builder.Coherence.Phrases = p.tagger
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

// retriever assembles the retrieval stages: the argument stage, whose
// arguments' sentences inherit their scores, alone or fused with the
// sentence stage.
func retriever(env *system.Env, c config) (retrieval.Retriever, error) {
	search := lexical.Search{
		Unit:    lexical.UnitArgument,
		Scoring: lexical.Scoring{Model: lexical.Model(c.Model), Mu: c.Mu},
		Fields:  lexical.FieldWeights{Conclusion: c.Conclusion, Premise: 1, Title: 1},
	}
	if c.PRF {
		search.PRF = lexical.PRF{Method: lexical.PRFRM3}
	}
	arguments, err := env.Index.With(search)
	if err != nil {
		return nil, err
	}
	argumentStage := retrieval.Parts(arguments, c.Arguments, env.Store.SentenceIDs)
	if !c.Fusion {
		return argumentStage, nil
	}
	sentenceStage, err := env.Index.With(lexical.Search{Unit: lexical.UnitSentence})
	if err != nil {
		return nil, err
	}
	return retrieval.Fusion{
		Retrievers: []retrieval.Retriever{argumentStage, sentenceStage},
		Depths:     []int{c.Depth, c.Sentences},
		Weights:    []float64{c.FusionWeight, 1 - c.FusionWeight},
	}, nil
}

// filters returns a new chain of the sentence filters.
func (p *pipeline) filters() filter.Filter {
	steps := filterSteps{Length: p.c.Length, Noise: p.c.Noise, Dedup: p.c.Dedup, Arg: p.c.Arg, Threshold: p.c.Threshold, Verb: p.c.Verb}
	return steps.chain(p.arg, p.tagger)
}

// modelSet is the shipped models a pipeline or recipe uses, and the
// part-of-speech tagger.
type modelSet struct {
	arg    *classify.ArgumentModel
	stance *classify.StanceModel
	tagger *pos.Tagger
}

// startModels starts loading the models (loadModels) while the caller
// opens the index and the store, and returns the function that waits for
// them.
func startModels(tagger bool) func() (modelSet, error) {
	type loaded struct {
		m   modelSet
		err error
	}
	ch := make(chan loaded, 1)
	go func() {
		m, err := loadModels(tagger)
		ch <- loaded{m, err}
	}()
	return func() (modelSet, error) {
		l := <-ch
		return l.m, l.err
	}
}

// loadModels loads the shipped models, and the tagger when tagger is set.
func loadModels(tagger bool) (modelSet, error) {
	var m modelSet
	var err error
	if m.arg, err = models.Argumentative(); err != nil {
		return m, err
	}
	if m.stance, err = models.Stance(); err != nil {
		return m, err
	}
	if tagger {
		if m.tagger, err = pos.NewTagger(); err != nil {
			return m, err
		}
	}
	return m, nil
}

// filterSteps says which sentence filters run; the pipeline and the
// recipes share it.
type filterSteps struct {
	Length, Noise, Dedup, Arg, Verb bool
	Threshold                       float64 // the argumentativeness a sentence needs, with Arg
}

// chain returns a new chain of the filters, cheapest first (a Dedup
// remembers what it has seen, so every topic gets its own): a length window
// of 5 to 60 words, debate noise, duplicates, argumentativeness by arg,
// and a verb by tagger's part-of-speech tags.
func (s filterSteps) chain(arg filter.Scorer, tagger *pos.Tagger) filter.Filter {
	var fs []filter.Filter
	if s.Length {
		fs = append(fs, filter.Length{Min: 5, Max: 60})
	}
	if s.Noise {
		fs = append(fs, filter.Noise{})
	}
	if s.Dedup {
		fs = append(fs, &filter.Dedup{})
	}
	if s.Arg {
		fs = append(fs, filter.Argumentative{Scorer: arg, Threshold: s.Threshold})
	}
	if s.Verb { // last: tagging is the slowest check
		fs = append(fs, filter.Verb{Tagger: tagger})
	}
	return filter.Chain(fs...)
}

// answer makes the pairs of one topic.
func (p *pipeline) answer(ctx context.Context, q retrieval.Query) ([]runfile.Result, error) {
	hits, err := p.retrieve.Retrieve(ctx, q, p.c.Depth)
	if err != nil {
		return nil, err
	}
	kept, checked, err := filter.SelectHits(ctx, p.filters(), p.store, hits, p.c.Pool, nil)
	if err != nil {
		return nil, err
	}
	cands, err := pairing.Candidates(p.store, kept)
	if err != nil {
		return nil, err
	}
	t := topic{p: p, q: q, lean: map[string]float64{}}
	for i := range cands {
		t.describe(&cands[i])
	}
	pairs, err := p.builder.Build(ctx, cands, p.c.K)
	if err != nil {
		return nil, err
	}
	// Coherence rejects most pairs of sentences from different arguments:
	// the rest are consecutive sentences of the candidates' arguments, then
	// of the other retrieved ones.
	if pairs, err = pairing.Complete(pairs, p.store, append(kept, hits[checked:]...), q.Text, p.c.K); err != nil {
		return nil, err
	}
	results := make([]runfile.Result, len(pairs))
	for i, pair := range pairs {
		results[i] = runfile.Result{DocID: pair.ID(), Score: pair.Score, Stance: t.side(pair)}
	}
	return results, nil
}

// topic holds what is computed once per topic: the stance model's lean of
// each sentence, and the centralities of the arguments ranked.
type topic struct {
	p          *pipeline
	q          retrieval.Query
	lean       map[string]float64 // sentence id → P(Pro) − P(Con)
	centrality map[string]float64 // sentence id → ArgsRank centrality
}

// describe fills in what the models say of a candidate: its
// argumentativeness, its stance (its argument's args.me label where the
// conclusion reveals it, else the stance model's) and, with -centrality,
// its centrality within its argument.
func (t *topic) describe(c *pairing.Candidate) {
	c.Argumentativeness = t.p.arg.Score(c.Sentence.Text)
	if t.p.c.Stance {
		a, _ := t.p.store.Argument(c.Argument)
		c.Stance, c.StanceConfidence = a.Stance(t.q.Text)
		if c.Stance == stance.Unknown {
			c.Stance, c.StanceConfidence, _ = t.p.stance.Tag(context.Background(), t.q.Text, c.Sentence.Text)
		}
	}
	if t.p.c.Centrality {
		if t.centrality == nil {
			t.centrality = map[string]float64{}
		}
		if _, ok := t.centrality[c.Sentence.ID]; !ok {
			a, _ := t.p.store.Argument(c.Argument)
			for i, v := range (pairing.ArgsRank{}).Argument(a).Scores {
				t.centrality[a.Sentences[i].ID] = v
			}
		}
		c.Centrality = t.centrality[c.Sentence.ID]
	}
}

// side is the stance written for a pair: PRO or CON as its sentences say
// (pairing's stance.Combine), else the side the stance model leans to over
// its two sentences (stance.Side); "Q0" with -no-stance.
func (t *topic) side(p pairing.Scored) stance.Stance {
	if !t.p.c.Stance {
		return stance.Unknown
	}
	if p.Stance == stance.Pro || p.Stance == stance.Con {
		return p.Stance
	}
	return stance.Side(p.Stance, t.leanOf(p.First)+t.leanOf(p.Second))
}

// leanOf returns the stance model's lean of a sentence, computed once.
func (t *topic) leanOf(s corpus.Sentence) float64 {
	v, ok := t.lean[s.ID]
	if !ok {
		v = t.p.stance.Lean(t.q.Text, s.Text)
		t.lean[s.ID] = v
	}
	return v
}
