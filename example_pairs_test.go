package argsearch_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
)

// The Touché 2022 task in brief: retrieve sentences, keep the argumentative
// ones, pair them coherently with a stance, and write the pairs as a run.
// The root package documentation walks through this code.
func Example_pairs() {
	ctx := context.Background()
	store, err := corpus.BuildStore(ctx, corpus.NewCSVReader(sample.ProcessedCSV()).All())
	if err != nil {
		log.Fatal(err)
	}
	index, err := lexical.Build(ctx, "", corpus.NewCSVReader(sample.ProcessedCSV()).All(), lexical.Config{})
	if err != nil {
		log.Fatal(err)
	}
	defer index.Close()
	argModel, err := models.Argumentative()
	if err != nil {
		log.Fatal(err)
	}
	stanceModel, err := models.Stance()
	if err != nil {
		log.Fatal(err)
	}

	q := retrieval.Query{ID: "51", Text: "Do we need sex education in schools?"}
	hits, err := index.Retrieve(ctx, q, 100) // BM25 over sentences
	if err != nil {
		log.Fatal(err)
	}
	keep := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{})
	var cands []pairing.Candidate
	for _, h := range hits {
		s, _ := store.Sentence(h.ID)
		if ok, _ := keep.Check(s); !ok {
			continue
		}
		label, _, err := stanceModel.Tag(ctx, q.Text, s.Text)
		if err != nil {
			log.Fatal(err)
		}
		cands = append(cands, pairing.Candidate{Sentence: s, Retrieval: h.Score,
			Argumentativeness: argModel.Score(s.Text), Stance: label})
	}
	pairs, err := pairing.Builder{}.Build(ctx, cands, 3)
	if err != nil {
		log.Fatal(err)
	}
	results := make([]runfile.Result, len(pairs))
	for i, p := range pairs {
		results[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: p.Stance}
	}
	w := runfile.NewWriter(os.Stdout, "example")
	if err := w.Write(q.ID, results); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(cands), "candidates")
	// Output:
	// 51 PRO S471f6ceb-Ab64777b5__PREMISE__29,S6353b9ac-A9cb2062c__PREMISE__1 1 0.5613018682420675 example
	// 51 PRO Sd32774d-Acd43931a__PREMISE__1,Sd32774d-Acd43931a__CONC__1 2 0.507596624208276 example
	// 51 PRO Sf27da082-A442fab1b__PREMISE__2,S71152e5e-A434dfefa__CONC__1 3 0.47041439442918664 example
	// 69 candidates
}
