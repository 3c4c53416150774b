package pairing

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
)

// Weights combine a pair's evidence into its score: the weighted mean of
// its features, divided by the sum of the weights' absolute values, so that
// a negative weight counts against a feature. All zero (the zero value)
// means the defaults: relevance first, then argumentativeness and
// coherence, then centrality (Retrieval 0.45, Argumentativeness 0.2,
// Centrality 0.1, Coherence 0.25).
//
// The sentence features (every field but Coherence, SameArgument and
// Adjacent) are the means over the pair's two sentences; they also order
// the candidates (Builder). Each is in [0, 1].
type Weights struct {
	Retrieval         float64 // the mean normalised retrieval score of the two sentences
	Argumentativeness float64 // their mean argumentativeness
	Centrality        float64 // their mean ArgsRank centrality
	Coherence         float64 // the pair's Coherence score

	Similarity float64 // their mean Candidate.Similarity to the query, min–max normalised as Retrieval
	Stance     float64 // their mean Candidate.StanceConfidence
	Length     float64 // their mean length in words over 60, at most 1
	Conclusion float64 // the share of the two that are their argument's conclusion
	Lead       float64 // their mean 1/k for premise sentence k, 0 for a conclusion
	Rank       float64 // their mean 1/log2(1+Candidate.Rank), 0 for rank 0

	SameArgument float64 // 1 when both come from one argument
	Adjacent     float64 // 1 when they are consecutive premise sentences of one argument
}

// orDefault returns w, or the defaults when all weights are zero.
func (w Weights) orDefault() Weights {
	if w == (Weights{}) {
		return Weights{Retrieval: 0.45, Argumentativeness: 0.2, Centrality: 0.1, Coherence: 0.25}
	}
	return w
}

// singleSum is the sum of the absolute sentence weights, by which a
// candidate's single score is divided.
func (w Weights) singleSum() float64 {
	return math.Abs(w.Retrieval) + math.Abs(w.Argumentativeness) + math.Abs(w.Centrality) +
		math.Abs(w.Similarity) + math.Abs(w.Stance) + math.Abs(w.Length) + math.Abs(w.Conclusion) +
		math.Abs(w.Lead) + math.Abs(w.Rank)
}

// extra returns the weighted sum of a candidate's sentence features beyond
// retrieval, argumentativeness and centrality; exactly 0 when their
// weights are.
func (w Weights) extra(f extraFeatures) float64 {
	return w.Similarity*f.similarity + w.Stance*f.stance + w.Length*f.length +
		w.Conclusion*f.conclusion + w.Lead*f.lead + w.Rank*f.rank
}

// extraFeatures are a candidate's sentence features beyond retrieval,
// argumentativeness and centrality (Weights).
type extraFeatures struct {
	similarity, stance, length, conclusion, lead, rank float64
	kind                                               docid.Kind // "" for an id that is no sentence id
	number                                             int
}

// mean returns the features' means over a and b.
func (a extraFeatures) mean(b extraFeatures) extraFeatures {
	return extraFeatures{
		similarity: (a.similarity + b.similarity) / 2, stance: (a.stance + b.stance) / 2,
		length: (a.length + b.length) / 2, conclusion: (a.conclusion + b.conclusion) / 2,
		lead: (a.lead + b.lead) / 2, rank: (a.rank + b.rank) / 2,
	}
}

// extraOf computes c's extra features, given its similarity normalised
// over the candidates.
func extraOf(c Candidate, similarity float64) extraFeatures {
	f := extraFeatures{
		similarity: similarity,
		stance:     finite(c.StanceConfidence),
		length:     min(1, float64(len(strings.Fields(c.Sentence.Text)))/60),
	}
	if c.Rank > 0 {
		f.rank = 1 / math.Log2(1+float64(c.Rank))
	}
	if sid, err := docid.ParseSentence(c.Sentence.ID); err == nil {
		f.kind, f.number = sid.Kind, sid.Number
		if sid.Kind == docid.Conclusion {
			f.conclusion = 1
		} else {
			f.lead = 1 / float64(sid.Number)
		}
	}
	return f
}

