package lexical

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// docVector adds the terms of document d (all fields of the unit together)
// with their frequencies to into, and returns the document's length. Term
// vectors that fail their check give an error wrapping errCorrupt.
func docVector(ud *index.Unit, d uint32, into map[string]float64) (dl float64, err error) {
	for _, f := range ud.Fields {
		doc := uint64(0)
		vec, err := f.Vector(d)
		if err != nil {
			return 0, err
		}
		for p := vec; len(p) > 0; {
			x, m := index.Uvarint(p)
			if m <= 0 {
				break
			}
			p = p[m:]
			tf := uint64(1)
			if x&1 == 0 {
				if tf, m = index.Uvarint(p); m <= 0 {
					break
				}
				p = p[m:]
			}
			doc += x >> 1
			if doc >= uint64(f.Terms()) {
				break
			}
			into[string(f.Term(int(doc)))] += float64(tf)
			dl += float64(tf)
		}
	}
	return dl, nil
}

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

// expand returns the query expanded from the feedback documents fb (best
// first) with the configured PRF method.
func (x *Index) expand(ud *index.Unit, terms []qterm, fb []scored) ([]qterm, error) {
	prf := x.search.PRF
	out := slices.Clone(terms)
	at := map[string]int{}
	for i, t := range out {
		at[t.term] = i
	}
	addTerm := func(t string, w float64) {
		if i, ok := at[t]; ok {
			out[i].w += w
			return
		}
		at[t] = len(out)
		out = append(out, qterm{t, w})
	}
	switch prf.Method {
	case prfRM3:
		// Document weights: first-stage scores normalised to sum 1; for
		// log-likelihood scores, their exponentials.
		ws := make([]float64, len(fb))
		sum := 0.0
		for i, r := range fb {
			w := r.score
			if x.search.Scoring.Model == "dirichlet" {
				w = math.Exp(r.score - fb[0].score)
			}
			ws[i] = max(w, 0)
			sum += ws[i]
		}
		rel := map[string]float64{}
		vec := map[string]float64{}
		for i, r := range fb {
			clear(vec)
			dl, err := docVector(ud, r.doc, vec)
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
			qsum += t.w
		}
		lambda := prf.OriginalWeight
		for i := range out {
			out[i].w = lambda * out[i].w / qsum
		}
		if rsum > 0 {
			for _, t := range top {
				addTerm(t.term, (1-lambda)*t.w/rsum)
			}
		}
	case prfBo1:
		tfx := map[string]float64{}
		for _, r := range fb {
			if _, err := docVector(ud, r.doc, tfx); err != nil {
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
			qmax = max(qmax, t.w)
		}
		for i := range out {
			out[i].w /= qmax
		}
		if len(top) > 0 && top[0].w > 0 {
			for _, t := range top {
				addTerm(t.term, t.w/top[0].w)
			}
		}
	}
	return out, nil
}
