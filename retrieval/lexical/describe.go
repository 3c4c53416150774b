package lexical

import (
	"fmt"
	"strings"
)

// String describes the search for people, with the defaults a zero field
// stands for filled in: "unit sentence, bm25 (k1 1.2, b 0.75), query title"
// or "unit argument, lucene-dirichlet (mu 2000), fields conclusion 2,
// premise 1, title 1, query title, prf rm3 (10 docs, 10 terms, original
// weight 0.5)".
func (s Ranking) String() string {
	n, err := s.normalized([]string{"sentence", "argument"})
	if err != nil {
		return fmt.Sprintf("invalid search (%v)", err)
	}
	parts := []string{"unit " + n.Unit, n.Scoring.String()}
	if n.Unit == "pair" {
		parts[0] = "unit pair (two sentences of an argument)"
		if n.PairTitle {
			parts[0] = "unit pair (two sentences of an argument and its discussion title)"
		}
	}
	if n.Unit == "argument" {
		parts = append(parts, fmt.Sprintf("fields conclusion %g, premise %g, title %g", n.Fields.Conclusion, n.Fields.Premise, n.Fields.Title))
	}
	var q []string
	for _, p := range []struct {
		name string
		w    float64
	}{{"title", n.Query.Title}, {"description", n.Query.Description}, {"narrative", n.Query.Narrative}} {
		switch {
		case p.w == 1:
			q = append(q, p.name)
		case p.w != 0:
			q = append(q, fmt.Sprintf("%s %g", p.name, p.w))
		}
	}
	parts = append(parts, "query "+strings.Join(q, " + "))
	if n.Boolean {
		parts = append(parts, "boolean (a term of every group)")
	}
	if n.PRF.Method != prfNone {
		prf := fmt.Sprintf("prf %s (%d docs, %d terms", n.PRF.Method, n.PRF.Docs, n.PRF.Terms)
		if n.PRF.Method == prfRM3 {
			prf += fmt.Sprintf(", original weight %g", n.PRF.OriginalWeight)
		}
		parts = append(parts, prf+")")
	}
	return strings.Join(parts, ", ")
}

// String describes the scoring for people: "bm25 (k1 1.2, b 0.75)",
// "dirichlet (mu 2000)", "tfidf"; Lucene's quantized lengths are said.
func (s Scoring) String() string {
	n, err := s.normalized()
	if err != nil {
		return fmt.Sprintf("invalid scoring (%v)", err)
	}
	var out string
	switch n.Model {
	case "bm25":
		out = fmt.Sprintf("bm25 (k1 %g, b %g)", n.K1, n.B)
	case "dirichlet", "lucene-dirichlet":
		out = fmt.Sprintf("%s (mu %g)", n.Model, n.Mu)
	default:
		out = n.Model
	}
	if n.QuantizeLengths {
		out += ", lengths quantized as Lucene 8's"
	}
	return out
}
