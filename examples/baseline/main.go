package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/argsearch/argsearch/examples/internal/cli"
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
	c := cli.New("baseline", "baseline [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-tag TAG] [flags]",
		`Baseline is the simplest honest Touché 2022 system (system.Baseline): BM25 over the sentences of args.me, and for every argument a retrieved sentence belongs to, one pair: its best premise sentence with its conclusion, stanced by the argument's args.me labels ("Q0" where they reveal none).

It reads the corpus and topics.xml from -i DIR (TIRA's convention) and writes run.txt to the -o directory; without -i it runs on an args.me sample embedded in the module (-sample) and scores the run against its official judgments. The index is cached (-cache). Progress goes to stderr (-quiet silences it).`, stdout, stderr)
	var f cli.SystemFlags
	f.Register(c, "baseline")
	k := c.Int("k", 1000, 1, 1000, "pairs per topic")
	return c.Run(args, func([]string) error {
		f.K = *k
		return baseline(ctx, f, system.Baseline{}, stdout, stderr)
	})
}

func baseline(ctx context.Context, f cli.SystemFlags, s system.Baseline, stdout, stderr io.Writer) error {
	report := cli.NewReport("baseline")
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
