package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/system"
)

func main() {
	// An interrupt cancels the work, so that the cache's writers remove
	// their temporary files before the command exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if ctx.Err() != nil {
		code = 130
	}
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
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
		return swordsman(ctx, f, s, stdout, stderr)
	})
}

func swordsman(ctx context.Context, f cli.SystemFlags, s system.Swordsman, stdout, stderr io.Writer) error {
	report := cli.NewReport("swordsman")
	path, err := f.RunPath() // checked before any work
	if err != nil {
		return err
	}
	env, err := system.Open(ctx, f.Input(stderr))
	if err != nil {
		return err
	}
	defer env.Close()
	run, err := system.Run(ctx, env, report.Time(s), f.Tag)
	if err != nil {
		return err
	}
	if err := report.Write(path, run, f.Rules(s), stderr); err != nil {
		return err
	}
	return report.Print(ctx, stdout, env, run, path)
}
