package main

import (
	"cmp"
	"context"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/docid"
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
	c   config
	env *system.Env
	// argumentStage retrieves arguments and returns their sentences;
	// sentenceStage retrieves sentences.
	argumentStage, sentenceStage retrieval.Retriever
	tagger                       *pos.Tagger // nil unless the verb filter or coherence needs it
	arg                          *classify.ArgumentModel
	stance                       *classify.StanceModel
	proIndex                     int // positions of Pro and Con in stance.Labels()
	conIndex                     int
	builder                      pairing.Builder
	centrality                   pairing.ArgsRank
}

func newPipeline(env *system.Env, c config) (*pipeline, error) {
	p := &pipeline{c: c, env: env}
	var err error
	if err = p.newStages(); err != nil {
		return nil, err
	}
	if p.arg, err = models.Argumentative(); err != nil {
		return nil, err
	}
	if p.stance, err = models.Stance(); err != nil {
		return nil, err
	}
	p.proIndex, p.conIndex = slices.Index(p.stance.Labels(), stance.Pro), slices.Index(p.stance.Labels(), stance.Con)
	if c.Verb || c.NounPhrases {
		if p.tagger, err = pos.NewTagger(); err != nil {
			return nil, err
		}
	}
	p.builder = pairing.Builder{Weights: pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25}}
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

// newStages assembles the two retrieval stages.
func (p *pipeline) newStages() error {
	search := lexical.Search{
		Unit:    lexical.UnitArgument,
		Scoring: lexical.Scoring{Model: lexical.Model(p.c.Model), Mu: p.c.Mu},
		Fields:  lexical.FieldWeights{Conclusion: p.c.Conclusion, Premise: 1, Title: 1},
	}
	if p.c.PRF {
		search.PRF = lexical.PRF{Method: lexical.PRFRM3}
	}
	arguments, err := p.env.Index.With(search)
	if err != nil {
		return err
	}
	// The argument stage yields the sentences of the retrieved arguments,
	// each with its argument's score.
	p.argumentStage = retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
		args, err := arguments.Retrieve(ctx, q, p.c.Arguments)
		if err != nil {
			return nil, err
		}
		var hits []retrieval.Hit
		for _, a := range args {
			if arg, ok := p.env.Store.Argument(a.ID); ok {
				for _, s := range arg.Sentences {
					hits = append(hits, retrieval.Hit{ID: s.ID, Score: a.Score})
				}
			}
		}
		return retrieval.TopK(hits, k), nil
	})
	p.sentenceStage, err = p.env.Index.With(lexical.Search{Unit: lexical.UnitSentence})
	return err
}

// retrieve returns the candidate sentences of a topic, best first: the
// argument stage's alone, or fused (CombSUM) with the sentence stage's.
// The two stages run at the same time.
func (p *pipeline) retrieve(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	if !p.c.Fusion {
		return p.argumentStage.Retrieve(ctx, q, p.c.Depth)
	}
	var args []retrieval.Hit
	var argsErr error
	var wg sync.WaitGroup
	wg.Go(func() { args, argsErr = p.argumentStage.Retrieve(ctx, q, p.c.Depth) })
	sentences, err := p.sentenceStage.Retrieve(ctx, q, p.c.Sentences)
	wg.Wait()
	if err = cmp.Or(argsErr, err); err != nil {
		return nil, err
	}
	fused := retrieval.Fuse([]float64{p.c.FusionWeight, 1 - p.c.FusionWeight}, retrieved(args), retrieved(sentences))
	return fused.Retrieve(ctx, q, p.c.Depth)
}

// retrieved is a Retriever that returns hits already retrieved.
func retrieved(hits []retrieval.Hit) retrieval.Retriever {
	return retrieval.RetrieverFunc(func(_ context.Context, _ retrieval.Query, k int) ([]retrieval.Hit, error) {
		return retrieval.TopK(hits, k), nil
	})
}

