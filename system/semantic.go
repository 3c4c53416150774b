package system

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/glove"
	"github.com/argsearch/argsearch/semantic/use"
)

// expandMin is the least similarity of a word Pipeline.Expand adds.
const expandMin = 0.6

// wordVectors returns the shipped GloVe vectors (semantic/glove), loaded
// on the first call and kept for the Env's life.
func (e *Env) wordVectors() (*glove.Vectors, error) {
	e.gloveOnce.Do(func() {
		v, err := glove.Load()
		if err != nil {
			e.gloveErr = fmt.Errorf("system: %w", err)
			return
		}
		e.glove = v
	})
	return e.glove, e.gloveErr
}

// expanded returns q for the plain retrieval query: with Expand, its text
// is the title's content words and the Expand nearest GloVe words of each
// of similarity at least expandMin (glove.Vectors.Expand).
func (r *ready) expanded(q retrieval.Query) (retrieval.Query, error) {
	if r.Expand <= 0 {
		return q, nil
	}
	v, err := r.env.wordVectors()
	if err != nil {
		return q, err
	}
	if words := v.Expand(q.Text, r.Expand, expandMin); len(words) > 0 {
		q.Text = strings.Join(words, " ")
	}
	return q, nil
}

// sentenceEncoder returns the shipped sentence encoder (semantic/use),
// loaded on the first call and kept for the Env's life.
func (e *Env) sentenceEncoder() (semantic.Encoder, error) {
	e.encOnce.Do(func() {
		m, err := use.Load()
		if err != nil {
			e.encErr = fmt.Errorf("system: %w", err)
			return
		}
		e.enc = m
	})
	return e.enc, e.encErr
}

// needsVectors reports whether the pipeline compares sentence vectors:
// to re-rank by similarity to the query, or in the Builder's coherence.
func (p Pipeline) needsVectors() bool {
	return p.Rerank.Similarity || p.Builder.Coherence.SemanticWeight > 0 && cmp.Or(p.Pairs, PairsBuilder) == PairsBuilder
}

// encode gives the candidates their sentence vectors and returns the
// query's (its title's), with the pipeline's Encoder or the shipped one;
// nothing when the pipeline compares no vectors.
func (r *ready) encode(ctx context.Context, q retrieval.Query, cands []pairing.Candidate) ([]float32, error) {
	if !r.needsVectors() || len(cands) == 0 {
		return nil, nil
	}
	enc := r.Encoder
	if enc == nil {
		var err error
		if enc, err = r.env.sentenceEncoder(); err != nil {
			return nil, err
		}
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
	}
	return vs[0], nil
}
