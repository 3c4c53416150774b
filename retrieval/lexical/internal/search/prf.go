package search

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

type weighted struct {
	term string
	w    float64
}

// best returns the n highest-weighted terms of m, by weight descending and
// term ascending.
func best(m map[string]float64, n int) []weighted {
	all := make([]weighted, 0, len(m))
	for t, w := range m {
		all = append(all, weighted{t, w})
	}
	slices.SortFunc(all, func(a, b weighted) int {
		if c := cmp.Compare(b.w, a.w); c != 0 {
			return c
		}
		return strings.Compare(a.term, b.term)
	})
	return all[:min(n, len(all))]
}

// Expand returns the query terms expanded from the feedback documents fb
// of ud (best first, from Run) with p's PRF method, from their term
// vectors. Term vectors that fail their check give an error wrapping
// index.ErrCorrupt.
func Expand(ud *index.Unit, p *Params, terms []Term, fb []Scored) ([]Term, error) {
	prf := p.PRF
	out := slices.Clone(terms)
	at := map[string]int{}
	for i, t := range out {
		at[t.Text] = i
	}
	addTerm := func(t string, w float64) {
		if i, ok := at[t]; ok {
			out[i].Weight += w
			return
		}
		at[t] = len(out)
		out = append(out, Term{t, w})
	}
	switch prf.Method {
	case prfRM3:
		// Document weights: first-stage scores normalised to sum 1; for
		// log-likelihood scores, their exponentials.
		ws := make([]float64, len(fb))
		sum := 0.0
		for i, r := range fb {
			w := r.Score
			if p.Scoring.Model == "dirichlet" {
				w = math.Exp(r.Score - fb[0].Score)
			}
			ws[i] = max(w, 0)
			sum += ws[i]
		}
		rel := map[string]float64{}
		vec := map[string]float64{}
		for i, r := range fb {
			clear(vec)
			dl, err := ud.TermVector(r.Doc, vec)
			if err != nil {
				return nil, err
			}
			if dl == 0 {
				continue
			}
			w := 1 / float64(len(fb))
			if sum > 0 {
				w = ws[i] / sum
			}
			for t, f := range vec {
				rel[t] += w * f / dl
			}
		}
		top := best(rel, prf.Terms)
		rsum := 0.0
		for _, t := range top {
			rsum += t.w
		}
		qsum := 0.0
		for _, t := range terms {
			qsum += t.Weight
		}
		lambda := prf.OriginalWeight
		for i := range out {
			out[i].Weight = lambda * out[i].Weight / qsum
		}
		if rsum > 0 {
			for _, t := range top {
				addTerm(t.term, (1-lambda)*t.w/rsum)
			}
		}
	case prfBo1:
		tfx := map[string]float64{}
		for _, r := range fb {
			if _, err := ud.TermVector(r.Doc, tfx); err != nil {
				return nil, err
			}
		}
		n := float64(ud.Docs())
		w := map[string]float64{}
		for t, f := range tfx {
			var ttf float64
			for _, fd := range ud.Fields {
				if id := fd.Lookup(t); id >= 0 {
					ttf += float64(fd.TTF[id])
				}
			}
			pn := ttf / n
			w[t] = f*math.Log2((1+pn)/pn) + math.Log2(1+pn)
		}
		top := best(w, prf.Terms)
		qmax := 0.0
		for _, t := range terms {
			qmax = max(qmax, t.Weight)
		}
		for i := range out {
			out[i].Weight /= qmax
		}
		if len(top) > 0 && top[0].w > 0 {
			for _, t := range top {
				addTerm(t.term, t.w/top[0].w)
			}
		}
	}
	return out, nil
}