// A Scored is a pair with its score and stance, as a Builder ranks it.
type Scored struct {
	Pair
	// Score is the value to write to a run file: it does not increase down
	// a Builder's result (see Builder).
	Score float64
	// Raw is the pair's combined score before diversification.
	Raw float64
	// Coherence is the pair's Coherence score.
	Coherence float64
	// Stance is the pair's stance, stance.Combine of its sentences'
	// stances (a Builder never pairs Pro with Con), and StanceConfidence
	// its confidence.
	Stance           stance.Stance
	StanceConfidence float64
	// SameArgument reports that both sentences come from one argument.
	SameArgument bool
}

// A Builder pairs the retrieved candidate sentences of one query and ranks
// the pairs.
//
// Candidates are ordered by their single score, the weighted mean (with
// the sentence weights: every weight but Coherence, SameArgument and
// Adjacent) of their normalised retrieval score, argumentativeness,
// centrality and other sentence features; ties go to the smaller sentence
// id. The first Pool of them are paired with each
// other, every two once, when Coherence joins them (so never two sentences
// of opposite stance). A pair's score is
//
//	Raw = (wR·r + wA·a + wC·c + wCoh·coherence + Σ w·f) / (|wR| + |wA| + |wC| + |wCoh| + Σ |w|)
//
// where r, a and c are the means over its two sentences of the retrieval
// score min–max normalised over all candidates, the argumentativeness and
// the centrality, and f the pair's other features with their weights w
// (Weights).
//
// Reading order: two sentences of one argument are in the argument's order
// (inReadingOrder); sentences of different arguments are ordered by single
// score, the better one first, ties by sentence id.
//
// Diversity: pairs are ranked by Raw descending, ties by id descending (the
// order trec_eval reads a run in). Then the first Diversity places are
// filled MMR-style: each takes the pair maximising Raw − Redundancy·(the
// largest TF-IDF similarity between its sentences and those of the pairs
// already placed) among pairs that share no argument with them; when no
// such pair is left, the best remaining pair. The rest follow in Raw order.
// Score equals Raw, except where diversification moved a pair above better
// ones: there Score is lowered to just below the Score above it, so scores
// never increase down the list and trec_eval's sort keeps this order.
//
// Features: the sentence features the Weights weigh are the candidates'
// own, except those the Builder has the means to compute (Features): the
// Scorer's argumentativeness, the centrality within the Store's arguments
// (ArgsRank) and, for candidates without a Vector, the Encoder's vectors
// and their similarity to the query. In a system.Pipeline, Bind gives it
// the environment's for what its weights weigh.
//
// The zero value is usable. A Builder is safe for concurrent use when its
// Coherence is.
type Builder struct {
	Weights   Weights
	Coherence Coherence
	// Pool bounds the candidates that are paired; 0 means 100 (at most
	// 4,950 pairs).
	Pool int
	// Diversity is the number of top places in which no argument repeats;
	// 0 means 5, negative means none.
	Diversity int
	// Redundancy is the MMR penalty on similarity to placed pairs; 0 means
	// 0.3, negative means none.
	Redundancy float64

	// Scorer, if not nil, gives every candidate its Argumentativeness when
	// the weights weigh it; Bind gives the environment's model.
	Scorer interface{ Score(text string) float64 }
	// Store, if not nil, gives every candidate its ArgsRank centrality
	// within its argument when the weights weigh centrality; Bind gives the
	// environment's corpus.
	Store *corpus.Store
	// Encoder, if not nil, gives the candidates their vectors and their
	// similarity to the query when the weights weigh Similarity or the
	// Coherence a SemanticWeight, unless every candidate has a Vector
	// already (a Mix that compared them gave them theirs): nil or
	// semantic.USE means the shipped Universal Sentence Encoder lite,
	// semantic.GloVe the shipped GloVe vectors averaged, as Bind takes them
	// from the environment.
	Encoder semantic.Encoder
}

