package lexical

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/retrieval"
)

// TestBoolean checks Boolean search against the reference: the documents
// that hold a term of every group, scored as the plain query of all the
// groups' words, at every k.
func TestBoolean(t *testing.T) {
	args := sampleArgs(t, 80)
	ctx := context.Background()
	x, err := Build(ctx, "", seq(args), Config{Analyzer: "lucene"})
	if err != nil {
		t.Fatal(err)
	}
	z, _ := analysis.NewAnalyzer(x.Analysis())
	for _, u := range []string{"sentence", "argument"} {
		docs := refDocs(t, x.Analysis(), args, u)
		for _, groups := range [][]string{
			{"affirmative action", "college admissions"},
			{"racial quotas", "the women", "equality"},
			{"race", "gender"},
		} {
			for _, model := range []string{"bm25", "lucene-dirichlet", "dph"} {
				y, err := x.With(Ranking{Unit: u, Scoring: Scoring{Model: model}, Boolean: true})
				if err != nil {
					t.Fatal(err)
				}
				plain := map[string]float64{}
				var sets []map[string]bool
				for _, g := range groups {
					set := map[string]bool{}
					for _, term := range z.AppendTerms(nil, g) {
						plain[term]++
						set[term] = true
					}
					sets = append(sets, set)
				}
				fw := []float64{1, 1, 1}
				all := refScores(docs, plain, fw, y.Ranking().Scoring)
				want := map[string]float64{}
				for _, d := range docs {
					if _, ok := all[d.id]; !ok {
						continue
					}
					every := true
					for _, set := range sets {
						found := false
						for _, f := range d.fields {
							for _, term := range f {
								found = found || set[term]
							}
						}
						every = every && found
					}
					if every {
						want[d.id] = all[d.id]
					}
				}
				name := fmt.Sprintf("%s/%s/%q", u, model, groups)
				if len(want) == 0 || len(want) == len(all) {
					t.Fatalf("%s: %d of %d documents hold every group: the case cannot tell Boolean from plain", name, len(want), len(all))
				}
				ref := slices.Collect(func(yield func(float64) bool) {
					for _, v := range want {
						if !yield(v) {
							return
						}
					}
				})
				slices.Sort(ref)
				slices.Reverse(ref)
				for _, k := range []int{1, 3, len(docs)} {
					hits, err := y.Retrieve(ctx, retrieval.Query{Text: booleanQuery(groups)}, k)
					if err != nil {
						t.Fatal(err)
					}
					if len(hits) != min(k, len(want)) {
						t.Errorf("%s k=%d: %d hits, want %d", name, k, len(hits), min(k, len(want)))
					}
					for i, h := range hits {
						w, ok := want[h.ID]
						if !ok {
							t.Errorf("%s k=%d: hit %s lacks a group", name, k, h.ID)
							continue
						}
						if math.Abs(h.Score-w) > 1e-9 || math.Abs(h.Score-ref[i]) > 1e-9 {
							t.Errorf("%s k=%d: hit %d %s scores %g, want %g (rank score %g)", name, k, i+1, h.ID, h.Score, w, ref[i])
						}
					}
				}
			}
		}
	}
	y, err := x.With(Ranking{Boolean: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		text string
		none bool
	}{
		{booleanQuery([]string{"quotas", "xyzzyunknown"}), true}, // a group no document holds
		{booleanQuery([]string{"quotas", "the of"}), false},      // a group of stop words constrains nothing
	} {
		hits, err := y.Retrieve(ctx, retrieval.Query{Text: c.text}, 10)
		if err != nil {
			t.Fatal(err)
		}
		if (len(hits) == 0) != c.none {
			t.Errorf("%q: %d hits", c.text, len(hits))
		}
	}
	if got := booleanQuery([]string{" teachers ", "", "tenure"}); got != "teachers AND tenure" {
		t.Errorf("booleanQuery = %q", got)
	}
}
