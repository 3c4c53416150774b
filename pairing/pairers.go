package pairing

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/argsearch/argsearch/internal/nilctx"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
)

// A Pairer makes pairs of the candidates of query q: at most k (k <= 0
// means all), best first. Builder, Next and Similar are Pairers; a system
// takes any (system.Pipeline.Pair), so that a strategy of one's own needs
// no change to the system that uses it.
type Pairer interface {
	Build(ctx context.Context, q retrieval.Query, cands []Candidate, k int) ([]Scored, error)
}

// Next pairs each candidate, in order, with the next sentence of its
// argument in Store (the one before, for the last); a pair made twice
// counts once, and a candidate whose argument has one sentence, or that
// Store does not hold, gives none. Each pair scores its candidate's
// Retrieval, so scores fall with the candidates' order.
type Next struct {
	// Store holds the candidates' arguments; nil means the environment's
	// corpus (Bind).
	Store *corpus.Store
}

// Bind returns the Pairer with env's corpus when its Store is nil (see
// Env).
func (n Next) Bind(env Env) (Pairer, error) {
	if n.Store == nil {
		n.Store = env.Corpus()
	}
	return n, nil
}

// Build implements Pairer.
func (n Next) Build(ctx context.Context, _ retrieval.Query, cands []Candidate, k int) ([]Scored, error) {
	if err := nilctx.Check(ctx, "pairing: Next.Build"); err != nil {
		return nil, err
	}
	if n.Store == nil {
		return nil, fmt.Errorf("pairing: Next without a Store")
	}
	return eachCandidate(ctx, n.Store, cands, k, func(_ Candidate, a corpus.Argument, i int) int {
		if i+1 == len(a.Sentences) {
			return i - 1
		}
		return i + 1
	})
}

// Similar pairs each candidate, in order, with the sentence of its
// argument in Store whose vector by Encoder is the most similar to its own
// (cosine; ties go to the earlier sentence, and where every similarity is
// NaN, to the next sentence); a pair made twice counts once. Each pair
// scores its candidate's Retrieval.
type Similar struct {
	// Store holds the candidates' arguments; nil means the environment's
	// corpus (Bind).
	Store *corpus.Store
	// Encoder makes the vectors: nil or semantic.USE means the shipped
	// Universal Sentence Encoder lite, semantic.GloVe the shipped GloVe
	// vectors averaged, as the environment loads them (Bind); or an
	// encoder of one's own.
	Encoder semantic.Encoder
}

// Bind returns the Pairer with env's corpus when its Store is nil and the
// encoder its Encoder names (see Env).
func (s Similar) Bind(env Env) (Pairer, error) {
	if s.Store == nil {
		s.Store = env.Corpus()
	}
	enc, err := env.Encoder(s.Encoder)
	if err != nil {
		return nil, fmt.Errorf("pairing: Similar: %w", err)
	}
	s.Encoder = enc
	return s, nil
}

// Build implements Pairer. The sentences of the candidates' arguments are
// encoded in one call.
func (s Similar) Build(ctx context.Context, _ retrieval.Query, cands []Candidate, k int) ([]Scored, error) {
	if err := nilctx.Check(ctx, "pairing: Similar.Build"); err != nil {
		return nil, err
	}
	switch {
	case s.Store == nil:
		return nil, fmt.Errorf("pairing: Similar without a Store")
	case s.Encoder == nil:
		return nil, fmt.Errorf("pairing: Similar without an Encoder")
	}
	var (
		texts []string
		seen  = map[string]bool{}
		first = map[string]int{} // argument id → index of its first sentence in texts
	)
	for _, c := range cands {
		if seen[c.Argument] {
			continue
		}
		seen[c.Argument] = true
		a, ok := s.Store.Argument(c.Argument)
		if !ok {
			continue
		}
		first[c.Argument] = len(texts)
		for _, s := range a.Sentences {
			texts = append(texts, s.Text)
		}
	}
	vs, err := s.Encoder.Encode(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("pairing: encoding the sentences of the candidates' arguments: %w", err)
	}
	if len(vs) != len(texts) {
		return nil, fmt.Errorf("pairing: the encoder gave %d vectors for %d texts", len(vs), len(texts))
	}
	return eachCandidate(ctx, s.Store, cands, k, func(c Candidate, a corpus.Argument, i int) int {
		v := vs[first[c.Argument]:]
		best, bestSim := -1, math.Inf(-1)
		for j := range a.Sentences {
			if j == i {
				continue
			}
			if sim := semantic.Cosine(v[i], v[j]); sim > bestSim {
				best, bestSim = j, sim
			}
		}
		if best < 0 { // every similarity NaN (an encoder's bad vectors): the next sentence
			if best = i + 1; best == len(a.Sentences) {
				best = i - 1
			}
		}
		return best
	})
}

// eachCandidate pairs each candidate, in order, with the sentence of its
// argument that partner chooses (by index, given the candidate's), in
// reading order, each pair once and at most k (k <= 0: all).
func eachCandidate(ctx context.Context, store *corpus.Store, cands []Candidate, k int, partner func(c Candidate, a corpus.Argument, i int) int) ([]Scored, error) {
	var out []Scored
	seen := map[string]bool{}
	for _, c := range cands {
		if k > 0 && len(out) == k {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("pairing: %w", err)
		}
		a, ok := store.Argument(c.Argument)
		i := slices.IndexFunc(a.Sentences, func(s corpus.Sentence) bool { return s.ID == c.Sentence.ID })
		if !ok || i < 0 || len(a.Sentences) < 2 {
			continue
		}
		p := inReadingOrder(a.Sentences[i], a.Sentences[partner(c, a, i)])
		if seen[p.ID()] {
			continue
		}
		seen[p.ID()] = true
		out = append(out, Scored{Pair: p, Score: c.Retrieval, Raw: c.Retrieval, SameArgument: true})
	}
	return out, nil
}
