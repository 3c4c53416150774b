package argsearch_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
)

// A whole, if plain, Touché 2021 system: BM25 over the arguments of the
// embedded args.me sample, evaluated with the official judgments.
func Example() {
	ctx := context.Background()

	// Index the corpus: arguments and their sentences, in memory.
	args := corpus.NewCSVReader(sample.ProcessedCSV()).All()
	index, err := lexical.Build(ctx, "", args, lexical.Config{Analyzer: lexical.AnalyzerLucene})
	if err != nil {
		log.Fatal(err)
	}
	defer index.Close()
	bm25, err := index.With(lexical.Search{Unit: lexical.UnitArgument})
	if err != nil {
		log.Fatal(err)
	}

	// Retrieve 100 arguments for each topic the sample was drawn for, and
	// write them as a run.
	ts, err := sample.Topics()
	if err != nil {
		log.Fatal(err)
	}
	var run bytes.Buffer
	w := runfile.NewWriter(&run, "bm25")
	for _, t := range ts {
		hits, err := bm25.Retrieve(ctx, t.Query(), 100)
		if err != nil {
			log.Fatal(err)
		}
		results := make([]runfile.Result, len(hits))
		for i, h := range hits {
			results[i] = runfile.Result{DocID: h.ID, Score: h.Score}
		}
		if err := w.Write(t.ID, results); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	// Evaluate: nDCG@5 on judged documents only, as the official tables do.
	qrels, err := eval.Official(2021, eval.Relevance)
	if err != nil {
		log.Fatal(err)
	}
	parsed, err := runfile.ReadRun(&run)
	if err != nil {
		log.Fatal(err)
	}
	ndcg, err := eval.ParseMeasure("ndcg_cut.5")
	if err != nil {
		log.Fatal(err)
	}
	e, err := eval.Evaluate(qrels, parsed, eval.Options{Measures: []eval.Measure{ndcg}, JudgedOnly: true})
	if err != nil {
		log.Fatal(err)
	}
	mean, _ := e.Mean("ndcg_cut_5")
	fmt.Printf("%d topics, nDCG@5 (judged only) %.4f\n", len(e.Topics), mean)
	// Output: 10 topics, nDCG@5 (judged only) 0.5931
}
