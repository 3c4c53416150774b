// Package retrievaltest checks that a retrieval.Retriever keeps the
// interface's contract, as testing/fstest checks an fs.FS.
package retrievaltest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/argsearch/argsearch/retrieval"
)

// Check checks r on each query and returns the violations it finds (nil
// when there are none); a test reports each with t.Error:
//
//   - k <= 0 gives an error wrapping retrieval.ErrK;
//   - at most k hits come back, for k = 1, 10 and 1000;
//   - hits are best first in retrieval.CompareHits order, with finite scores and
//     no ID twice;
//   - the top k' of a top-k list (k' < k) is the top-k' list (cutting is
//     consistent);
//   - the same call twice gives the same hits;
//   - a cancelled context gives an error wrapping context.Canceled.
//
// Give at least one query that retrieves something. A retriever whose
// candidates depend on k (a Pipeline or Fusion with Depth 0) can fail the
// cutting check legitimately; give it a fixed Depth of at least 1000.
func Check(ctx context.Context, r retrieval.Retriever, qs ...retrieval.Query) []error {
	var errs []error
	fail := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if len(qs) == 0 {
		return []error{errors.New("retrievaltest: no queries to check")}
	}
	found := false
	for _, q := range qs {
		for _, k := range []int{0, -1} {
			if _, err := r.Retrieve(ctx, q, k); !errors.Is(err, retrieval.ErrK) {
				fail("query %q, k=%d: got error %v, want one wrapping retrieval.ErrK", q.ID, k, err)
			}
		}
		lists := map[int][]retrieval.Hit{}
		for _, k := range []int{1, 10, 1000} {
			hits, err := r.Retrieve(ctx, q, k)
			if err != nil {
				fail("query %q, k=%d: %v", q.ID, k, err)
				continue
			}
			lists[k] = hits
			found = found || len(hits) > 0
			if len(hits) > k {
				fail("query %q: got %d hits for k=%d", q.ID, len(hits), k)
			}
			seen := make(map[string]bool, len(hits))
			for i, h := range hits {
				if math.IsNaN(h.Score) || math.IsInf(h.Score, 0) {
					fail("query %q, k=%d: hit %d (%q) has score %v", q.ID, k, i+1, h.ID, h.Score)
				}
				if seen[h.ID] {
					fail("query %q, k=%d: hit %q appears twice", q.ID, k, h.ID)
				}
				seen[h.ID] = true
				if i > 0 && retrieval.CompareHits(hits[i-1], h) > 0 {
					fail("query %q, k=%d: hits %d and %d out of order: %+v before %+v", q.ID, k, i, i+1, hits[i-1], h)
				}
			}
			again, err := r.Retrieve(ctx, q, k)
			if err != nil {
				fail("query %q, k=%d, second call: %v", q.ID, k, err)
			} else if !slices.Equal(hits, again) {
				fail("query %q, k=%d: two calls gave different hits", q.ID, k)
			}
		}
		if big, small := lists[1000], lists[10]; len(big) > 0 {
			n := min(len(big), 10)
			if !slices.Equal(big[:n], small) {
				fail("query %q: top 10 of k=1000 differs from k=10", q.ID)
			}
		}
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := r.Retrieve(cctx, q, 10); !errors.Is(err, context.Canceled) {
			fail("query %q with a cancelled context: got %v, want an error wrapping context.Canceled", q.ID, err)
		}
	}
	if !found {
		fail("no query retrieved anything; give queries that match")
	}
	return errs
}
