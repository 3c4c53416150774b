package lexical

import (
	"context"
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/search"
)

// Retrieve returns the k best documents of the configured unit for q,
// scored by the configured model (see Ranking). An empty query, or one whose
// terms are all stop words or unknown, gives no hits and no error; k <= 0
// gives an error wrapping retrieval.ErrK; a nil ctx is an error, a cancelled
// one an error wrapping ctx.Err(). Equal scores are ordered by id descending.
func (x *Index) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if err := nilctx.Check(ctx, "lexical: Index.Retrieve"); err != nil {
		return nil, err
	}
	if k <= 0 {
		return nil, fmt.Errorf("lexical: k = %d: %w", k, retrieval.ErrK)
	}
	x.d.use.RLock()
	defer x.d.use.RUnlock()
	if x.d.closed {
		return nil, fmt.Errorf("lexical: retrieve: %w", errClosed)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("lexical: retrieve: %w", err)
	}
	s, p := x.d.s, &x.p
	if x.search.Unit == "pair" {
		return s.RetrievePairs(ctx, p, q, k)
	}
	ud := x.d.Unit(x.search.Unit)
	var allow []uint64
	if x.search.Boolean {
		var err error
		if allow, err = s.Allowed(ud, p, strings.Split(q.Text, booleanAnd)); err != nil {
			return nil, err
		}
		q.Text = strings.ReplaceAll(q.Text, booleanAnd, " ")
	}
	terms := s.Terms(p, q)
	res, err := s.Run(ctx, ud, p, terms, k, allow)
	if err != nil {
		return nil, err
	}
	if x.search.PRF.Method != prfNone && len(terms) > 0 {
		fb := res
		if x.search.PRF.Docs != k {
			if fb, err = s.Run(ctx, ud, p, terms, max(x.search.PRF.Docs, 1), allow); err != nil {
				return nil, err
			}
		}
		fb = fb[:min(len(fb), x.search.PRF.Docs)]
		if len(fb) > 0 {
			if terms, err = search.Expand(ud, p, terms, fb); err != nil {
				return nil, err
			}
			if res, err = s.Run(ctx, ud, p, terms, k, allow); err != nil {
				return nil, err
			}
		}
	}
	return search.Hits(ud, res)
}
