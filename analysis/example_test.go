package analysis_test

import (
	"fmt"

	"github.com/argsearch/argsearch/analysis"
)

// The default preset folds Unicode, drops possessives and Snowball's stop
// words, and stems with Porter2.
func ExampleAnalyzer_AppendTerms() {
	a, err := analysis.Preset("en")
	if err != nil {
		fmt.Println(err)
		return
	}
	z, err := analysis.NewAnalyzer(a)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a)
	fmt.Println(z.AppendTerms(nil, "The teachers' unions aren't convincing the Café's owners"))
	// Output:
	// fold, possessive 's, stop words english, stem porter2
	// [teacher union convinc cafe owner]
}

// Shingles add the runs of consecutive terms that stop words leave.
func ExampleAnalysis_shingles() {
	z, err := analysis.NewAnalyzer(analysis.Analysis{Stop: "lucene", Shingles: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", z.AppendTerms(nil, "Abolish the death penalty"))
	// Output: ["abolish" "abolish death" "death" "death penalty" "penalty"]
}
