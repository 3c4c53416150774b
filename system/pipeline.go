package system

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/nlp/pos"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system/internal/envload"
	"github.com/argsearch/argsearch/topics"
)

// A Pipeline is a Touché 2022 system in six steps, each a part of the
// library that a field switches or configures:
//
//  1. Retrieval: the Stages, fused (CombSUM of min–max normalised scores),
//     Depth sentences deep; with NounChunks, a Boolean query of the title's
//     noun chunks first.
//  2. Filters, in this order, cheapest first: Length (5 to 60 words), Noise
//     (debate noise), Dedup (exact and normalised duplicates),
//     Argumentative (the argumentativeness model's threshold) and Verb (a
//     verb by part-of-speech tags). The first Pool sentences kept are the
//     candidates.
//  3. Candidates: their argumentativeness (the argumentativeness model),
//     their stance (stance.Rule: the args.me label, else the stance model),
//     their ArgsRank centrality when the Builder weighs it, then an optional
//     re-ranking (Rerank).
//  4. Pairs (Pairer): a pairing.Builder, pairing.Next (each candidate with
//     the next sentence of its argument), pairing.Similar, or a Pairer of
//     one's own. When the stages retrieve pairs (the pair unit), the pairs
//     they retrieved are taken as they are instead, without steps 2 to 5.
//  5. Completion: consecutive sentences of the retrieved arguments fill the
//     list up to the Env's K pairs (pairing.Complete), ranked below the
//     pairs made.
//  6. Stance: each pair's side, by stance.Rule (NoStance: "Q0").
//
// Advanced returns the library's strongest configuration, and Recipes the
// published Touché 2022 systems written as configurations. A Pipeline is
// used by value and is safe for concurrent use.
type Pipeline struct {
	// Analysis is the analysis of the index the stages search; nil means
	// the Env's own index (Input.Index). An index of another analysis is
	// built on first use, without term vectors when no stage needs
	// feedback.
	Analysis *lexical.Analysis
	// SampleStopFrequent, if positive, replaces Analysis.StopFrequent on a
	// corpus of fewer than 10,000 arguments (a sample of args.me, whose
	// most frequent terms are its own topics' words).
	SampleStopFrequent int

	// Stages are the retrieval stages; several are fused. Nil means one:
	// BM25 over sentences.
	Stages []Stage
	// Depth is the number of sentences (or pairs) retrieved, after
	// fusion; 0 means defaultDepth (1000).
	Depth int
	// Rewriters rewrite the plain query (not the Boolean one), in order:
	// rewrite.Reduce (RAKE keywords), rewrite.Synonyms (WordNet),
	// rewrite.Expand (GloVe neighbours), or a rewriter of one's own. A
	// Synonyms without WordNet gets the shipped WordNet, and an Expand
	// without Vectors the shipped GloVe vectors, loaded on first use.
	Rewriters []rewrite.Rewriter
	// NounChunks first asks a Boolean query of the title's noun chunks of
	// the first stage (a term of every chunk, lexical.Ranking.Boolean),
	// then fills the list from the plain query, its hits ranked below.
	NounChunks bool

	// The filters; Argumentative is the threshold of the argumentativeness
	// model (0: off).
	Length, Noise, Dedup, Verb bool
	Argumentative              float64
	// Pool is the number of sentences that pass the filters which become
	// candidates; 0 means defaultPool (100).
	Pool int

	// Rerank re-orders the candidates by the mean of their min–max
	// normalised retrieval score and the signals it names.
	Rerank Rerank

	// Pairer pairs the candidates; nil means Builder. A pairing.Next or
	// pairing.Similar without a Store gets the Env's, and a Similar without
	// an Encoder the Pipeline's (Encoder, GloVe). Any other Pairer, one's
	// own included, is used as it is. Completion and stance follow as for
	// any other.
	Pairer pairing.Pairer
	// Builder pairs the candidates when Pairer is nil; its Pool, when 0,
	// is the Pipeline's. When it weighs centrality (a weight other than 0,
	// or no weights at all, which are pairing.Weights's defaults) the
	// candidates' ArgsRank centrality is computed, and when it weighs
	// similarity, their similarity to the topic's title by the Pipeline's
	// Encoder (pairing.Candidate.Similarity; also computed with
	// Rerank.Similarity).
	Builder pairing.Builder
	// NounPhrases makes the Builder's coherence compare noun phrases from
	// part-of-speech tags instead of runs of content words (slower).
	NounPhrases bool

	// NoStance writes "Q0" for every pair and gives the candidates no
	// stance.
	NoStance bool
	// SameStance gives every candidate Pro or Con (stance.Rule.Force), so
	// that a Builder pairs only sentences of the same side.
	SameStance bool

	// ArgumentModel and StanceModel replace the shipped models
	// (classify.ShippedArgumentModel, classify.ShippedStanceModel) when
	// not nil: a *classify.ArgumentModel and a *classify.StanceModel, or
	// models of one's own.
	ArgumentModel filter.Scorer
	StanceModel   stance.Model
	// Encoder makes the sentence vectors that Rerank.Similarity, the
	// Builder's Coherence.SemanticWeight, pairing.Similar and Dense stages
	// compare; nil means the shipped Universal Sentence Encoder lite
	// (semantic/use), or with GloVe the shipped GloVe word vectors
	// averaged (semantic/glove), loaded on first use.
	Encoder semantic.Encoder
	// GloVe makes averaged GloVe word vectors the sentence vectors when
	// Encoder is nil: much faster than the sentence encoder, as spaCy's
	// document vectors are such averages.
	GloVe bool
}