// answer makes the pairs of one topic.
func (p *pipeline) answer(ctx context.Context, q retrieval.Query) ([]runfile.Result, error) {
	hits, err := p.retrieve(ctx, q)
	if err != nil {
		return nil, err
	}
	t := p.newTopic(q)
	rest := t.fill(hits, p.c.Pool)
	b := p.builder
	b.Pool = p.c.Pool
	scored, err := b.Build(ctx, t.cands, p.c.K)
	if err != nil {
		return nil, err
	}
	results := make([]runfile.Result, len(scored))
	for i, s := range scored {
		results[i] = runfile.Result{DocID: s.ID(), Score: s.Score, Stance: t.pairStance(s.Stance, s.First.ID, s.Second.ID)}
	}
	return t.adjacent(results, rest), nil
}

// adjacent completes the pairs to k with pairs of consecutive sentences
// (coherent by construction) of the candidates' arguments, then of the
// arguments of the hits not looked at, in the order the arguments first
// appear, ranked below every built pair; a pair already made is not
// repeated. Coherence rejects most pairs of sentences from different
// arguments, so a pool of candidates alone rarely yields k pairs.
func (t *topic) adjacent(results []runfile.Result, rest []retrieval.Hit) []runfile.Result {
	if len(results) >= t.p.c.K {
		return results
	}
	have := make(map[string]bool, len(results))
	score := 0.0
	for _, r := range results {
		have[r.DocID] = true
		score = r.Score
	}
	ids := make([]string, 0, len(t.cands)+len(rest))
	for _, c := range t.cands {
		ids = append(ids, c.Sentence.ID)
	}
	for _, h := range rest {
		ids = append(ids, h.ID)
	}
	seen := map[string]bool{}
	for _, id := range ids {
		argID, err := docid.Argument(id)
		if err != nil || seen[argID] {
			continue
		}
		seen[argID] = true
		a, ok := t.p.env.Argument(argID)
		if !ok {
			continue
		}
		for pair := range pairing.Adjacent(a) {
			if have[pair.ID()] {
				continue
			}
			have[pair.ID()] = true
			// Scores step down by the same amount: the order is the
			// arguments' order, then the reading order.
			score = math.Nextafter(score, math.Inf(-1)) - 1e-9
			st := stance.Unknown
			if t.p.c.Stance {
				st = t.argsMeStance(a)
				if st == stance.Unknown {
					st = t.pairStance(stance.Unknown, pair.First.ID, pair.Second.ID, pair.First.Text, pair.Second.Text)
				}
			}
			results = append(results, runfile.Result{DocID: pair.ID(), Score: score, Stance: st})
			if len(results) == t.p.c.K {
				return results
			}
		}
	}
	return results
}

// topic holds the state of one topic: its filters (a Dedup remembers what
// it has seen) and the candidates found so far.
type topic struct {
	p *pipeline
	q retrieval.Query
	// The filters, in chain order: before the Dedup (pure), the Dedup
	// (stateful, order-dependent), after it (pure and the slowest).
	before, after filter.Filter
	dedup         *filter.Dedup
	cands         []pairing.Candidate
	lean          map[string]float64       // sentence id → P(Pro) − P(Con) by the stance model
	argsMe        map[string]stance.Stance // argument id → its args.me stance towards the topic
}

func (p *pipeline) newTopic(q retrieval.Query) *topic {
	t := &topic{p: p, q: q, lean: map[string]float64{}, argsMe: map[string]stance.Stance{}}
	var before, after []filter.Filter
	if p.c.Length {
		before = append(before, filter.Length{Min: 5, Max: 60})
	}
	if p.c.Noise {
		before = append(before, filter.Noise{})
	}
	if p.c.Dedup {
		t.dedup = &filter.Dedup{}
	}
	if p.c.Arg {
		after = append(after, filter.Argumentative{Scorer: p.arg, Threshold: p.c.Threshold})
	}
	if p.c.Verb { // last: tagging is the slowest check
		after = append(after, filter.Verb{Tagger: p.tagger})
	}
	t.before, t.after = filter.Chain(before...), filter.Chain(after...)
	return t
}

