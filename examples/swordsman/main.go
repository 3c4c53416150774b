// Command swordsman reimplements Swordsman, the official Touché 2022
// baseline: a first-stage retrieval of whole arguments, then, for every
// retrieved argument, its two most central sentences as a pair, ranked by
// ArgsRank (PageRank over sentence similarities with a teleport vector that
// favours discourse markers; Alshomary et al., SIGIR 2020).
//
//	swordsman [-i inputDir] [-o outputDir] [-k 1000] [-model dirichlet|bm25]
//	          [-mu 2000] [-cache DIR|off] [-workers N] [-quiet]
//
// With -i it reads the corpus and topics.xml from inputDir (TIRA's
// convention); without it, the embedded args.me sample with the ten 2021
// topics it was drawn for, and then also prints the run's nDCG@5 against
// the 2021 judgments. It writes outputDir/run.txt (without -o, ./run.txt).
// The index is cached under the user's cache directory.
//
// The steps, per topic:
//
//  1. Retrieve arguments (conclusion, premises and discussion title, equally
//     weighted) with Dirichlet-smoothed query likelihood (or BM25, -model).
//  2. Rank each argument's sentences with pairing.ArgsRank and take the top
//     two, in reading order (pairing.TopTwo). Arguments of one sentence give
//     no pair; retrieval goes deeper until k pairs are made.
//  3. The pair's score is the argument's retrieval score; its stance is the
//     argument's args.me premise stance mapped onto the topic
//     (corpus.Argument.Stance), "Q0" where the conclusion does not reveal
//     it.
//
// The original used Universal Sentence Encoder similarities; ArgsRank here
// uses TF-IDF cosine. The run follows the Touché 2022 rules except that
// "Q0" is allowed, and for the sample there is no minimum of pairs.
package main

import (
	"context"
	"io"
	"os"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("swordsman", "swordsman [-i DIR] [-o DIR] [-k 1000] [-model dirichlet|bm25] [-mu 2000] [-cache DIR|off] [-workers N] [-quiet]",
		`Swordsman reimplements the official Touché 2022 baseline: it retrieves whole arguments (Dirichlet LM, or BM25 with -model), and every retrieved argument gives one pair, its two most central sentences by ArgsRank (PageRank over sentence similarities, favouring discourse markers), ranked by the argument's score and stanced by its args.me labels ("Q0" where they do not reveal a stance).

`+system.About, stdout, stderr)
	var f system.Flags
	f.Register(c)
	k := c.Int("k", 1000, 1, 1000, "pairs per topic")
	model := c.OneOf("model", []string{string(lexical.ModelDirichlet), string(lexical.ModelBM25)}, "argument retrieval model")
	mu := c.Float("mu", 2000, 1, 1e9, "Dirichlet μ")
	return c.Run(args, func([]string) error {
		search := lexical.Search{Unit: lexical.UnitArgument, Scoring: lexical.Scoring{Model: lexical.Model(*model), Mu: *mu}}
		return swordsman(ctx, f, search, *k, stdout, stderr)
	})
}

func swordsman(ctx context.Context, f system.Flags, search lexical.Search, k int, stdout, stderr io.Writer) error {
	env, err := system.Open(ctx, f, lexical.Config{}, stderr)
	if err != nil {
		return err
	}
	defer env.Close()
	arguments, err := env.Index.With(search)
	if err != nil {
		return err
	}
	rules := runfile.Touche2022()
	rules.Stances = append(rules.Stances, stance.Unknown)
	_, err = env.Run(ctx, system.Job{
		Name:  "swordsman",
		Rules: rules,
		Topic: func(ctx context.Context, q retrieval.Query) ([]runfile.Result, error) {
			return system.Swordsman(ctx, env.Store, arguments, q, k)
		},
	}, stdout)
	return err
}
