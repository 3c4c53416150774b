package bleveindex

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"sync/atomic"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/argsearch/argsearch/retrieval"
)

// An Index is a retrieval.Retriever over a bleve index. It is safe for
// concurrent use by several goroutines.
type Index struct {
	idx    bleve.Index
	c      Config
	owned  bool // Close closes idx: Open and Build opened it
	closed atomic.Bool
}

// New returns an Index that searches idx, an index the caller opened (any
// bleve.Index: scorch, upsidedown, an alias). The caller keeps idx: Close
// of the Index does not close it, and idx must stay open while the Index
// is in use.
func New(idx bleve.Index, c Config) *Index {
	return &Index{idx: idx, c: cloneConfig(c)}
}

func cloneConfig(c Config) Config {
	c.Fields = slices.Clone(c.Fields)
	return c
}

// Open opens the bleve index in the directory path, read-only, and returns
// an Index that owns it. A path that does not exist, and a directory
// without a bleve index, give an error wrapping fs.ErrNotExist: there is no
// index to open (Build makes one).
//
// The index's mapping may name analyzers of bleve packages the program
// does not import (analysis/lang/...); import them, as with database/sql
// drivers, or searches fail.
func Open(path string, c Config) (*Index, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("bleveindex: open: %w: %w", errNoIndex, err)
	}
	idx, err := bleve.OpenUsing(path, map[string]any{"read_only": true})
	switch {
	case errors.Is(err, bleve.ErrorIndexMetaMissing), errors.Is(err, bleve.ErrorIndexPathDoesNotExist):
		return nil, fmt.Errorf("bleveindex: open %s: %w: %w", path, errNoIndex, fs.ErrNotExist)
	case err != nil:
		return nil, fmt.Errorf("bleveindex: open %s: %w", path, err)
	}
	x := New(idx, c)
	x.owned = true
	return x, nil
}

// Bleve returns the bleve index x searches, for what this package does not
// offer (explanations of scores, highlighting, counts). An index that x
// owns (from Open or Build) must not be closed through it.
func (x *Index) Bleve() bleve.Index { return x.idx }

// Close releases the index: it closes the bleve index if x owns it (Open,
// Build), but not one passed to New. Later calls of Retrieve fail, and
// later calls of Close do nothing. Close must not be called
// while a Retrieve is running.
func (x *Index) Close() error {
	if x.closed.Swap(true) || !x.owned {
		return nil
	}
	if err := x.idx.Close(); err != nil {
		return fmt.Errorf("bleveindex: close: %w", err)
	}
	return nil
}

// Retrieve returns the k best documents for q.Text (q.Description and
// q.Narrative are not used), read as Config says, with bleve's scores: best
// first, equal scores ordered by id descending (retrieval.CompareHits), which
// is also how bleve is asked to cut the list at k. k <= 0 gives an error
// wrapping retrieval.ErrK; a text that is not valid query-string syntax,
// one that says "malformed query" and what bleve found.
func (x *Index) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if k <= 0 {
		return nil, fmt.Errorf("bleveindex: k = %d: %w", k, retrieval.ErrK)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("bleveindex: query %s: %w", quote.Q(q.ID), err)
	}
	if x.closed.Load() {
		return nil, fmt.Errorf("bleveindex: query %s: %w", quote.Q(q.ID), errClosed)
	}
	bq, err := x.query(q.Text)
	if err != nil {
		return nil, fmt.Errorf("bleveindex: query %s: %w", quote.Q(q.ID), err)
	}
	req := bleve.NewSearchRequestOptions(bq, k, 0, false)
	// Score descending, then id descending: the order of
	// retrieval.CompareHits, so that ties at the k-th hit are cut the same
	// way every time.
	req.SortBy([]string{"-_score", "-_id"})
	res, err := x.idx.SearchInContext(ctx, req)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return nil, fmt.Errorf("bleveindex: query %s: %w", quote.Q(q.ID), cerr)
		}
		if errors.Is(err, bleve.ErrorIndexClosed) {
			return nil, fmt.Errorf("bleveindex: query %s: %w", quote.Q(q.ID), errClosed)
		}
		return nil, fmt.Errorf("bleveindex: query %s: %w", quote.Q(q.ID), err)
	}
	// An alias reports the failure of some of its indexes in Status only.
	if res.Status != nil && res.Status.Failed > 0 {
		if names := slices.Sorted(maps.Keys(res.Status.Errors)); len(names) > 0 {
			return nil, fmt.Errorf("bleveindex: query %s: %d of %d indexes failed; %s: %w", quote.Q(q.ID), res.Status.Failed, res.Status.Total, names[0], res.Status.Errors[names[0]])
		}
		return nil, fmt.Errorf("bleveindex: query %s: %d of %d indexes failed", quote.Q(q.ID), res.Status.Failed, res.Status.Total)
	}
	hits := make([]retrieval.Hit, len(res.Hits))
	for i, h := range res.Hits {
		hits[i] = retrieval.Hit{ID: h.ID, Score: h.Score}
	}
	return hits, nil
}