// A Stage is one retrieval stage of a Pipeline.
type Stage struct {
	// Search is what the stage searches and how it scores.
	Search lexical.Ranking
	// Depth is the number of hits the stage gives the fusion; 0 means the
	// Pipeline's Depth.
	Depth int
	// Weight is the stage's weight in the fusion; when every stage's is 0,
	// the stages weigh the same.
	Weight float64
	// Arguments, for a stage over the argument unit, is the number of
	// arguments retrieved; their sentences inherit their argument's score
	// (retrieval.Parts). 0 means defaultArguments (100).
	Arguments int
	// Within, for a stage over the argument unit, searches the sentences
	// (Unit "sentence") or the pairs (Unit "pair") of its Arguments
	// arguments in an index of those arguments alone, with this Search,
	// instead of giving them their argument's score: double indexing
	// (lexical.DoubleIndex).
	Within *lexical.Ranking
	// Dense ranks the Env's sentences by the cosine similarity of their
	// vectors (the Pipeline's encoder) to the title's, instead of
	// Search: exact dense retrieval (retrieval/dense) over an index of
	// every sentence, built on first use and kept for the Env's life (its
	// memory and time at full scale: BENCHMARKS.md, section "The six new
	// recipes at full scale", hit-girl).
	Dense bool
}

// Rerank names the signals a Pipeline re-ranks its candidates by.
type Rerank struct {
	// Quality is argument quality; the library's proxy is the
	// argumentativeness model (Touché's assessors rated argumentative,
	// well-formed sentences as better quality).
	Quality bool
	// Evidence is the argumentativeness model too (the library has no
	// evidence model of its own); like Quality, it was trained on UKP
	// Sentential's argumentative sentences.
	Evidence bool
	// Stance is the stance model's confidence in the sentence's stance.
	Stance bool
	// Similarity is the cosine similarity of the sentence's vector and the
	// query's (the topic's title), by the Pipeline's Encoder: meaning
	// beside the words the retrieval matched.
	Similarity bool
	// Structure is the structural similarity of the sentence and the
	// title: how alike their sequences of part-of-speech tags are
	// (pos.Tagger.Structure).
	Structure bool
}

// The defaults of a Pipeline's fields, used by the code and by String.
const (
	defaultDepth     = 1000 // Pipeline.Depth
	defaultPool      = 100  // Pipeline.Pool
	defaultArguments = 100  // Stage.Arguments
)

// sampleArguments is the size below which a corpus is a sample of args.me
// (which has 365,408 arguments), for SampleStopFrequent.
const sampleArguments = 10000

