package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// sampleTopics are the 2021 topics whose judged pools the args.me sample
// was drawn from.
var sampleTopics = []string{"51", "52", "55", "57", "67", "68", "73", "74", "80", "100"}

// TestEffectiveness retrieves arguments of the real args.me sample for the
// 2021 topics with BM25, Dirichlet LM and TF-IDF, each with and without
// RM3, and scores them against the official 2021 relevance judgments of the
// sample's ten topics: nDCG@5 and nDCG@10, plain and judged-only (trec_eval
// -J). Run it with -v to see the table:
//
//	go test -run Effectiveness -v ./examples/search/
func TestEffectiveness(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "data", "argsme-sample", "args_processed_sample.csv")
	r, err := corpus.Open(path)
	if err != nil {
		t.Skipf("%s: %v", path, err)
	}
	defer r.Close()
	ctx := context.Background()
	x, err := lexical.Build(ctx, "", r.All(), lexical.Config{Units: []string{"argument"}})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := topics.Task1(2021)
	if err != nil {
		t.Fatal(err)
	}
	var qs []retrieval.Query
	for _, tp := range ts {
		if slices.Contains(sampleTopics, tp.ID) {
			qs = append(qs, retrieval.Query{ID: tp.ID, Text: tp.Title})
		}
	}
	official, err := eval.Official(2021)
	if err != nil {
		t.Fatal(err)
	}
	var js []eval.Judgment
	for j := range official.Qrels(eval.Relevance).All() {
		if slices.Contains(sampleTopics, j.Topic) {
			js = append(js, j)
		}
	}
	qrels, err := eval.NewQrels(js)
	if err != nil {
		t.Fatal(err)
	}
	measures := []eval.Measure{{Name: "ndcg_cut", Cutoffs: []int{5, 10}}}
	var table strings.Builder
	fmt.Fprintf(&table, "%-22s %8s %8s %10s %10s\n", "argument-level model", "nDCG@5", "nDCG@10", "nDCG@5 -J", "nDCG@10 -J")
	best, bestName := -1.0, ""
	for _, model := range []string{"bm25", "dirichlet", "tfidf"} {
		for _, prf := range []string{"", "rm3"} {
			y, err := x.With(lexical.Ranking{Unit: "argument", Scoring: lexical.Scoring{Model: model}, PRF: lexical.PRF{Method: prf}})
			if err != nil {
				t.Fatal(err)
			}
			run := runfile.Run{}
			for _, q := range qs {
				hits, err := y.Retrieve(ctx, q, 1000)
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range hits {
					run[q.ID] = append(run[q.ID], runfile.Line{QID: q.ID, DocID: h.ID, Score: h.Score})
				}
			}
			var v [4]float64
			for i, judged := range []bool{false, true} {
				e, err := eval.Evaluate(qrels, run, eval.Options{Measures: measures, Complete: true, JudgedOnly: judged})
				if err != nil {
					t.Fatal(err)
				}
				v[2*i], _ = e.Mean("ndcg_cut_5")
				v[2*i+1], _ = e.Mean("ndcg_cut_10")
			}
			for _, f := range v {
				if f < 0 || f > 1 {
					t.Errorf("%s %s: nDCG %v out of [0, 1]", model, prf, f)
				}
			}
			name := string(model)
			if prf != "" {
				name += "+" + string(prf)
			}
			fmt.Fprintf(&table, "%-22s %8.4f %8.4f %10.4f %10.4f\n", name, v[0], v[1], v[2], v[3])
			if v[2] > best {
				best, bestName = v[2], name
			}
		}
	}
	fmt.Fprintf(&table, "best by judged-only nDCG@5: %s (%.4f)\n", bestName, best)
	t.Log("\n" + table.String())
}