// query returns the bleve query for a query text.
func (x *Index) query(text string) (query.Query, error) {
	fields := x.c.Fields
	if x.c.Plain {
		leaves := make([]query.Query, max(len(fields), 1))
		for i := range leaves {
			m := bleve.NewMatchQuery(text)
			if len(fields) > 0 {
				m.SetField(fields[i])
			}
			leaves[i] = m
		}
		return anyOf(leaves), nil
	}
	// One parse per field: the trees have the same shape, and the i-th
	// gives each word that names no field fields[i].
	trees := make([]query.Query, max(len(fields), 1))
	for i := range trees {
		t, err := query.NewQueryStringQuery(text).Parse()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errQuery, err)
		}
		trees[i] = t
	}
	if len(fields) == 0 {
		return trees[0], nil
	}
	return withFields(trees, fields), nil
}

// withFields merges same-shaped query-string trees, parsed once per field:
// each leaf that names no field becomes "any of" the leaves at the same
// place, the i-th searching fields[i]. Leaves that name a field stay as
// they are.
func withFields(qs []query.Query, fields []string) query.Query {
	at := func(get func(query.Query) query.Query) []query.Query {
		out := make([]query.Query, len(qs))
		for i, q := range qs {
			out[i] = get(q)
		}
		return out
	}
	switch q := qs[0].(type) {
	case *query.BooleanQuery:
		parts := []func(*query.BooleanQuery) *query.Query{
			func(b *query.BooleanQuery) *query.Query { return &b.Must },
			func(b *query.BooleanQuery) *query.Query { return &b.Should },
			func(b *query.BooleanQuery) *query.Query { return &b.MustNot },
			func(b *query.BooleanQuery) *query.Query { return &b.Filter },
		}
		for _, part := range parts {
			if *part(q) != nil {
				*part(q) = withFields(at(func(o query.Query) query.Query { return *part(o.(*query.BooleanQuery)) }), fields)
			}
		}
	case *query.ConjunctionQuery:
		for j := range q.Conjuncts {
			q.Conjuncts[j] = withFields(at(func(o query.Query) query.Query { return o.(*query.ConjunctionQuery).Conjuncts[j] }), fields)
		}
	case *query.DisjunctionQuery:
		for j := range q.Disjuncts {
			q.Disjuncts[j] = withFields(at(func(o query.Query) query.Query { return o.(*query.DisjunctionQuery).Disjuncts[j] }), fields)
		}
	case query.FieldableQuery:
		if q.Field() != "" {
			return q
		}
		for i, o := range qs {
			o.(query.FieldableQuery).SetField(fields[i])
		}
		return anyOf(qs)
	}
	return qs[0]
}

// anyOf returns a query matching the documents any of qs matches, as the
// query-string parser combines words: a clause that can match nothing (a
// word the analyzer drops, such as a stop word) is left out rather than
// making the whole query match nothing.
func anyOf(qs []query.Query) query.Query {
	if len(qs) == 1 {
		return qs[0]
	}
	return query.NewBooleanQueryForQueryString(nil, qs, nil)
}