// Advanced returns the library's strongest Touché 2022 configuration:
//
//   - retrieval: an argument stage (Lucene's Dirichlet LM, μ 2000, the
//     conclusion weighted twice the premises and the discussion title, RM3
//     feedback; the sentences of its 100 arguments inherit their scores),
//     fused at 0.7 with a sentence stage (BM25, 1000 sentences), 3000
//     sentences deep;
//   - all five filters, argumentativeness at 0.5;
//   - 100 candidates, re-ranked by the mean of their retrieval score and
//     their similarity to the topic's title by averaged GloVe word vectors
//     (Rerank.Similarity, GloVe);
//   - pairs by a Builder whose weights were learned from the embedded 2022
//     sample's official judgments by examples/trainranker (coordinate
//     ascent on the predicted nDCG@5 of eval/unjudged, over the retrieval
//     score, argumentativeness, coherence, similarity to the title and
//     length; the weights, the command that retrains them and their
//     training data are in ranker_weights.go), the top five places sharing
//     no argument;
//   - stance by stance.Rule with the shipped stance model.
//
// Change its fields for a variant: each is one step of the Pipeline. The
// advanced of before the learned weights is this with GloVe false (the
// Universal Sentence Encoder lite) and Builder weights retrieval 0.45,
// argumentativeness 0.2 and coherence 0.25.
func Advanced() Pipeline {
	argumentWeight := 0.7 // a variable: 1 − 0.7 is then computed in float64, as the advanced command always has
	return Pipeline{
		Stages: []Stage{
			{
				Search: lexical.Ranking{
					Unit:    "argument",
					Scoring: lexical.Scoring{Model: "lucene-dirichlet", Mu: 2000},
					Fields:  lexical.FieldWeights{Conclusion: 2, Premise: 1, Title: 1},
					PRF:     lexical.PRF{Method: "rm3"},
				},
				Arguments: 100,
				Weight:    argumentWeight,
			},
			// The sentence stage weighs the rest of 1.
			{Search: lexical.Ranking{Unit: "sentence"}, Depth: 1000, Weight: 1 - argumentWeight},
		},
		Depth:         3000,
		Length:        true,
		Noise:         true,
		Dedup:         true,
		Verb:          true,
		Argumentative: 0.5,
		Pool:          100,
		Rerank:        Rerank{Similarity: true},
		GloVe:         true,
		Builder: pairing.Builder{
			Weights: rankerWeights(),
		},
	}
}

// Answer implements System.
func (p Pipeline) Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
	if p.needsTagger() {
		go env.shipped.Tagger() // loads on another core while check opens the index
	}
	if p.needsVectors() && p.Encoder == nil {
		// The shipped encoder loads on another core while check opens the
		// index (a no-op once it is loaded; a failed load is reported by
		// the step that needs it).
		go (&ready{Pipeline: p, env: env}).encoder()
	}
	if err := p.check(ctx, env); err != nil {
		return nil, err
	}
	r, err := p.ready(ctx, env)
	if err != nil {
		return nil, err
	}
	q := retrieval.TopicQuery(t)
	hits, err := r.hits(ctx, q)
	if err != nil {
		return nil, err
	}
	if p.retrievesPairs() {
		return r.retrievedPairs(ctx, q, hits)
	}
	kept, checked, err := filter.SelectHits(ctx, r.filters(), env.Store, hits, cmp.Or(p.Pool, defaultPool), nil)
	if err != nil {
		return nil, err
	}
	cands, err := pairing.Candidates(env.Store, kept)
	if err != nil {
		return nil, err
	}
	setRanks(cands, hits)
	if err := r.describe(ctx, q, cands); err != nil {
		return nil, err
	}
	qv, err := r.encode(ctx, q, cands)
	if err != nil {
		return nil, err
	}
	pairing.Rerank(cands, r.signals(q, qv)...)
	pairer, err := r.pairing()
	if err != nil {
		return nil, err
	}
	pairs, err := pairer.Build(ctx, cands, r.k)
	if err != nil {
		return nil, err
	}
	// Coherence rejects most pairs of sentences from different arguments:
	// the rest are consecutive sentences of the candidates' arguments, then
	// of the other retrieved ones.
	if pairs, err = pairing.Complete(pairs, env.Store, append(kept, hits[checked:]...), q.Text, r.k); err != nil {
		return nil, err
	}
	return r.results(q.Text, pairs[:min(len(pairs), r.k)])
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

