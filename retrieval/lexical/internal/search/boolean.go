package search

import (
	"fmt"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// Allowed returns, for a Boolean search, the documents of ud that contain
// at least one term of every group (in any field p weighs), as a bit set;
// nil when no group has a term the analysis keeps (then every document may
// match). A group's terms are those of a query of its text (see Terms).
func (s *Searcher) Allowed(ud *index.Unit, p *Params, groups []string) ([]uint64, error) {
	ndocs := uint64(ud.Docs())
	var set []uint64
	for _, group := range groups {
		terms := s.Terms(p, retrieval.Query{Text: group})
		if len(terms) == 0 {
			continue // only stop words: no constraint
		}
		in := make([]uint64, (ndocs+63)/64)
		var c cursor
		for _, f := range ud.Fields {
			if p.fieldWeight(f.Name) == 0 {
				continue
			}
			for _, t := range terms {
				id := f.Lookup(t.Text)
				if id < 0 {
					continue
				}
				if err := c.reset(f, id, ndocs); err != nil {
					return nil, fmt.Errorf("lexical: retrieve: %w", err)
				}
				for ; c.doc < ndocs; c.next() {
					in[c.doc/64] |= 1 << (c.doc % 64)
				}
			}
		}
		if set == nil {
			set = in
			continue
		}
		for i := range set {
			set[i] &= in[i]
		}
	}
	return set, nil
}