// The defaults of a Builder's fields.
const (
	defaultPool       = 100
	defaultDiversity  = 5
	defaultRedundancy = 0.3
)

// Bind returns the Builder with what its weights need and it lacks taken
// from env (see Env): the argumentativeness model, the corpus for
// centrality and the encoder for similarity. A negative Pool is an error.
func (b Builder) Bind(env Env) (Pairer, error) {
	if b.Pool < 0 {
		return nil, fmt.Errorf("pairing: Builder.Pool %d: cannot be negative (0 means %d)", b.Pool, defaultPool)
	}
	w := b.Weights.orDefault()
	var err error
	if w.Argumentativeness != 0 && b.Scorer == nil {
		if b.Scorer, err = env.ArgumentModel(); err != nil {
			return nil, fmt.Errorf("pairing: Builder: %w", err)
		}
	}
	if w.Centrality != 0 && b.Store == nil {
		b.Store = env.Corpus()
	}
	if b.needsVectors() {
		if b.Encoder, err = env.Encoder(b.Encoder); err != nil {
			return nil, fmt.Errorf("pairing: Builder: %w", err)
		}
	}
	return b, nil
}

// needsVectors reports whether the Builder compares the candidates'
// vectors: its weights weigh Similarity, or its Coherence the vectors.
func (b Builder) needsVectors() bool {
	return b.Weights.orDefault().Similarity != 0 || b.Coherence.SemanticWeight > 0
}

// Features returns the candidates of query q with the features the
// Builder weighs and has the means to compute filled in (see Builder):
// their Argumentativeness by the Scorer, their Centrality within the
// Store's arguments, and their Vector and Similarity to q by the Encoder
// when some candidate has no Vector. Build pairs what it returns; cands is
// not modified.
func (b Builder) Features(ctx context.Context, q retrieval.Query, cands []Candidate) ([]Candidate, error) {
	if err := nilctx.Check(ctx, "pairing: Builder.Features"); err != nil {
		return nil, err
	}
	cands = slices.Clone(cands)
	w := b.Weights.orDefault()
	if w.Argumentativeness != 0 && b.Scorer != nil {
		for i := range cands {
			cands[i].Argumentativeness = b.Scorer.Score(cands[i].Sentence.Text)
		}
	}
	if w.Centrality != 0 && b.Store != nil {
		centrality := map[string]float64{} // sentence id → ArgsRank centrality
		for i := range cands {
			c := &cands[i]
			if _, ok := centrality[c.Sentence.ID]; !ok {
				a, _ := b.Store.Argument(c.Argument)
				for j, v := range (ArgsRank{}).Argument(a) {
					centrality[a.Sentences[j].ID] = v
				}
			}
			c.Centrality = centrality[c.Sentence.ID]
		}
	}
	missing := slices.ContainsFunc(cands, func(c Candidate) bool { return c.Vector == nil })
	if b.needsVectors() && b.Encoder != nil && missing && len(cands) > 0 {
		if _, err := encode(ctx, b.Encoder, q, cands); err != nil {
			return nil, err
		}
	}
	return cands, nil
}

// Build pairs and ranks the candidates of query q (with the features
// Features gives them) and returns at most k pairs, best first; k <= 0
// means all. The candidates are not modified. A cancelled ctx gives an
// error wrapping ctx.Err().
func (b Builder) Build(ctx context.Context, q retrieval.Query, cands []Candidate, k int) ([]Scored, error) {
	cands, err := b.Features(ctx, q, cands)
	if err != nil {
		return nil, err
	}
	return b.build(ctx, cands, k)
}

