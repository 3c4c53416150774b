package eval_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// A new system retrieves pairs that the judgments never saw, built from
// sentences that they did see. Report the estimated nDCG next to the exact
// judged-only one, with the coverage of both.
func ExampleEstimate() {
	// Sentence a was judged in two pairs (labels 2 and 0: mean 1), b in
	// two (2 and 1: mean 1.5), c in two (0 and 1: mean 0.5).
	qrels, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "a,b", Label: 2},
		{Topic: "1", DocID: "a,c", Label: 0},
		{Topic: "1", DocID: "b,c", Label: 1},
	})
	if err != nil {
		log.Fatal(err)
	}
	est := eval.NewEstimate(qrels)
	for _, doc := range []string{"a,b", "b,a", "c,a", "c,x"} {
		label, ok := est.Label("1", doc)
		_, judged := qrels.Label("1", doc)
		fmt.Printf("%s: %.2f labelled %v, judged %v\n", doc, label, ok, judged)
	}

	run, err := runfile.NewReader(strings.NewReader(`1 Q0 b,a 1 3.0 new
1 Q0 c,x 2 2.0 new
1 Q0 a,c 3 1.0 new
`)).ReadRun()
	if err != nil {
		log.Fatal(err)
	}
	exact, err := eval.Evaluate(qrels, run, eval.Options{
		JudgedOnly: true,
		Measures:   []eval.Measure{{Name: "ndcg_cut", Cutoffs: []int{3}}},
	})
	if err != nil {
		log.Fatal(err)
	}
	exactNDCG, _ := exact.Mean("ndcg_cut_3")
	// Judged-only, the run is a,c (label 0): nDCG 0. Estimated, it is
	// b,a (1.25), a,c (0) against the ideal 2, 1.25, 1:
	// 1.25 / (2 + 1.25/log2(3) + 1/2) = 0.3801.
	nd, err := est.NDCG(run, 3, eval.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("exact nDCG@3 %.4f (judged %.2f), estimated %.4f (labelled %.2f)\n",
		exactNDCG, nd.MeanJudged, nd.Mean, nd.MeanLabelled)
	// Output:
	// a,b: 2.00 labelled true, judged true
	// b,a: 1.25 labelled true, judged false
	// c,a: 0.75 labelled true, judged false
	// c,x: 0.00 labelled false, judged false
	// exact nDCG@3 0.0000 (judged 0.33), estimated 0.3801 (labelled 0.67)
}

// Check how well the estimates work on the official 2022 judgments, leaving
// each judged pair out in turn (and, for the fitted estimate, each topic
// out of the fit).
func ExampleEstimate_LeaveOneOut() {
	set, err := eval.Official(2022)
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range set.Dimensions() {
		pearson, _, pairs, err := eval.NewEstimate(set.Qrels(d)).LeaveOneOut()
		if err != nil {
			log.Fatal(err)
		}
		fitted, err := eval.FitEstimate(set, d)
		if err != nil {
			log.Fatal(err)
		}
		fit, _, _, err := fitted.LeaveOneOut()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-9s %d of %d pairs, Pearson %.2f, fitted %.2f\n", d, pairs, set.Qrels(d).Len(), pearson, fit)
	}
	// Output:
	// relevance 2039 of 6841 pairs, Pearson 0.77, fitted 0.77
	// quality   2039 of 6841 pairs, Pearson 0.78, fitted 0.78
	// coherence 2039 of 6841 pairs, Pearson 0.47, fitted 0.50
}
