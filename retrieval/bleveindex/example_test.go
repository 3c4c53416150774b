package bleveindex_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/bleveindex"
)

// Build an in-memory bleve index of the sentences of the embedded args.me
// sample and retrieve sentences for a Touché topic with bleve's tf-idf,
// reading the title as plain text.
func Example() {
	ctx := context.Background()
	args := corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All()
	x, err := bleveindex.Build(ctx, "", args, bleveindex.Config{Plain: true})
	if err != nil {
		log.Fatal(err)
	}
	defer x.Close()

	q := retrieval.Query{ID: "51", Text: "Do we need sex education in schools?"}
	hits, err := x.Retrieve(ctx, q, 3)
	if err != nil {
		log.Fatal(err)
	}
	for _, h := range hits {
		fmt.Printf("%s %.4f\n", h.ID, h.Score)
	}
	// Equal scores come out by id descending, as trec_eval reads them.

	// Output:
	// S471f6ceb-Ab64777b5__PREMISE__29 2.7324
	// S81a3881b-Aaf908466__CONC__1 2.5476
	// S81a3881b-A1d5a5aa3__CONC__1 2.5476
}

// In bleve's query-string syntax, the "?" that ends a Touché title makes
// its last word a wildcard, which is not analysed and matches no stemmed
// term: "abolished?" is lost, and only the arguments that mention celibacy
// are found. Read as plain text (Config.Plain), the title keeps both words.
func ExampleConfig_plain() {
	ctx := context.Background()
	args := corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All()
	x, err := bleveindex.Build(ctx, "", args, bleveindex.Config{Unit: "argument"})
	if err != nil {
		log.Fatal(err)
	}
	defer x.Close()

	q := retrieval.Query{ID: "68", Text: "Should celibacy be abolished?"}
	for _, c := range []bleveindex.Config{{}, {Plain: true}} {
		hits, err := bleveindex.New(x.Bleve(), c).Retrieve(ctx, q, 1000)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("Plain %v: %d arguments\n", c.Plain, len(hits))
	}
	// Output:
	// Plain false: 49 arguments
	// Plain true: 85 arguments
}