// build pairs and ranks cands, whose features are computed (Build).
func (b Builder) build(ctx context.Context, cands []Candidate, k int) ([]Scored, error) {
	w := b.Weights.orDefault()
	pool := cmp.Or(b.Pool, defaultPool)
	diversity := cmp.Or(b.Diversity, defaultDiversity)
	redundancy := max(0, cmp.Or(b.Redundancy, defaultRedundancy))

	// Normalise retrieval scores; order candidates by single score.
	retr := make([]float64, len(cands))
	for i, c := range cands {
		retr[i] = finite(c.Retrieval)
	}
	retr = minMax(retr)
	sim := make([]float64, len(cands))
	for i, c := range cands {
		sim[i] = finite(c.Similarity)
	}
	sim = minMax(sim)
	single := make([]float64, len(cands))
	extra := make([]extraFeatures, len(cands))
	singleSum := w.singleSum()
	for i, c := range cands {
		extra[i] = extraOf(c, sim[i])
		if singleSum > 0 {
			single[i] = (w.Retrieval*retr[i] + w.Argumentativeness*finite(c.Argumentativeness) +
				w.Centrality*finite(c.Centrality) + w.extra(extra[i])) / singleSum
		}
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		if c := cmp.Compare(single[j], single[i]); c != 0 {
			return c
		}
		return cmp.Compare(cands[i].Sentence.ID, cands[j].Sentence.ID)
	})
	if len(order) > pool {
		order = order[:pool]
	}

	coh := b.Coherence
	idf := &idfTable{}
	for _, i := range order {
		idf.add(cands[i].Sentence.Text)
	}
	feats := make([]sentenceFeatures, len(cands))
	in := interner{}
	for _, i := range order {
		feats[i] = coh.features(cands[i], idf, in)
	}

	sc := scoring{w: w, coh: coh, cands: cands, retr: retr, extra: extra, feats: feats,
		total: math.Abs(w.Retrieval) + math.Abs(w.Argumentativeness) + math.Abs(w.Centrality) + math.Abs(w.Coherence) +
			math.Abs(w.Similarity) + math.Abs(w.Stance) + math.Abs(w.Length) + math.Abs(w.Conclusion) +
			math.Abs(w.Lead) + math.Abs(w.Rank) + math.Abs(w.SameArgument) + math.Abs(w.Adjacent)}
	var pairs []scoredPair
	for x, i := range order {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("pairing: %w", err)
		}
		for _, j := range order[x+1:] {
			if p, ok := sc.pair(i, j); ok {
				pairs = append(pairs, p)
			}
		}
	}
	slices.SortFunc(pairs, func(x, y scoredPair) int {
		if c := cmp.Compare(y.Raw, x.Raw); c != 0 {
			return c
		}
		return cmp.Compare(y.ID(), x.ID())
	})
	pairs = diversify(pairs, feats, diversity, redundancy)
	if k > 0 && len(pairs) > k {
		pairs = pairs[:k]
	}
	out := make([]Scored, len(pairs))
	for i, p := range pairs {
		out[i] = p.Scored
		if i > 0 && out[i].Score >= out[i-1].Score {
			out[i].Score = math.Nextafter(out[i-1].Score, math.Inf(-1))
		}
	}
	return out, nil
}

// scoring is what scores the pairs of one Build: the weights, the
// coherence, and the candidates with their normalised retrieval scores,
// extra features and coherence features.
type scoring struct {
	w     Weights
	coh   Coherence
	cands []Candidate
	retr  []float64
	extra []extraFeatures
	feats []sentenceFeatures
	total float64 // the sum of the absolute weights
}

