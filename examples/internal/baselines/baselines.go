// Package baselines holds the commands of the two baseline systems,
// baseline (system.Baseline) and swordsman (system.Swordsman), as functions,
// so that a binary other than their own can run them: examples/advanced
// runs one when it is called by its name (the TIRA image's /bin/baseline
// and /bin/swordsman are links to /bin/advanced).
package baselines

import (
	"context"
	"io"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/system"
)

// Baseline runs the baseline command with args (without the command's
// name) and returns its exit status.
func Baseline(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("baseline", "baseline [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-tag TAG] [flags]",
		`Baseline is the simplest honest Touché 2022 system (system.Baseline): BM25 over the sentences of args.me, and for every argument a retrieved sentence belongs to, one pair: its best premise sentence with its conclusion, stanced by the argument's args.me labels ("Q0" where they reveal none).

It reads the corpus and topics.xml from -i DIR (TIRA's convention) and writes run.txt to the -o directory; without -i it runs on an args.me sample embedded in the module (-sample) and scores the run against its official judgments. The index is cached (-cache). Progress goes to stderr (-quiet silences it).`, stdout, stderr)
	var f cli.SystemFlags
	f.Register(c, "baseline")
	k := c.Int("k", 1000, 1, 1000, "pairs per topic")
	return c.Run(args, func([]string) error {
		f.K = *k
		return cli.Answer(ctx, "baseline", f, system.Baseline{}, stdout, stderr)
	})
}

// Swordsman runs the swordsman command with args (without the command's
// name) and returns its exit status.
func Swordsman(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("swordsman", "swordsman [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-model dirichlet|bm25] [flags]",
		`Swordsman reimplements the official Touché 2022 baseline (system.Swordsman): it retrieves whole arguments (Dirichlet LM, or BM25 with -model), and every retrieved argument gives one pair, its two most central sentences by ArgsRank, ranked by the argument's score and stanced by its args.me labels ("Q0" where they reveal none).

It reads the corpus and topics.xml from -i DIR (TIRA's convention) and writes run.txt to the -o directory; without -i it runs on an args.me sample embedded in the module (-sample) and scores the run against its official judgments. The index is cached (-cache). Progress goes to stderr (-quiet silences it).`, stdout, stderr)
	var f cli.SystemFlags
	f.Register(c, "swordsman")
	k := c.Int("k", 1000, 1, 1000, "pairs per topic")
	model := c.OneOf("model", []string{"dirichlet", "bm25"}, "argument retrieval model")
	mu := c.Float("mu", 2000, 1, 1e9, "Dirichlet μ")
	return c.Run(args, func([]string) error {
		f.K = *k
		s := system.Swordsman{Search: lexical.Ranking{Scoring: lexical.Scoring{Model: *model, Mu: *mu}}}
		return cli.Answer(ctx, "swordsman", f, s, stdout, stderr)
	})
}
