package lexical

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// booleanAnd separates the groups of a Boolean query (Ranking.Boolean).
const booleanAnd = " AND "

// BooleanQuery joins groups of words into the text of a Boolean query: a
// document must contain a term of every group. The groups are joined by
// " AND " (which Ranking.Boolean splits at); empty groups are left out.
// The Porthos system of Touché 2022 made such queries of a topic's noun
// chunks (pos.Tagger.NounPhrases gives them).
func BooleanQuery(groups []string) string {
	var kept []string
	for _, g := range groups {
		if g = strings.TrimSpace(g); g != "" {
			kept = append(kept, g)
		}
	}
	return strings.Join(kept, booleanAnd)
}

// allowed returns, for a Boolean search, the documents of ud that contain
// at least one term of every group of q.Text (in any field the search
// weighs), as a bit set; nil when the search is not Boolean or the text has
// no group with a term the analysis keeps (then every document may match).
func (x *Index) allowed(ud *index.Unit, q retrieval.Query) ([]uint64, error) {
	if !x.search.Boolean {
		return nil, nil
	}
	ndocs := uint64(ud.Docs())
	var set []uint64
	for _, group := range strings.Split(q.Text, booleanAnd) {
		terms := x.queryTerms(retrieval.Query{Text: group})
		if len(terms) == 0 {
			continue // only stop words: no constraint
		}
		in := make([]uint64, (ndocs+63)/64)
		var c cursor
		for _, f := range ud.Fields {
			if x.search.fieldWeight(f.Name) == 0 {
				continue
			}
			for _, t := range terms {
				id := f.Lookup(t.term)
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