// pair scores the pair of candidates i and j, i the one of the better
// single score; ok is false when Coherence does not join them.
func (sc scoring) pair(i, j int) (scoredPair, bool) {
	w, cands, retr, extra, feats := sc.w, sc.cands, sc.retr, sc.extra, sc.feats
	if cands[i].Sentence.ID == cands[j].Sentence.ID {
		return scoredPair{}, false
	}
	ci, cj := cands[i], cands[j]
	c, ok := sc.coh.score(ci, cj, feats[i], feats[j])
	if !ok {
		return scoredPair{}, false
	}
	same := feats[i].argID == feats[j].argID
	var sameArg, adjacent float64
	if same {
		sameArg = 1
		ei, ej := extra[i], extra[j]
		if ei.kind == docid.Premise && ej.kind == docid.Premise && (ei.number-ej.number == 1 || ej.number-ei.number == 1) {
			adjacent = 1
		}
	}
	// The terms beyond the first four add exactly 0 when their weights are
	// 0, so that such weights score as they always have.
	raw := (w.Retrieval*(retr[i]+retr[j])/2 +
		w.Argumentativeness*(finite(ci.Argumentativeness)+finite(cj.Argumentativeness))/2 +
		w.Centrality*(finite(ci.Centrality)+finite(cj.Centrality))/2 +
		w.Coherence*c +
		w.extra(extra[i].mean(extra[j])) + w.SameArgument*sameArg + w.Adjacent*adjacent) / sc.total
	first, second := i, j // i has the better single score
	if same {
		p := inReadingOrder(ci.Sentence, cj.Sentence)
		if p.First.ID != ci.Sentence.ID {
			first, second = j, i
		}
	}
	st, conf := stance.Combine(ci.Stance, ci.StanceConfidence, cj.Stance, cj.StanceConfidence)
	s := Scored{
		Pair:             Pair{First: cands[first].Sentence, Second: cands[second].Sentence},
		Raw:              raw,
		Score:            raw,
		Coherence:        c,
		Stance:           st,
		StanceConfidence: conf,
		SameArgument:     same,
	}
	return scoredPair{Scored: s, a: first, b: second}, true
}

type scoredPair struct {
	Scored
	a, b int // candidate indexes
}

// diversify reorders the first places of pairs (sorted by Raw) as Builder
// documents.
func diversify(pairs []scoredPair, feats []sentenceFeatures, places int, redundancy float64) []scoredPair {
	if places <= 0 || len(pairs) < 2 {
		return pairs
	}
	// The candidates that occur in pairs, and for each the largest
	// similarity to a sentence already placed.
	var members []int
	seen := map[int]bool{}
	for _, p := range pairs {
		for _, x := range []int{p.a, p.b} {
			if !seen[x] {
				seen[x] = true
				members = append(members, x)
			}
		}
	}
	maxSim := make([]float64, len(feats))
	out := make([]scoredPair, 0, len(pairs))
	used := make([]bool, len(pairs))
	args := map[string]bool{}
	for len(out) < places && len(out) < len(pairs) {
		best, bestVal := -1, math.Inf(-1)
		fallback := -1
		for i, p := range pairs {
			if used[i] {
				continue
			}
			if fallback < 0 {
				fallback = i
			}
			if args[feats[p.a].argID] || args[feats[p.b].argID] {
				continue
			}
			val := p.Raw - redundancy*max(maxSim[p.a], maxSim[p.b])
			if val > bestVal { // strict: earlier (better-ranked) pairs win ties
				best, bestVal = i, val
			}
			if redundancy == 0 {
				break // the first admissible pair is the best
			}
		}
		if best < 0 {
			best = fallback
		}
		used[best] = true
		placed := pairs[best]
		out = append(out, placed)
		args[feats[placed.a].argID] = true
		args[feats[placed.b].argID] = true
		if redundancy > 0 {
			for _, x := range members {
				maxSim[x] = max(maxSim[x], cosine(feats[x].vec, feats[placed.a].vec), cosine(feats[x].vec, feats[placed.b].vec))
			}
		}
	}
	for i, p := range pairs {
		if !used[i] {
			out = append(out, p)
		}
	}
	return out
}

// finite maps NaN and infinities to 0, so one bad score cannot poison a
// ranking.
func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}
