package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/unjudged"
	"github.com/argsearch/argsearch/internal/coordascent"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// dimensions are the judged dimensions whose mean predicted nDCG@5 the
// ranker maximises.
func dimensions() []eval.Dimension {
	return []eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence}
}

// featureNames are the learned weights, in the order coordinate ascent
// cycles through them: the fields of pairing.Weights.
func featureNames() []string {
	return []string{"retrieval", "argumentativeness", "centrality", "coherence", "similarity", "stance",
		"length", "conclusion", "lead", "rank", "same-argument", "adjacent"}
}

// fields returns pointers to w's fields in featureNames' order.
func fields(w *pairing.Weights) []*float64 {
	return []*float64{&w.Retrieval, &w.Argumentativeness, &w.Centrality, &w.Coherence, &w.Similarity, &w.Stance,
		&w.Length, &w.Conclusion, &w.Lead, &w.Rank, &w.SameArgument, &w.Adjacent}
}

// toVector and toWeights convert between pairing.Weights and the vector
// coordinate ascent searches.
func toVector(w pairing.Weights) []float64 {
	var out []float64
	for _, f := range fields(&w) {
		out = append(out, *f)
	}
	return out
}

func toWeights(v []float64) pairing.Weights {
	var w pairing.Weights
	for i, f := range fields(&w) {
		*f = v[i]
	}
	return w
}

// A setting is what the ranker learns over: the candidates' pipeline (the
// advanced configuration with its sentence encoder and re-ranking) and the
// weights that are learned; the others keep their start value.
type setting struct {
	// Encoder makes the vectors of the Similarity feature: "use" (the
	// shipped Universal Sentence Encoder lite), "glove" (averaged GloVe)
	// or "none" (no Similarity feature).
	Encoder string
	// Rerank re-ranks the candidates by similarity to the title before
	// pairing (a pairing.Mix of Similarity), as today's advanced does.
	Rerank bool
	// Features are the names of the learned weights (featureNames).
	Features []string
	// Grid is the values coordinate ascent tries for each weight: "fine"
	// (coordascent.DefaultGrid), "coarse" (−0.5, −0.25, 0, 0.25, 0.5, 1)
	// or "positive" (0, 0.25, 0.5, 1: every feature counts for a pair or
	// not at all).
	Grid string
	// Stages are the retrieval stages: "advanced" (today's two) or
	// "advanced+pearl" (with the pearl recipe's two sentence stages,
	// the four fused half and half).
	Stages string
	// With2021 adds the embedded 2021 sample's topics to the objective,
	// scored by their official relevance judgments (eval.Official(2021)):
	// judged-only nDCG@5 of the pairs mapped to the argument of their
	// first sentence (eval.FirstSentence), as the evaluate command's
	// -year 2021 -pairs first scores. See objective.
	With2021 bool
	// Weigh is how the two years' figures are combined with With2021:
	// "year" (each year a half) or "topic" (each topic alike: the years
	// weighed by their numbers of topics).
	Weigh string
}

// start is the weights coordinate ascent starts from: today's advanced
// Builder weights (pairing.Weights's defaults but centrality).
func start() pairing.Weights {
	return pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25}
}

// pipeline returns the advanced configuration of s with Builder weights w:
// system.Advanced with the stages, encoder and re-ranking of s.
func (s setting) pipeline(w pairing.Weights) system.Pipeline {
	p := system.Advanced() // its stages are today's: the weights are what is learned
	if s.Stages == "advanced+pearl" {
		stages := slices.Clone(p.Retrieve.Stages)
		for i := range stages {
			stages[i].Weight /= 2
		}
		p.Retrieve.Stages = append(stages, pearlStages()...)
	}
	enc := semantic.USE // for "none", the re-ranking's
	if s.Encoder == "glove" {
		enc = semantic.GloVe
	}
	p.Rerank = nil
	if s.Rerank {
		p.Rerank = []pairing.Reranker{pairing.Mix{Similarity: true, Encoder: enc}}
	}
	p.Pair = pairing.Builder{Weights: w, Encoder: enc}
	return p
}

// pearlStages are the pearl recipe's two sentence stages (Dirichlet LM,
// and DPH with Bo1 expansion), 1000 sentences each, weighing a quarter
// each.
func pearlStages() []system.Stage {
	r, err := system.FindRecipe("pearl")
	if err != nil {
		panic(err) // a recipe the system package ships
	}
	stages := slices.Clone(r.System.(system.Pipeline).Retrieve.Stages)
	for i := range stages {
		stages[i].Depth, stages[i].Weight = 1000, 0.25
	}
	return stages
}

// fixed returns the indexes of the weights s does not learn.
func (s setting) fixed() []int {
	var out []int
	for i, name := range featureNames() {
		if !slices.Contains(s.Features, name) {
			out = append(out, i)
		}
	}
	return out
}

