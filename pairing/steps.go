package pairing

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
)

// Env is what pairing's steps may take from the environment a system runs
// them in (system.Env gives it to the Pairer and the Rerankers of a
// system.Pipeline). A step that needs it has a method
//
//	Bind(env Env) (Pairer, error)   // a Pairer
//	Bind(env Env) (Reranker, error) // a Reranker
//
// which returns the step ready to run: what it lacks filled in from env,
// its settings checked (an out-of-range setting is an error naming it). A
// system calls it for every topic; a step without it is used as it is.
// Builder, Next, Similar and Mix take from env the models, corpus and
// encoder theirs leave nil.
type Env interface {
	// Corpus is the corpus the system runs on.
	Corpus() *corpus.Store
	// ArgumentModel is the argumentativeness model (the shipped one,
	// classify.ShippedArgumentModel).
	ArgumentModel() (interface{ Score(text string) float64 }, error)
	// Encoder returns e, or the encoder the library ships that e names:
	// semantic.USE (also for a nil e) or semantic.GloVe, loaded once.
	Encoder(e semantic.Encoder) (semantic.Encoder, error)
	// POS is the part-of-speech model (the shipped one,
	// pos.Load), for structural similarity.
	POS() (interface{ Structure(a, b string) float64 }, error)
}

// A Reranker re-orders the candidates of a query before they are paired
// (system.Pipeline.Rerank): it sorts cands in place, best first, and may
// fill in what it computed of them (their Argumentativeness, Vector or
// Similarity, say) for the steps after it. Mix is the library's; one of
// one's own plugs in the same way.
type Reranker interface {
	Rerank(ctx context.Context, q retrieval.Query, cands []Candidate) error
}

// Mix is a Reranker: it orders the candidates by the mean of their min–max
// normalised Retrieval score (1 for all when they tie) and the scores of
// the signals it names, in [0, 1], which becomes their Retrieval; ties keep
// the order given. The signals are
//
//   - Argumentativeness: the Scorer's score, which also becomes the
//     candidate's Argumentativeness. Touché 2022's teams re-ranked by
//     argument quality (Porthos) or evidence (Daario Naharis): the library
//     has no model of either of its own, and its argumentativeness model,
//     trained on UKP Sentential's argumentative sentences, stands for both
//     (Touché's assessors rated argumentative, well-formed sentences as
//     better quality).
//   - Stance: the confidence in the candidate's stance
//     (Candidate.StanceConfidence, which a system's stance step sets).
//   - Similarity: the cosine similarity of the candidate's vector by the
//     Encoder to the query's (its text, the topic's title): meaning beside
//     the words the retrieval matched. The vectors and similarities become
//     the candidates' Vector and Similarity, which a Builder then reuses.
//   - Structure: the structural similarity of the sentence to the query,
//     how alike their sequences of part-of-speech tags are (the POS model's
//     Structure, pos.Model.Structure), as Touché 2022's team Hit Girl
//     re-ranked.
//
// A Mix that names no signal is an error (Bind, Rerank): it would re-order
// nothing.
type Mix struct {
	Argumentativeness, Stance, Similarity, Structure bool
	// Scorer scores argumentativeness; nil means the environment's model
	// (Bind).
	Scorer interface{ Score(text string) float64 }
	// Encoder makes the vectors Similarity compares: nil or semantic.USE
	// means the shipped Universal Sentence Encoder lite, semantic.GloVe
	// the shipped GloVe vectors averaged (much faster), as the environment
	// loads them (Bind); or an encoder of one's own.
	Encoder semantic.Encoder
	// POS gives Structure; nil means the environment's (Bind).
	POS interface{ Structure(a, b string) float64 }
}