// results returns the pairs as a run's results, with the sides of the
// pipeline's stance.Rule ("Q0" with NoStance).
func (r *ready) results(topic string, pairs []pairing.Scored) ([]runfile.Result, error) {
	return stanceResults(r.rule, topic, pairs), nil
}

// ready is a Pipeline made ready to answer on an Env.
type ready struct {
	Pipeline
	env      *Env
	k        int
	models   envload.Models
	tagger   *pos.Tagger         // nil unless the pipeline uses it (needsTagger)
	retrieve retrieval.Retriever // the stages, fused
	boolean  retrieval.Retriever // the first stage, Boolean (NounChunks)
	builder  pairing.Builder
	rule     stance.Rule
}

// ready assembles the pipeline's retrievers, models and builder on env.
func (p Pipeline) ready(ctx context.Context, env *Env) (*ready, error) {
	r := &ready{Pipeline: p, env: env, k: env.K, builder: p.Builder}
	r.builder.Pool = cmp.Or(r.builder.Pool, p.Pool, defaultPool)
	var err error
	if r.models, err = env.shipped.Models(); err != nil {
		return nil, err
	}
	if !isNil(p.ArgumentModel) {
		r.models.Arg = p.ArgumentModel
	}
	if !isNil(p.StanceModel) {
		r.models.Stance = p.StanceModel
	}
	if p.needsTagger() {
		if r.tagger, err = env.shipped.Tagger(); err != nil {
			return nil, err
		}
	}
	if p.NounPhrases {
		r.builder.Coherence.Phrases = r.tagger
	}
	r.rule = stanceRule(env.Store, r.models.Stance)
	r.rule.Force, r.rule.Off = p.SameStance, p.NoStance
	var index *lexical.Index // opened for the first stage that searches it
	stages := p.Stages
	if len(stages) == 0 {
		stages = []Stage{{}}
	}
	var (
		rs      []retrieval.Retriever
		depths  []int
		weights []float64
	)
	for i, s := range stages {
		if s.Dense {
			enc, err := r.encoder()
			if err != nil {
				return nil, err
			}
			x, err := env.dense.Index(ctx, enc)
			if err != nil {
				return nil, fmt.Errorf("system: stage %d: system: a dense index of the sentences: %w", i+1, err)
			}
			rs, depths, weights = append(rs, x), append(depths, s.Depth), append(weights, s.Weight)
			continue
		}
		if index == nil {
			if index, err = env.Index(ctx, p.indexConfig(env)); err != nil {
				return nil, err
			}
		}
		x, err := index.With(s.Search)
		if err != nil {
			return nil, fmt.Errorf("system: stage %d: %w", i+1, err)
		}
		var sr retrieval.Retriever = x
		switch {
		case x.Ranking().Unit == "argument" && s.Within != nil:
			sr = lexical.DoubleIndex{Arguments: x, N: cmp.Or(s.Arguments, defaultArguments), Store: env.Store, Analysis: x.Analysis(), Ranking: *s.Within}
		case x.Ranking().Unit == "argument":
			sr = retrieval.Parts(x, cmp.Or(s.Arguments, defaultArguments), env.Store.SentenceIDs)
		}
		if i == 0 && p.NounChunks {
			bs := s.Search
			bs.Boolean = true
			if r.boolean, err = index.With(bs); err != nil {
				return nil, fmt.Errorf("system: stage %d, Boolean: %w", i+1, err)
			}
		}
		rs, depths, weights = append(rs, sr), append(depths, s.Depth), append(weights, s.Weight)
	}
	r.retrieve = rs[0]
	if len(rs) > 1 {
		f := retrieval.Fusion{Retrievers: rs, Depths: depths}
		if slices.ContainsFunc(weights, func(w float64) bool { return w != 0 }) {
			f.Weights = weights
		}
		r.retrieve = f
	}
	return r, nil
}

