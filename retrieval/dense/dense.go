// Package dense is exact dense retrieval: the sentences of a corpus as
// vectors of any semantic.Encoder, searched by cosine similarity, top k,
// with no approximation.
//
// An Index holds one normalised float32 vector per sentence (2 KB each
// with Universal Sentence Encoder lite's 512 dimensions: 11.7 GB for the
// 5.69 million sentences of args.me, so USE-lite suits a sample or a
// re-ranking pool, not the whole corpus), and an 8-bit copy of each (a
// quarter of the size more). A query is encoded and the best k vectors
// kept: the 8-bit copy bounds each sentence's similarity from above, and
// only the sentences whose bound reaches the k-th best so far are compared
// in full, so that the hits and their scores are exactly those of
// comparing every vector. See BENCHMARKS.md for the build and query times.
//
// The package takes the Encoder as a value: it imports no model, so a
// program carries only the weights of the encoder it passes.
package dense

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/densevec"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
)

// An Index is the vectors of a corpus's sentences. It implements
// retrieval.Retriever (the query is its Text, the topic's title) and is
// safe for concurrent use when its Encoder is.
type Index struct {
	x *densevec.Index
}

// Build encodes the sentences of store with enc, in store order. A
// cancelled ctx stops it between batches with an error wrapping ctx.Err().
func Build(ctx context.Context, enc semantic.Encoder, store *corpus.Store) (*Index, error) {
	if err := nilctx.Check(ctx, "dense: Build"); err != nil {
		return nil, err
	}
	x, err := densevec.Encode(ctx, enc, store.NumSentences(), sentences(store))
	if err != nil {
		return nil, err
	}
	return &Index{x: x}, nil
}

// Retrieve returns the k sentences whose vectors are most similar to the
// query text's, best first, by cosine similarity; ties go to the larger id
// (retrieval.CompareHits). k <= 0 is an error wrapping retrieval.ErrK.
func (x *Index) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if err := nilctx.Check(ctx, "dense: Index.Retrieve"); err != nil {
		return nil, err
	}
	if k <= 0 {
		return nil, fmt.Errorf("dense: %w", retrieval.ErrK)
	}
	top, err := x.x.Search(ctx, q.ID, q.Text, k)
	hits := make([]retrieval.Hit, len(top))
	for i, s := range top {
		hits[i] = retrieval.Hit(s)
	}
	return hits, err
}

// sentences yields the id and text of every sentence of store, in order.
func sentences(store *corpus.Store) func(yield func(string, string) bool) {
	return func(yield func(string, string) bool) {
		for s := range store.Sentences() {
			if !yield(s.ID, s.Text) {
				return
			}
		}
	}
}