// Bind returns the Mix with what its signals need and it lacks taken from
// env (see Env).
func (m Mix) Bind(env Env) (Reranker, error) {
	if !m.Argumentativeness && !m.Stance && !m.Similarity && !m.Structure {
		return nil, fmt.Errorf("pairing: Mix names no signal (Argumentativeness, Stance, Similarity, Structure)")
	}
	var err error
	if m.Argumentativeness && m.Scorer == nil {
		if m.Scorer, err = env.ArgumentModel(); err != nil {
			return nil, fmt.Errorf("pairing: Mix: %w", err)
		}
	}
	if m.Similarity {
		if m.Encoder, err = env.Encoder(m.Encoder); err != nil {
			return nil, fmt.Errorf("pairing: Mix: %w", err)
		}
	}
	if m.Structure && m.POS == nil {
		if m.POS, err = env.POS(); err != nil {
			return nil, fmt.Errorf("pairing: Mix: %w", err)
		}
	}
	return m, nil
}

// Rerank implements Reranker.
func (m Mix) Rerank(ctx context.Context, q retrieval.Query, cands []Candidate) error {
	if err := nilctx.Check(ctx, "pairing: Mix.Rerank"); err != nil {
		return err
	}
	var signals []func(Candidate) float64
	switch {
	case !m.Argumentativeness && !m.Stance && !m.Similarity && !m.Structure:
		return fmt.Errorf("pairing: Mix names no signal (Argumentativeness, Stance, Similarity, Structure)")
	case m.Argumentativeness && m.Scorer == nil:
		return fmt.Errorf("pairing: Mix.Argumentativeness without a Scorer")
	case m.Similarity && m.Encoder == nil:
		return fmt.Errorf("pairing: Mix.Similarity without an Encoder")
	case m.Structure && m.POS == nil:
		return fmt.Errorf("pairing: Mix.Structure without a POS model")
	}
	if m.Argumentativeness {
		for i := range cands {
			cands[i].Argumentativeness = m.Scorer.Score(cands[i].Sentence.Text)
		}
		signals = append(signals, func(c Candidate) float64 { return c.Argumentativeness })
	}
	if m.Stance {
		signals = append(signals, func(c Candidate) float64 { return c.StanceConfidence })
	}
	if m.Similarity {
		query, err := encode(ctx, m.Encoder, q, cands)
		if err != nil {
			return err
		}
		signals = append(signals, func(c Candidate) float64 { return semantic.Cosine(c.Vector, query) })
	}
	if m.Structure {
		signals = append(signals, func(c Candidate) float64 { return m.POS.Structure(q.Text, c.Sentence.Text) })
	}
	mix(cands, signals)
	return nil
}

// mix orders cands by the mean of their min–max normalised Retrieval and
// the signals' scores, which becomes their Retrieval (Mix).
func mix(cands []Candidate, signals []func(Candidate) float64) {
	if len(signals) == 0 || len(cands) == 0 {
		return
	}
	lo, hi := cands[0].Retrieval, cands[0].Retrieval
	for _, c := range cands {
		lo, hi = min(lo, c.Retrieval), max(hi, c.Retrieval)
	}
	for i := range cands {
		c := &cands[i]
		sum, n := 1.0, 1.0
		if hi > lo {
			sum = (c.Retrieval - lo) / (hi - lo)
		}
		for _, signal := range signals {
			sum, n = sum+signal(*c), n+1
		}
		c.Retrieval = sum / n
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int { return cmp.Compare(b.Retrieval, a.Retrieval) })
}

// encode gives the candidates their vectors by enc and their similarity to
// the query's (Candidate.Vector, Similarity), the query and the candidates
// encoded in one call, and returns the query's vector.
func encode(ctx context.Context, enc semantic.Encoder, q retrieval.Query, cands []Candidate) ([]float32, error) {
	texts := make([]string, 0, len(cands)+1)
	texts = append(texts, q.Text)
	for _, c := range cands {
		texts = append(texts, c.Sentence.Text)
	}
	vs, err := enc.Encode(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("pairing: encoding topic %s's candidates: %w", q.ID, err)
	}
	if len(vs) != len(texts) {
		return nil, fmt.Errorf("pairing: the encoder gave %d vectors for %d texts", len(vs), len(texts))
	}
	for i := range cands {
		cands[i].Vector = vs[i+1]
		cands[i].Similarity = semantic.Cosine(vs[i+1], vs[0])
	}
	return vs[0], nil
}