// checkStages refuses stages whose settings contradict each other or the
// pipeline's, which would otherwise be ignored or fail later with a less
// clear error.
func (p Pipeline) checkStages(stages []Stage) error {
	pairStages := 0
	for i, s := range stages {
		unit := s.Search.Unit
		switch {
		case s.Dense && s.Within != nil:
			return fmt.Errorf("system: stage %d: Dense and Within exclude each other", i+1)
		case s.Dense && i == 0 && p.NounChunks:
			return fmt.Errorf("system: stage 1: NounChunks asks a Boolean query of the first stage, which is Dense")
		case s.Within != nil && unit != "argument":
			return fmt.Errorf("system: stage %d: Within searches within retrieved arguments, but the stage's unit is %.100q", i+1, string(cmp.Or(unit, "sentence")))
		}
		if s.retrievesPairs() {
			pairStages++
		}
	}
	switch {
	case pairStages > 0 && pairStages < len(stages):
		return fmt.Errorf("system: %d of %d stages retrieve pairs: either every stage retrieves pairs (taken as they are) or none", pairStages, len(stages))
	case pairStages > 0 && p.Pairer != nil:
		return fmt.Errorf("system: Pipeline.Pairer is set, but the stages retrieve pairs, which are taken as they are")
	}
	return nil
}

// retrievesPairs reports whether the stage retrieves pairs: the pair unit,
// or the pairs of its arguments (Within).
func (s Stage) retrievesPairs() bool {
	return !s.Dense && (s.Search.Unit == "pair" || s.Within != nil && s.Within.Unit == "pair")
}

// retrievesPairs reports whether the pipeline's stages retrieve pairs,
// which it then takes as they are.
func (p Pipeline) retrievesPairs() bool {
	return len(p.Stages) > 0 && slices.ContainsFunc(p.Stages, Stage.retrievesPairs)
}

// indexConfig is the index the pipeline searches on env: the Env's own,
// or one of Analysis (with SampleStopFrequent on a sample), without term
// vectors unless a stage needs feedback.
func (p Pipeline) indexConfig(env *Env) lexical.Config {
	if p.Analysis == nil {
		return env.in.Index
	}
	an := *p.Analysis
	if p.SampleStopFrequent > 0 && env.Store.NumArguments() < sampleArguments {
		an.StopFrequent = p.SampleStopFrequent
	}
	feedback := slices.ContainsFunc(p.Stages, func(s Stage) bool { return s.Search.PRF.Method != "" })
	return lexical.Config{Analysis: &an, NoTermVectors: !feedback}
}

// hits retrieves the pipeline's depth of sentences (or pairs): with
// NounChunks, the Boolean query of the title's noun chunks first, then the
// plain query's other hits, ranked below them.
func (r *ready) hits(ctx context.Context, q retrieval.Query) ([]retrieval.Hit, error) {
	depth := cmp.Or(r.Depth, defaultDepth)
	rs, err := r.rewriters()
	if err != nil {
		return nil, err
	}
	pq := q
	for _, r := range rs {
		pq = r.Rewrite(pq)
	}
	if !r.NounChunks {
		return r.retrieve.Retrieve(ctx, pq, depth)
	}
	var hits []retrieval.Hit
	if chunks := r.tagger.NounPhrases(q.Text); len(chunks) > 0 {
		bq := q
		bq.Text = lexical.BooleanQuery(chunks)
		var err error
		if hits, err = r.boolean.Retrieve(ctx, bq, depth); err != nil {
			return nil, err
		}
	}
	if len(hits) == depth {
		return hits, nil
	}
	plain, err := r.retrieve.Retrieve(ctx, pq, depth)
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
		if !seen[h.ID] && len(hits) < depth {
			hits = append(hits, retrieval.Hit{ID: h.ID, Score: h.Score + shift})
		}
	}
	return hits, nil
}

// filters returns a new chain of the pipeline's filters, cheapest first (a
// Dedup remembers what it has seen, so every topic gets its own).
func (r *ready) filters() filter.Filter {
	var fs []filter.Filter
	if r.Length {
		fs = append(fs, filter.Length{Min: 5, Max: 60})
	}
	if r.Noise {
		fs = append(fs, filter.Noise{})
	}
	if r.Dedup {
		fs = append(fs, &filter.Dedup{})
	}
	if r.Argumentative > 0 {
		fs = append(fs, filter.Argumentative{Scorer: r.models.Arg, Threshold: r.Argumentative})
	}
	if r.Verb { // last: tagging is the slowest check
		fs = append(fs, filter.Verb{Tagger: r.tagger})
	}
	return filter.Chain(fs...)
}