// fill filters hits, in order, until there are pool candidates, and
// returns the hits not yet looked at. The result is that of one
// pairing.Chain(before…, dedup, after…) applied to the hits in order, but
// the pure filters check a batch of hits on every core first; only the
// Dedup, whose answers depend on the order, runs sequentially.
func (t *topic) fill(hits []retrieval.Hit, pool int) []retrieval.Hit {
	const batch = 64
	var centrality map[string]float64
	workers := runtime.GOMAXPROCS(0)
	for len(t.cands) < pool && len(hits) > 0 {
		n := min(batch, len(hits))
		sents := make([]corpus.Sentence, n)
		args := make([]string, n)
		before, after := make([]bool, n), make([]bool, n)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Go(func() {
				for i := w; i < n; i += workers {
					s, ok := t.p.env.Store.Sentence(hits[i].ID)
					if !ok {
						continue
					}
					sents[i], args[i] = s, ""
					args[i], _ = t.p.env.Store.ArgumentOf(s.ID)
					if before[i], _ = t.before.Check(sents[i]); before[i] {
						after[i], _ = t.after.Check(sents[i])
					}
				}
			})
		}
		wg.Wait()
		for i := 0; i < n && len(t.cands) < pool; i++ {
			if !before[i] {
				continue
			}
			if t.dedup != nil {
				if ok, _ := t.dedup.Check(sents[i]); !ok {
					continue
				}
			}
			if !after[i] {
				continue
			}
			c := pairing.Candidate{Sentence: sents[i], Retrieval: hits[i].Score, Argumentativeness: t.p.arg.Score(sents[i].Text)}
			if t.p.c.Stance {
				c.Stance = t.stance(sents[i], args[i])
			}
			if t.p.c.Centrality {
				if centrality == nil {
					centrality = map[string]float64{}
				}
				c.Centrality = t.centrality(sents[i], args[i], centrality)
			}
			t.cands = append(t.cands, c)
		}
		hits = hits[n:]
	}
	return hits
}

// stance is a sentence's stance towards the topic: its argument's args.me
// label where the conclusion reveals it, else the stance model's.
func (t *topic) stance(s corpus.Sentence, argID string) stance.Stance {
	probs := t.p.stance.Probabilities(t.q.Text, s.Text)
	if probs != nil {
		t.lean[s.ID] = probs[t.p.proIndex] - probs[t.p.conIndex]
	}
	if a, ok := t.p.env.Store.Argument(argID); ok {
		if st := t.argsMeStance(a); st != stance.Unknown {
			return st
		}
	}
	st, _, _ := t.p.stance.Tag(context.Background(), t.q.Text, s.Text)
	return st
}

// argsMeStance is the args.me stance of an argument towards the topic,
// computed once per argument.
func (t *topic) argsMeStance(a corpus.Argument) stance.Stance {
	st, ok := t.argsMe[a.ID]
	if !ok {
		st = a.Stance(t.q.Text)
		t.argsMe[a.ID] = st
	}
	return st
}

// centrality is the sentence's ArgsRank score within its argument; memo
// holds the scores of arguments already ranked.
func (t *topic) centrality(s corpus.Sentence, argID string, memo map[string]float64) float64 {
	if v, ok := memo[s.ID]; ok {
		return v
	}
	a, ok := t.p.env.Argument(argID)
	if !ok {
		return 0
	}
	for i, v := range t.p.centrality.Argument(a).Scores {
		memo[a.Sentences[i].ID] = v
	}
	return memo[s.ID]
}

// pairStance is the stance written for a pair whose sentences' common
// stance is st: PRO or CON as st says, else the side the stance model leans
// to over the two sentences (texts, when given, are tagged first).
func (t *topic) pairStance(st stance.Stance, first, second string, texts ...string) stance.Stance {
	if !t.p.c.Stance {
		return stance.Unknown
	}
	if st == stance.Pro || st == stance.Con {
		return st
	}
	for i, text := range texts {
		id := []string{first, second}[i]
		if _, ok := t.lean[id]; !ok {
			if probs := t.p.stance.Probabilities(t.q.Text, text); probs != nil {
				t.lean[id] = probs[t.p.proIndex] - probs[t.p.conIndex]
			}
		}
	}
	if t.lean[first]+t.lean[second] < 0 {
		return stance.Con
	}
	return stance.Pro
}
