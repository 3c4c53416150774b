// Command baseline is the simplest honest Touché 2022 system: BM25 over the
// sentences of args.me, and for every argument a retrieved sentence belongs
// to, one pair, its best premise sentence with its conclusion; the stance
// comes from the args.me labels.
//
//	baseline [-i inputDir] [-o outputDir] [-k 1000] [-cache DIR|off] [-workers N] [-quiet]
//
// With -i it reads the corpus and topics.xml from inputDir (TIRA's
// convention); without it, the args.me sample embedded in the module with
// the ten 2021 topics it was drawn for, and then also prints the run's
// nDCG@5 against the 2021 judgments. It writes outputDir/run.txt (without
// -o, ./run.txt). The index is cached under the user's cache directory, so
// only the first run builds it.
//
// The steps, per topic:
//
//  1. Retrieve sentences with BM25 (k1 1.2, b 0.75), deep enough that they
//     come from k different arguments (or from every argument that matches).
//  2. Order the arguments by their best sentence. Each gives one pair: its
//     best-scoring premise sentence, then its conclusion (pairing.
//     ConclusionPremise). An argument whose conclusion is not a sentence
//     (under two words) or that has no premise sentence gives none.
//  3. The pair's score is the argument's best sentence score; its stance is
//     the argument's args.me premise stance mapped onto the topic
//     (corpus.Argument.Stance), "Q0" where the conclusion does not reveal
//     it.
//
// The run follows the Touché 2022 rules (100 to 1000 pairs per topic) except
// that "Q0" stances are allowed, and that for the sample there is no
// minimum: its 643 arguments cannot give every topic 100 pairs.
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("baseline", "baseline [-i DIR] [-o DIR] [-k 1000] [-cache DIR|off] [-workers N] [-quiet]",
		`Baseline is the simplest honest Touché 2022 system: BM25 over the sentences of args.me, and for every argument a retrieved sentence belongs to, one pair: its best premise sentence with its conclusion, stanced by the argument's args.me labels ("Q0" where they do not reveal a stance).

`+system.About, stdout, stderr)
	var f system.Flags
	f.Register(c)
	k := c.Int("k", 1000, 1, 1000, "pairs per topic")
	return c.Run(args, func([]string) error { return baseline(ctx, f, *k, stdout, stderr) })
}

func baseline(ctx context.Context, f system.Flags, k int, stdout, stderr io.Writer) error {
	env, err := system.Open(ctx, f, lexical.Config{}, stderr)
	if err != nil {
		return err
	}
	defer env.Close()
	bm25, err := env.Index.With(lexical.Search{Unit: lexical.UnitSentence})
	if err != nil {
		return err
	}
	rules := runfile.Touche2022()
	rules.Stances = append(rules.Stances, stance.Unknown)
	_, err = env.Run(ctx, system.Job{
		Name:  "baseline",
		Rules: rules,
		Topic: func(ctx context.Context, q retrieval.Query) ([]runfile.Result, error) {
			return answer(ctx, env.Store, bm25, q, k)
		},
	}, stdout)
	return err
}

// answer makes the pairs of one topic, retrieving deeper until k arguments
// are found or every sentence is retrieved.
func answer(ctx context.Context, store *corpus.Store, bm25 *lexical.Index, q retrieval.Query, k int) ([]runfile.Result, error) {
	total := bm25.Docs(lexical.UnitSentence)
	for depth := min(10*k, total); ; depth = min(4*depth, total) {
		hits, err := bm25.Retrieve(ctx, q, depth)
		if err != nil {
			return nil, err
		}
		results, err := pairs(store, q, hits, k)
		if err != nil || len(results) >= k || len(hits) < depth || depth == total {
			return results, err
		}
	}
}

// pairs turns sentence hits (best first) into at most k pairs, one per
// argument, in the order of the arguments' best sentences.
func pairs(store *corpus.Store, q retrieval.Query, hits []retrieval.Hit, k int) ([]runfile.Result, error) {
	score := make(map[string]float64, len(hits)) // sentence id → BM25 score
	var order []string                           // arguments by their best sentence
	best := map[string]float64{}
	for _, h := range hits {
		argID, ok := store.ArgumentOf(h.ID)
		if !ok {
			return nil, fmt.Errorf("hit %q: no such sentence in the corpus", h.ID)
		}
		score[h.ID] = h.Score
		if _, seen := best[argID]; !seen {
			best[argID] = h.Score
			order = append(order, argID)
		}
	}
	var results []runfile.Result
	for _, id := range order {
		a, _ := store.Argument(id)
		scores := make([]float64, len(a.Sentences))
		for i, s := range a.Sentences {
			scores[i] = score[s.ID]
		}
		p, ok := pairing.ConclusionPremise(a, scores)
		if !ok {
			continue
		}
		st, _ := a.Stance(q.Text)
		results = append(results, runfile.Result{DocID: p.ID(), Score: best[id], Stance: st})
		if len(results) == k {
			break
		}
	}
	return results, nil
}