// A topicCands holds one topic's candidates, with every feature computed:
// all that the weights do not change.
type topicCands struct {
	topic topics.Topic
	qid   string
	cands []pairing.Candidate
}

// recorder is a Pairer that keeps the candidates it is given, with the
// features its Builder computes of them (pairing.Builder.Features), and
// pairs them with its Builder.
type recorder struct {
	builder pairing.Builder
	got     *[]pairing.Candidate
}

// Bind binds the recorder's Builder (pairing.Env): the environment gives it
// what its weights weigh.
func (r recorder) Bind(env pairing.Env) (pairing.Pairer, error) {
	b, err := r.builder.Bind(env)
	if err != nil {
		return nil, err
	}
	r.builder = b.(pairing.Builder)
	return r, nil
}

func (r recorder) Build(ctx context.Context, q retrieval.Query, cands []pairing.Candidate, k int) ([]pairing.Scored, error) {
	got, err := r.builder.Features(ctx, q, cands)
	if err != nil {
		return nil, err
	}
	*r.got = got
	return r.builder.Build(ctx, q, cands, k)
}

// candidates runs s's pipeline on each of tops up to the Builder and
// returns their candidates, with centrality and (unless s.Encoder is
// "none") similarity to the title computed.
func candidates(ctx context.Context, env *system.Env, s setting, tops []topics.Topic) ([]topicCands, error) {
	all := start()
	all.Centrality = 1 // weighed, so computed
	if s.Encoder != "none" {
		all.Similarity = 1 // weighed, so the vectors are made
	}
	out := make([]topicCands, len(tops))
	for i, t := range tops {
		p := s.pipeline(all)
		var got []pairing.Candidate
		p.Pair = recorder{builder: p.Pair.(pairing.Builder), got: &got}
		if _, err := p.Answer(ctx, env, t); err != nil {
			return nil, fmt.Errorf("topic %s: %w", t.ID, err)
		}
		out[i] = topicCands{topic: t, qid: t.ID, cands: got}
	}
	return out, nil
}

// builder returns the Builder of s's pipeline with weights w, as the
// pipeline pairs with it (its Pool the Pipeline's), without the means to
// compute features (pairing.Builder.Features): it pairs candidates whose
// features the recorder kept.
func (s setting) builder(w pairing.Weights) pairing.Builder {
	p := s.pipeline(w)
	b := p.Pair.(pairing.Builder)
	b.Pool = cmp.Or(b.Pool, p.Pool, 100)
	b.Encoder = nil
	return b
}

// top5 returns the first five pairs b builds from tc's candidates as a
// run's lines.
func top5(ctx context.Context, b pairing.Builder, tc topicCands) ([]runfile.Line, error) {
	return topK(ctx, b, tc, 5)
}

// topK returns the first k pairs b builds from tc's candidates as a run's
// lines.
func topK(ctx context.Context, b pairing.Builder, tc topicCands, k int) ([]runfile.Line, error) {
	pairs, err := b.Build(ctx, retrieval.Query{ID: tc.qid}, tc.cands, k)
	if err != nil {
		return nil, err
	}
	lines := make([]runfile.Line, len(pairs))
	for i, p := range pairs {
		lines[i] = runfile.Line{QID: tc.qid, DocID: p.ID(), Rank: i + 1, Score: p.Score, Tag: "trainranker"}
	}
	return lines, nil
}

// A predictor gives a run's predicted nDCG@k (eval/unjudged's Model).
type predictor interface {
	NDCG(ctx context.Context, run runfile.Run, k int, d eval.Dimension, opt eval.Options) (*eval.EstimatedNDCG, error)
}

// argumentTopics are topics judged per argument (the 2021 sample), whose
// runs of pairs are scored by argumentNDCG.
type argumentTopics struct {
	tcs   []topicCands
	qrels *eval.Qrels
	tops  []topics.Topic
}

// argumentDepth is the number of pairs built per argument-judged topic
// while training: enough for the first five judged arguments after the
// pairs are mapped to arguments (duplicates and unjudged ones dropped)
// in practice; crossValidate warns when a held-out topic's figure on the
// cached candidates differs from the real run's.
const argumentDepth = 50

// argumentOptions are how argument-judged topics are scored: judged-only
// nDCG@5 of the pairs mapped to their first sentence's argument.
func argumentOptions() (eval.Options, error) {
	m, err := eval.ParseMeasure("ndcg_cut.5")
	if err != nil {
		return eval.Options{}, err
	}
	return eval.Options{Measures: []eval.Measure{m}, JudgedOnly: true, Pairs: eval.FirstSentence}, nil
}

