package lexical_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

// Build an in-memory index of the embedded args.me sample and retrieve
// arguments with BM25, then with Dirichlet LM, without re-indexing.
func Example() {
	ctx := context.Background()
	args := corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All()
	x, err := lexical.Build(ctx, "", args, lexical.Config{Analyzer: "lucene"})
	if err != nil {
		log.Fatal(err)
	}
	defer x.Close()
	fmt.Println(x.Docs("argument"), "arguments,", x.Docs("sentence"), "sentences")

	q := retrieval.Query{ID: "51", Text: "Do we need sex education in schools?"}
	for _, model := range []string{"bm25", "dirichlet"} {
		y, err := x.With(lexical.Ranking{Unit: "argument", Scoring: lexical.Scoring{Model: model}})
		if err != nil {
			log.Fatal(err)
		}
		hits, err := y.Retrieve(ctx, q, 3)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(model)
		for _, h := range hits {
			fmt.Printf("  %s %.4f\n", h.ID, h.Score)
		}
	}
	// Output:
	// 643 arguments, 17590 sentences
	// bm25
	//   S81a3881b-A1d5a5aa3 12.2320
	//   S428a8bea-Aba4c7b80 11.8962
	//   S428a8bea-A6fcf1b51 11.6210
	// dirichlet
	//   S5e2fadc8-A30376bd9 -86.4958
	//   S471f6ceb-Ab64777b5 -86.8930
	//   S861da101-A5653ac85 -87.0695
}

// Config.Analysis replaces a preset: here Lucene's EnglishAnalyzer chain
// (analysis.Preset("lucene")) without its stemmer, so that "teachers" no longer
// matches "teacher". The index records the analysis it was built with.
func ExampleConfig_analysis() {
	ctx := context.Background()
	args := func(yield func(corpus.Argument, error) bool) {
		yield(corpus.Argument{ID: "a1", Sentences: []corpus.Sentence{
			{ID: "a1__CONC__1", Text: "Every teacher should be paid more."},
			{ID: "a1__PREMISE__1", Text: "The teachers' unions agree."},
		}}, nil)
	}
	for _, a := range []analysis.Analysis{
		{Possessive: true, Stop: "lucene", Stem: "porter"}, // analysis.Preset("lucene")
		{Possessive: true, Stop: "lucene"},
	} {
		x, err := lexical.Build(ctx, "", args, lexical.Config{Analysis: &a})
		if err != nil {
			log.Fatal(err)
		}
		hits, err := x.Retrieve(ctx, retrieval.Query{ID: "1", Text: "teachers"}, 10)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d of 2 sentences\n", x.Analysis(), len(hits))
		x.Close()
	}
	// Output:
	// lower case, possessive 's, stop words lucene, stem porter: 2 of 2 sentences
	// lower case, possessive 's, stop words lucene, no stemming: 1 of 2 sentences
}
