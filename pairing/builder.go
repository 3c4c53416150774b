package pairing

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/internal/docid"
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
// (InReadingOrder); sentences of different arguments are ordered by single
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
}

// Build pairs and ranks cands and returns at most k pairs, best first; k <=
// 0 means all. The candidates are not modified. A cancelled ctx gives an
// error wrapping ctx.Err().
func (b Builder) Build(ctx context.Context, cands []Candidate, k int) ([]Scored, error) {
	w := b.Weights.orDefault()
	pool := b.Pool
	if pool == 0 {
		pool = 100
	}
	diversity := b.Diversity
	if diversity == 0 {
		diversity = 5
	}
	redundancy := b.Redundancy
	if redundancy == 0 {
		redundancy = 0.3
	}
	redundancy = max(0, redundancy)

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

	total := math.Abs(w.Retrieval) + math.Abs(w.Argumentativeness) + math.Abs(w.Centrality) + math.Abs(w.Coherence) +
		math.Abs(w.Similarity) + math.Abs(w.Stance) + math.Abs(w.Length) + math.Abs(w.Conclusion) +
		math.Abs(w.Lead) + math.Abs(w.Rank) + math.Abs(w.SameArgument) + math.Abs(w.Adjacent)
	var pairs []scoredPair
	for x, i := range order {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("pairing: %w", err)
		}
		for _, j := range order[x+1:] {
			if cands[i].Sentence.ID == cands[j].Sentence.ID {
				continue
			}
			ci, cj := cands[i], cands[j]
			c, ok := coh.score(ci, cj, feats[i], feats[j])
			if !ok {
				continue
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
			// The terms beyond the first four add exactly 0 when their
			// weights are 0, so that such weights score as they always have.
			raw := (w.Retrieval*(retr[i]+retr[j])/2 +
				w.Argumentativeness*(finite(ci.Argumentativeness)+finite(cj.Argumentativeness))/2 +
				w.Centrality*(finite(ci.Centrality)+finite(cj.Centrality))/2 +
				w.Coherence*c +
				w.extra(extra[i].mean(extra[j])) + w.SameArgument*sameArg + w.Adjacent*adjacent) / total
			first, second := i, j // i has the better single score
			if same {
				p := InReadingOrder(ci.Sentence, cj.Sentence)
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
			pairs = append(pairs, scoredPair{Scored: s, a: first, b: second})
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
