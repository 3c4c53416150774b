package argsearch_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// A complete Touché 2022 system on the embedded args.me sample: retrieve
// sentences, filter them, pair them, give every pair a stance, write a
// valid run of 1000 pairs per topic and evaluate it with the official 2021
// judgments, which rate the arguments the pairs come from. The package
// documentation walks through this code.
func Example() {
	ctx := context.Background()
	store := must(corpus.BuildStore(ctx, corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All()))
	index := must(lexical.Build(ctx, "", corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All(), lexical.Config{}))
	argModel := must(models.Argumentative())
	stanceModel := must(models.Stance())
	dir := must(os.MkdirTemp("", "argsearch"))
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.txt")
	run := must(runfile.Create(path, "example", runfile.Touche2022()))

	for _, t := range must(sample.Touche2021().Topics()) {
		q := t.Query()
		hits := must(index.Retrieve(ctx, q, 1000)) // BM25 over sentences
		keep := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{},
			filter.Argumentative{Scorer: argModel, Threshold: 0.5})
		kept, _, err := filter.SelectHits(ctx, keep, store, hits, 100, nil)
		check(err)
		cands := must(pairing.Candidates(store, kept))
		for i, c := range cands {
			cands[i].Argumentativeness = argModel.Score(c.Sentence.Text)
			cands[i].Stance, cands[i].StanceConfidence, err = stanceModel.Tag(ctx, q.Text, c.Sentence.Text)
			check(err)
		}
		pairs := must(pairing.Builder{}.Build(ctx, cands, 1000))         // coherent, diverse, never PRO with CON
		pairs = must(pairing.Complete(pairs, store, hits, q.Text, 1000)) // consecutive sentences fill the rest
		results := make([]runfile.Result, len(pairs))
		for i, p := range pairs {
			lean := stanceModel.Lean(q.Text, p.First.Text) + stanceModel.Lean(q.Text, p.Second.Text)
			results[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: stance.Side(p.Stance, lean)}
		}
		check(run.Write(q.ID, results)) // 100 to 1000 PRO or CON pairs, or an error
	}
	check(run.Close()) // the file appears only if the whole run is valid

	pairRun := must(runfile.ReadFile(path))
	qrels := must(eval.Official(2021, eval.Relevance))
	args := must(eval.ArgumentRun(pairRun, qrels, eval.FirstSentence, eval.ByScore)) // a pair stands for its first sentence's argument
	ndcg5 := []eval.Measure{{Name: eval.NDCGCut, Cutoffs: []int{5}}}
	e := must(eval.Evaluate(qrels, args, eval.Options{Measures: ndcg5, JudgedOnly: true}))
	mean, _ := e.Mean("ndcg_cut_5")
	pairsWritten := 0
	for _, lines := range pairRun {
		pairsWritten += len(lines)
	}
	fmt.Printf("%d topics, %d pairs, nDCG@5 (judged only) %.4f\n", len(e.Topics), pairsWritten, mean)
	// Output: 10 topics, 10000 pairs, nDCG@5 (judged only) 0.5608
}

// must returns v, or stops the program if err is not nil.
func must[T any](v T, err error) T {
	check(err)
	return v
}

// check stops the program if err is not nil.
func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
