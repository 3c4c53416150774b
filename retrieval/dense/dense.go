// Package dense is exact dense retrieval: the sentences of a corpus as
// vectors of any semantic.Encoder, searched by cosine similarity, top k,
// with no approximation.
//
// An Index holds one normalised float32 vector per sentence (2 KB each
// with Universal Sentence Encoder lite's 512 dimensions: 11.7 GB for the
// 5.69 million sentences of args.me, so USE-lite suits a sample or a
// re-ranking pool, not the whole corpus). A query is encoded, compared with
// every vector and the best k kept. See BENCHMARKS.md for the build and
// query times.
//
// The package takes the Encoder as a value: it imports no model, so a
// program carries only the weights of the encoder it passes.
package dense

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
)

// An Index is the vectors of a corpus's sentences. It implements
// retrieval.Retriever (the query is its Text, the topic's title) and is
// safe for concurrent use when its Encoder is.
type Index struct {
	enc  semantic.Encoder
	ids  []string
	dim  int
	vecs []float32 // len(ids)·dim, each row of length 1 (or 0)
}

// batch is the number of sentences encoded in one Encode call.
const batch = 256

// Build encodes the sentences of store with enc, in store order. A
// cancelled ctx stops it between batches with an error wrapping ctx.Err().
func Build(ctx context.Context, enc semantic.Encoder, store *corpus.Store) (*Index, error) {
	x := &Index{enc: enc}
	var ids, texts []string
	flush := func() error {
		if len(texts) == 0 {
			return nil
		}
		vs, err := enc.Encode(ctx, texts)
		if err != nil {
			return fmt.Errorf("dense: %w", err)
		}
		if len(vs) != len(texts) {
			return fmt.Errorf("dense: the encoder gave %d vectors for %d texts", len(vs), len(texts))
		}
		for i, v := range vs {
			if x.dim == 0 {
				// Every vector in one allocation: growing by appends
				// would hold the old array beside the new.
				x.dim = len(v)
				x.vecs = make([]float32, 0, store.NumSentences()*x.dim)
				x.ids = make([]string, 0, store.NumSentences())
			}
			if len(v) != x.dim || x.dim == 0 {
				return fmt.Errorf("dense: sentence %s has a vector of %d dimensions, want %d", ids[i], len(v), x.dim)
			}
			x.vecs = append(x.vecs, normalized(v)...)
		}
		x.ids = append(x.ids, ids...)
		ids, texts = ids[:0], texts[:0]
		return nil
	}
	for s := range store.Sentences() {
		ids, texts = append(ids, s.ID), append(texts, s.Text)
		if len(texts) == batch {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("dense: %w", err)
			}
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return x, nil
}

// Retrieve returns the k sentences whose vectors are most similar to the
// query text's, best first, by cosine similarity; ties go to the larger id
// (retrieval.CompareHits). k <= 0 is an error wrapping retrieval.ErrK.
func (x *Index) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if k <= 0 {
		return nil, fmt.Errorf("dense: %w", retrieval.ErrK)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("dense: %w", err)
	}
	vs, err := x.enc.Encode(ctx, []string{q.Text})
	if err != nil {
		return nil, fmt.Errorf("dense: query %s: %w", q.ID, err)
	}
	if len(vs) != 1 || len(vs[0]) != x.dim {
		return nil, fmt.Errorf("dense: query %s: the encoder gave no vector of %d dimensions", q.ID, x.dim)
	}
	qv := normalized(vs[0])
	top := hits{}
	for i, id := range x.ids {
		if i%65536 == 0 && i > 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("dense: %w", err)
			}
		}
		var dot float32
		for j, v := range x.vecs[i*x.dim : (i+1)*x.dim] {
			dot += v * qv[j]
		}
		h := retrieval.Hit{ID: id, Score: float64(dot)}
		if len(top) < k {
			heap.Push(&top, h)
		} else if worse(top[0], h) {
			top[0] = h
			heap.Fix(&top, 0)
		}
	}
	out := slices.Clone([]retrieval.Hit(top))
	slices.SortFunc(out, retrieval.CompareHits)
	return out, nil
}

// worse reports whether a ranks below b: a lower score, or an equal score
// and a smaller id.
func worse(a, b retrieval.Hit) bool {
	if a.Score != b.Score {
		return a.Score < b.Score
	}
	return cmp.Less(a.ID, b.ID)
}

// hits is a min-heap of the best hits so far, the worst on top.
type hits []retrieval.Hit

func (h hits) Len() int           { return len(h) }
func (h hits) Less(i, j int) bool { return worse(h[i], h[j]) }
func (h hits) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *hits) Push(x any)        { *h = append(*h, x.(retrieval.Hit)) }
func (h *hits) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// normalized returns v scaled to length 1; all zeros stay zeros.
func normalized(v []float32) []float32 {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	if ss == 0 {
		return out
	}
	inv := 1 / math.Sqrt(ss)
	for i, x := range v {
		out[i] = float32(float64(x) * inv)
	}
	return out
}