// needsTagger reports whether the pipeline tags parts of speech: for the
// Verb filter, the title's noun chunks (NounChunks), the Builder's noun
// phrases (NounPhrases) or the structural similarity (Rerank.Structure).
// Only such a pipeline loads the tagger.
func (p Pipeline) needsTagger() bool {
	return p.Verb || p.NounChunks || p.NounPhrases || p.Rerank.Structure
}

// weighsCentrality reports whether a Builder with weights w weighs
// centrality: when its weight is not 0, or when no weight is set, which
// pairing.Weights reads as its defaults, centrality among them.
func weighsCentrality(w pairing.Weights) bool {
	return w.Centrality != 0 || w == (pairing.Weights{})
}

// describe fills in what the models say of the candidates: their
// argumentativeness, their stance (stance.Rule) and, when the Builder
// weighs it, their centrality within their argument.
func (r *ready) describe(ctx context.Context, q retrieval.Query, cands []pairing.Candidate) error {
	for i := range cands {
		cands[i].Argumentativeness = r.models.Arg.Score(cands[i].Sentence.Text)
	}
	if err := tagCandidates(ctx, r.rule, q.Text, cands); err != nil {
		return err
	}
	if !weighsCentrality(r.builder.Weights) {
		return nil
	}
	centrality := map[string]float64{} // sentence id → ArgsRank centrality
	for i := range cands {
		c := &cands[i]
		if _, ok := centrality[c.Sentence.ID]; !ok {
			a, _ := r.env.Store.Argument(c.Argument)
			for j, v := range (pairing.ArgsRank{}).Argument(a) {
				centrality[a.Sentences[j].ID] = v
			}
		}
		c.Centrality = centrality[c.Sentence.ID]
	}
	return nil
}

// signals returns what the candidates are re-ranked by besides their
// retrieval score (pairing.Rerank), in the order Rerank lists them; the
// argumentativeness model stands for both Quality and Evidence, once.
func (r *ready) signals(q retrieval.Query, query []float32) []func(pairing.Candidate) float64 {
	rr := r.Rerank
	var out []func(pairing.Candidate) float64
	if rr.Quality || rr.Evidence {
		out = append(out, func(c pairing.Candidate) float64 { return c.Argumentativeness })
	}
	if rr.Stance {
		out = append(out, func(c pairing.Candidate) float64 { return c.StanceConfidence })
	}
	if rr.Similarity {
		out = append(out, func(c pairing.Candidate) float64 { return semantic.Cosine(c.Vector, query) })
	}
	if rr.Structure {
		out = append(out, func(c pairing.Candidate) float64 { return r.tagger.Structure(q.Text, c.Sentence.Text) })
	}
	return out
}

// pairing returns the pipeline's Pairer: its Builder when Pairer is nil;
// a pairing.Next or Similar given what it lacks from the Env (the store)
// and the pipeline (the encoder); else Pairer as it is.
func (r *ready) pairing() (pairing.Pairer, error) {
	switch pr := r.Pairer.(type) {
	case nil:
		return r.builder, nil
	case pairing.Next:
		if pr.Store == nil {
			pr.Store = r.env.Store
		}
		return pr, nil
	case pairing.Similar:
		if pr.Store == nil {
			pr.Store = r.env.Store
		}
		if pr.Encoder == nil {
			enc, err := r.encoder()
			if err != nil {
				return nil, err
			}
			pr.Encoder = enc
		}
		return pr, nil
	}
	return r.Pairer, nil
}

// retrievedPairs turns hits of the pair unit into results.
func (r *ready) retrievedPairs(ctx context.Context, q retrieval.Query, hits []retrieval.Hit) ([]runfile.Result, error) {
	pairs, err := pairing.Retrieved(r.env.Store, hits[:min(len(hits), r.k)])
	if err != nil {
		return nil, fmt.Errorf("system: retrieved pairs: %w", err)
	}
	return r.results(q.Text, pairs)
}