// argumentNDCG returns the judged-only nDCG@5 (argumentOptions) of run
// against q, per topic (by topic id) and its mean.
func argumentNDCG(q *eval.Qrels, run runfile.Run) (map[string]float64, float64, error) {
	opt, err := argumentOptions()
	if err != nil {
		return nil, 0, err
	}
	e, err := eval.Evaluate(q, run, opt)
	if err != nil {
		return nil, 0, err
	}
	vs, err := e.PerTopic("ndcg_cut_5")
	if err != nil {
		return nil, 0, err
	}
	mean, err := e.Mean("ndcg_cut_5")
	if err != nil {
		return nil, 0, err
	}
	byTopic := map[string]float64{}
	for i, t := range e.Topics {
		byTopic[t.Topic] = vs[i]
	}
	return byTopic, mean, nil
}

// buildRuns builds each of tcs' first k pairs with b, workers topics at
// once, as a run.
func buildRuns(ctx context.Context, b pairing.Builder, tcs []topicCands, k, workers int) (runfile.Run, error) {
	run := runfile.Run{}
	lines := make([][]runfile.Line, len(tcs))
	errs := make([]error, len(tcs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, workers) {
		wg.Go(func() {
			for i := range next {
				lines[i], errs[i] = topK(ctx, b, tcs[i], k)
			}
		})
	}
	for i := range tcs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, tc := range tcs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if len(lines[i]) > 0 {
			run[tc.qid] = lines[i]
		}
	}
	return run, nil
}

// objective returns the mean over the dimensions of the predicted nDCG@5,
// over tcs, of the Builder of s with the weights given, building the
// topics' pairs with workers goroutines. With args (s.With2021), it is
// the mean of that figure and of the mean judged-only nDCG@5 over args'
// topics (argumentNDCG): each year weighs a half, whatever its number of
// topics, or with s.Weigh "topic" each topic alike.
func objective(m predictor, s setting, tcs []topicCands, args *argumentTopics, workers int) coordascent.Objective {
	return func(ctx context.Context, v []float64) (float64, error) {
		b := s.builder(toWeights(v))
		run, err := buildRuns(ctx, b, tcs, 5, workers)
		if err != nil {
			return 0, err
		}
		sum := 0.0
		for _, d := range dimensions() {
			e, err := m.NDCG(ctx, run, 5, d, eval.Options{})
			if err != nil {
				return 0, err
			}
			sum += e.Mean
		}
		value := sum / float64(len(dimensions()))
		if args == nil || len(args.tcs) == 0 {
			return value, nil
		}
		run, err = buildRuns(ctx, b, args.tcs, argumentDepth, workers)
		if err != nil {
			return 0, err
		}
		_, mean, err := argumentNDCG(args.qrels, run)
		if err != nil {
			return 0, err
		}
		if s.Weigh == "topic" {
			n, n21 := float64(len(tcs)), float64(len(args.tcs))
			return (n*value + n21*mean) / (n + n21), nil
		}
		return (value + mean) / 2, nil
	}
}

// learn trains the weights of s on tcs by coordinate ascent against the
// predicted labels of m (and, with args, the judgments of args' topics),
// from start(). trace, if not nil, hears of each
// cycle.
func learn(ctx context.Context, m predictor, s setting, tcs []topicCands, args *argumentTopics, workers int, trace func(int, []float64, float64)) (pairing.Weights, float64, error) {
	c := coordascent.Config{Fixed: s.fixed(), Trace: trace}
	switch s.Grid {
	case "coarse":
		c.Grid = []float64{-0.5, -0.25, 0, 0.25, 0.5, 1}
	case "positive":
		c.Grid = []float64{0, 0.25, 0.5, 1}
	}
	v, best, err := coordascent.Maximize(ctx, objective(m, s, tcs, args, workers), toVector(start()), c)
	if err != nil {
		return pairing.Weights{}, 0, err
	}
	return toWeights(v), best, nil
}

// trainPredictor trains eval/unjudged's model on the judgments of tops
// alone, with the texts of env's store and the encoder enc.
func trainPredictor(ctx context.Context, env *system.Env, tops []topics.Topic, enc semantic.Encoder) (*unjudged.Model, error) {
	ids := make([]string, len(tops))
	for i, t := range tops {
		ids[i] = t.ID
	}
	return unjudged.Train(ctx, env.Judgments.Subset(ids), env.Store, tops, enc)
}

// cachedEncoder remembers the vectors its Encoder made, so that the
// judged sentences are encoded once for every predictor trained.
type cachedEncoder struct {
	enc semantic.Encoder
	mu  sync.Mutex
	got map[string][]float32
}

func (c *cachedEncoder) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var todo []string
	seen := map[string]bool{}
	for _, t := range texts {
		if _, ok := c.got[t]; !ok && !seen[t] {
			seen[t], todo = true, append(todo, t)
		}
	}
	if len(todo) > 0 {
		vs, err := c.enc.Encode(ctx, todo)
		if err != nil {
			return nil, err
		}
		if c.got == nil {
			c.got = map[string][]float32{}
		}
		for i, t := range todo {
			c.got[t] = vs[i]
		}
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = c.got[t]
	}
	return out, nil
}
