// Package retrieval defines what a retriever is and how retrievers compose.
//
// A Retriever returns the k best hits for a query. Retrievers compose into
// retrievers: Parts ranks the parts of what another retrieves, and Fusion
// merges several ranked lists (reciprocal rank fusion, or CombSUM over
// normalised scores; Fusion.Merge fuses lists already retrieved).
// ForEach answers many queries at once, each result in its query's place
// whatever the scheduling. Every ranking the package produces is
// deterministic: hits are ordered by score descending, and equal scores by
// ID descending, which is the order trec_eval evaluates a run in.
//
// Index-backed retrievers live in sub-packages; remote engines implement the
// same interface.
package retrieval

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/topics"
)

// A Query is one information need, as a Touché topic states it.
type Query struct {
	ID          string // the topic number, as written in run files
	Text        string // the title: the question itself
	Description string // optional: the topic's description
	Narrative   string // optional: the topic's narrative
}

// TopicQuery returns a topic as the query a retriever answers: its ID, its
// title as the query text, and its description and narrative.
func TopicQuery(t topics.Topic) Query {
	return Query{ID: t.ID, Text: t.Title, Description: t.Description, Narrative: t.Narrative}
}

// A Hit is one retrieved unit (a sentence, an argument, a document) and its
// score. Higher scores are better.
type Hit struct {
	ID    string
	Score float64
}

// A Retriever returns the best hits for a query.
type Retriever interface {
	// Retrieve returns at most k hits, best first: scores do not increase
	// down the list, and equal scores are ordered by ID descending
	// (CompareHits). k must be positive; k <= 0 gives an error wrapping ErrK.
	// A cancelled ctx gives an error wrapping ctx.Err().
	Retrieve(ctx context.Context, q Query, k int) ([]Hit, error)
}

// RetrieverFunc adapts a function to the Retriever interface.
type RetrieverFunc func(ctx context.Context, q Query, k int) ([]Hit, error)

// Retrieve calls f(ctx, q, k).
func (f RetrieverFunc) Retrieve(ctx context.Context, q Query, k int) ([]Hit, error) {
	return f(ctx, q, k)
}

// ErrK is wrapped by the error a retriever returns for k <= 0.
var ErrK = errors.New("k must be positive")

// checkK returns an error wrapping ErrK when k <= 0.
func checkK(k int) error {
	if k <= 0 {
		return fmt.Errorf("retrieval: k = %d: %w", k, ErrK)
	}
	return nil
}

// CompareHits orders hits best first: by score descending, then by ID
// descending, the order in which trec_eval reads a run.
// slices.SortFunc(hits, CompareHits) sorts hits best first.
func CompareHits(a, b Hit) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	return cmp.Compare(b.ID, a.ID)
}

// topK sorts hits best first and returns at most the first k of them.
func topK(hits []Hit, k int) []Hit {
	slices.SortFunc(hits, CompareHits)
	if len(hits) > k {
		hits = hits[:k]
	}
	return hits
}

// Parts returns a Retriever of the parts of what r retrieves: it asks r for
// its n best hits (arguments, say) and returns the hits parts names for each
// (their sentences), each part with the score of its whole, best first
// (CompareHits order: equal scores by ID descending), at most k. A whole
// without parts (parts returns nil) gives nothing. With
// corpus.Store.SentenceIDs as parts, an argument retriever serves
// sentences, which inherit their argument's score.
func Parts(r Retriever, n int, parts func(id string) []string) Retriever {
	return RetrieverFunc(func(ctx context.Context, q Query, k int) ([]Hit, error) {
		if err := checkK(k); err != nil {
			return nil, err
		}
		wholes, err := r.Retrieve(ctx, q, max(n, 1))
		if err != nil {
			return nil, err
		}
		var hits []Hit
		for _, w := range wholes {
			for _, id := range parts(w.ID) {
				hits = append(hits, Hit{ID: id, Score: w.Score})
			}
		}
		return topK(hits, k), nil
	})
}
