// Command baseline is the simplest honest Touché 2022 system
// (system.Baseline): BM25 over the sentences of args.me, and for every
// argument a retrieved sentence belongs to, one pair, its best premise
// sentence with its conclusion; the stance comes from the args.me labels.
//
//	baseline [-i inputDir] [-o outputDir] [-sample 2022|2021] [-k 1000] [-tag TAG]
//	         [-cache DIR|off] [-workers N] [-min-pairs N] [-quiet]
//
// With -i it reads the corpus and topics.xml from inputDir (TIRA's
// convention); without it, an args.me sample embedded in the module
// (-sample: the 2022 one by default, or the 2021 one), and then also prints
// the run's nDCG@5 against the official judgments of the sample's topics.
// It writes outputDir/run.txt (without -o, ./run.txt). The index is cached
// under the user's cache directory, so only the first run builds it.
//
// The run follows the Touché 2022 rules (100 to 1000 pairs per topic)
// except that "Q0" stances are allowed (where the args.me labels reveal
// none), and that for a sample there is no minimum: a few hundred
// arguments cannot give every topic 100 pairs.
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
	c := cli.New("baseline", "baseline [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-tag TAG] [-cache DIR|off] [-workers N] [-min-pairs N] [-quiet]",
		`Baseline is the simplest honest Touché 2022 system: BM25 over the sentences of args.me, and for every argument a retrieved sentence belongs to, one pair: its best premise sentence with its conclusion, stanced by the argument's args.me labels ("Q0" where they do not reveal a stance). "go doc github.com/argsearch/argsearch/system.Baseline" describes it.

`+cli.About, stdout, stderr)
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
