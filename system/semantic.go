package system

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/nlp/wordnet"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/dense"
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

// synonymSenses is the number of a word's senses, most frequent first,
// whose lemmas Pipeline.Synonyms draws from.
const synonymSenses = 2

// wordNetData returns the shipped WordNet synonyms (nlp/wordnet), loaded
// on the first call and kept for the Env's life.
func (e *Env) wordNetData() (*wordnet.WordNet, error) {
	e.wordNetOnce.Do(func() {
		w, err := wordnet.Load()
		if err != nil {
			e.wordNetErr = fmt.Errorf("system: %w", err)
			return
		}
		e.wordNet = w
	})
	return e.wordNet, e.wordNetErr
}

// expanded returns q for the plain retrieval query: with Reduce, its text
// is the words of the title's RAKE keywords, at most Reduce of them; with
// Synonyms, up to Synonyms WordNet synonyms of each content word follow;
// with Expand, the text is then its content words and the Expand nearest
// GloVe words of each of similarity at least expandMin
// (glove.Vectors.Expand).
func (r *ready) expanded(q retrieval.Query) (retrieval.Query, error) {
	if r.Reduce > 0 {
		if words := reduce(q.Text, r.Reduce); len(words) > 0 {
			q.Text = strings.Join(words, " ")
		}
	}
	if r.Synonyms > 0 {
		w, err := r.env.wordNetData()
		if err != nil {
			return q, err
		}
		q.Text = strings.Join(synonyms(w, q.Text, r.Synonyms), " ")
	}
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

// reduce returns the words of the title's RAKE keywords (nlp.Keywords with
// Snowball's stop words), best keyword first, each once, at most n.
func reduce(title string, n int) []string {
	var words []string
	for _, k := range nlp.Keywords(title, nil) {
		for _, w := range strings.Fields(k.Phrase) {
			if len(words) < n && !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
	}
	return words
}

// synonyms returns the words of text followed by up to n WordNet synonyms
// of each of its content words (not Snowball stop words), from the lemmas
// of their two most frequent senses, each synonym once.
func synonyms(w *wordnet.WordNet, text string, n int) []string {
	words := nlp.Words(nil, text)
	out := slices.Clone(words)
	seen := map[string]bool{}
	for _, word := range words {
		seen[word] = true
	}
	for _, word := range words {
		if nlp.IsSnowballStopWord(word) {
			continue
		}
		added := 0
		for _, syn := range w.Synonyms(word, synonymSenses) {
			if added == n {
				break
			}
			if s := strings.ToLower(syn); !seen[s] {
				seen[s] = true
				out = append(out, s)
				added++
			}
		}
	}
	return out
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

// needsVectors reports whether the pipeline compares the candidates'
// sentence vectors: to re-rank by similarity to the query, or in the
// Builder's coherence.
func (p Pipeline) needsVectors() bool {
	return p.Rerank.Similarity || p.Builder.Coherence.SemanticWeight > 0 && cmp.Or(p.Pairs, PairsBuilder) == PairsBuilder
}

// encoder returns the pipeline's sentence encoder: its Encoder, else the
// shipped GloVe vectors averaged (GloVe), else the shipped Universal
// Sentence Encoder lite.
func (r *ready) encoder() (semantic.Encoder, error) {
	switch {
	case r.Encoder != nil:
		return r.Encoder, nil
	case r.GloVe:
		return r.env.wordVectors()
	}
	return r.env.sentenceEncoder()
}

// denseIndex returns the dense index of the Env's sentences by enc, built
// on first use and kept for the Env's life; an encoder that cannot be a
// map key (not comparable) gets a new index at each call.
func (e *Env) denseIndex(ctx context.Context, enc semantic.Encoder) (*dense.Index, error) {
	if !reflect.TypeOf(enc).Comparable() {
		return dense.Build(ctx, enc, e.Store)
	}
	e.mu.Lock()
	entry := e.dense[enc]
	if entry == nil {
		entry = &denseEntry{}
		e.dense[enc] = entry
	}
	e.mu.Unlock()
	entry.once.Do(func() {
		if entry.x, entry.err = dense.Build(ctx, enc, e.Store); entry.err != nil {
			entry.err = fmt.Errorf("system: a dense index of the sentences: %w", entry.err)
		}
	})
	return entry.x, entry.err
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
	}
	return vs[0], nil
}
