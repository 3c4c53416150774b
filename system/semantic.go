package system

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/semantic"
)

// rewriters returns the pipeline's query rewriters, in order, a Synonyms
// given the shipped WordNet and an Expand the shipped GloVe vectors when
// they have none.
func (r *ready) rewriters() ([]rewrite.Rewriter, error) {
	rs := make([]rewrite.Rewriter, len(r.Rewriters))
	for i, rw := range r.Rewriters {
		switch rw := rw.(type) {
		case rewrite.Synonyms:
			if rw.WordNet == nil && rw.N > 0 {
				w, err := r.env.shipped.WordNet()
				if err != nil {
					return nil, err
				}
				rw.WordNet = w
			}
			rs[i] = rw
		case rewrite.Expand:
			if rw.Vectors == nil && rw.N > 0 {
				v, err := r.env.shipped.GloVe()
				if err != nil {
					return nil, err
				}
				rw.Vectors = v
			}
			rs[i] = rw
		default:
			rs[i] = rw
		}
	}
	return rs, nil
}

// needsVectors reports whether the pipeline compares the candidates'
// sentence vectors: to re-rank by similarity to the query, in the
// Builder's coherence, or as the Builder's Similarity feature (a Builder
// that weighs it makes the candidates' vectors even when another Pairer
// pairs them, so that a Pairer wrapping a Builder gets them too).
func (p Pipeline) needsVectors() bool {
	if b, ok := p.Pairer.(pairing.Builder); ok {
		return p.Rerank.Similarity || b.Coherence.SemanticWeight > 0 || b.Weights.Similarity != 0
	}
	return p.Rerank.Similarity || p.Builder.Weights.Similarity != 0 || p.Builder.Coherence.SemanticWeight > 0 && p.Pairer == nil
}

// encoder returns the pipeline's sentence encoder: its Encoder, else the
// shipped GloVe vectors averaged (GloVe), else the shipped Universal
// Sentence Encoder lite.
func (r *ready) encoder() (semantic.Encoder, error) {
	switch {
	case r.Encoder != nil:
		return r.Encoder, nil
	case r.GloVe:
		return r.env.shipped.GloVe()
	}
	return r.env.shipped.Encoder()
}

// encode gives the candidates their sentence vectors and returns the
// query's (its title's), with the pipeline's Encoder or the shipped one;
// nothing when the pipeline compares no vectors.
func (r *ready) encode(ctx context.Context, q retrieval.Query, cands []pairing.Candidate) ([]float32, error) {
	if !r.needsVectors() || len(cands) == 0 {
		return nil, nil
	}
	enc, err := r.encoder()
	if err != nil {
		return nil, err
	}
	texts := make([]string, 0, len(cands)+1)
	texts = append(texts, q.Text)
	for _, c := range cands {
		texts = append(texts, c.Sentence.Text)
	}
	vs, err := enc.Encode(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("system: encoding topic %s's candidates: %w", q.ID, err)
	}
	if len(vs) != len(texts) {
		return nil, fmt.Errorf("system: the encoder gave %d vectors for %d texts", len(vs), len(texts))
	}
	for i := range cands {
		cands[i].Vector = vs[i+1]
		cands[i].Similarity = semantic.Cosine(vs[i+1], vs[0])
	}
	return vs[0], nil
}
