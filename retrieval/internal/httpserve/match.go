package httpserve

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/retrieval"
)

// AnalysisOf returns the text analysis the handlers match terms with: given,
// if not nil; else the analysis of r when r has one (as *lexical.Index has,
// through its Analysis method); else the "en" preset, lexical's default.
func AnalysisOf(r retrieval.Retriever, given *analysis.Analysis) analysis.Analysis {
	if given != nil {
		return *given
	}
	if a, ok := r.(interface{ Analysis() analysis.Analysis }); ok {
		return a.Analysis()
	}
	a, _ := analysis.Preset("en")
	return a
}

// A Matcher turns texts into term sequences for matching required terms and
// phrases: the analysis it is made from without shingles and, when
// keepStop is set, without stop words (so that a phrase matches word for
// word). A stemmer the collection decides (Stem "krovetz") does not stem
// here: the terms are unstemmed, on both sides alike. It is safe for
// concurrent use.
type Matcher struct {
	pool sync.Pool
}

// NewMatcher returns a Matcher for a.
func NewMatcher(a analysis.Analysis, keepStop bool) (*Matcher, error) {
	a.Shingles = 0
	if keepStop {
		a.Stop, a.StopFrequent = "", 0
	}
	if a.Stem == "krovetz" {
		a.Stem, a.KrovetzMinCF = "", 0
	}
	z, err := analysis.NewAnalyzer(a)
	if err != nil {
		return nil, fmt.Errorf("the index's analysis: %w", err)
	}
	m := &Matcher{}
	m.pool.New = func() any { return z.Clone() }
	return m, nil
}

// Terms appends the terms of text to dst.
func (m *Matcher) Terms(dst []string, text string) []string {
	z := m.pool.Get().(*analysis.Analyzer)
	dst = z.AppendTerms(dst, text)
	z.Trim()
	m.pool.Put(z)
	return dst
}

// HasPhrase reports whether terms hold the terms of phrase in order, with at
// most slop other terms between them in all. An empty phrase is in every
// text. It takes time proportional to len(terms) × len(phrase) × (slop+1)²,
// whatever the terms.
func HasPhrase(terms, phrase []string, slop int) bool {
	if len(phrase) == 0 {
		return true
	}
	slop = max(slop, 0)
	// at[u][i]: the phrase so far can end at term i with u other terms
	// between its terms.
	at := make([][]bool, slop+1)
	next := make([][]bool, slop+1)
	for u := range at {
		at[u], next[u] = make([]bool, len(terms)), make([]bool, len(terms))
	}
	for i, t := range terms {
		at[0][i] = t == phrase[0]
	}
	for _, p := range phrase[1:] {
		found := false
		for u := range next {
			clear(next[u])
		}
		for u := range at {
			for i, ok := range at[u] {
				if !ok {
					continue
				}
				for g := 0; u+g <= slop && i+1+g < len(terms); g++ {
					if terms[i+1+g] == p {
						next[u+g][i+1+g] = true
						found = true
					}
				}
			}
		}
		if !found {
			return false
		}
		at, next = next, at
	}
	for u := range at {
		if slices.Contains(at[u], true) {
			return true
		}
	}
	return false
}

// With calls f with a function giving the terms of a text, from one
// analyzer taken for the call (cheaper than Terms for many short texts).
func (m *Matcher) With(f func(terms func(dst []string, text string) []string)) {
	z := m.pool.Get().(*analysis.Analyzer)
	f(z.AppendTerms)
	z.Trim()
	m.pool.Put(z)
}

// Filter returns the hits of r for q that keep accepts, best first, down to
// need of them: it retrieves need×4 hits (at least 100), then twice as
// many, and so on, until need are accepted, the ranking ends or depth
// hits were examined. exact reports whether the ranking ended, so that
// len(hits) is all there are. keep is asked about each id once.
func Filter(ctx context.Context, r retrieval.Retriever, q retrieval.Query, need, depth int, keep func(id string) (bool, error)) (hits []retrieval.Hit, exact bool, err error) {
	kept := map[string]bool{}
	for k := min(max(4*need, 100), depth); ; k = min(2*k, depth) {
		all, err := r.Retrieve(ctx, q, k)
		if err != nil {
			return nil, false, err
		}
		hits = hits[:0]
		for _, h := range all {
			ok, seen := kept[h.ID]
			if !seen {
				if ok, err = keep(h.ID); err != nil {
					return nil, false, err
				}
				kept[h.ID] = ok
			}
			if ok {
				hits = append(hits, h)
			}
		}
		ended := len(all) < k
		if ended || len(hits) >= need || k == depth {
			return hits, ended, nil
		}
	}
}
