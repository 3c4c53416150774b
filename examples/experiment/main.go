// Command experiment runs several Touché 2022 systems over the same topics
// and prints one table that compares them on every judged dimension
// (package experiment): nDCG@5 plain and judged-only with 95% bootstrap
// intervals, the share of the top 5 that is judged, the estimated
// judged-only nDCG@5 of the unjudged pairs whose sentences were judged,
// and paired t-tests against the first system.
//
//	experiment [-sample 2022|2021] [-systems NAME,...] [-format table|tsv|json] [-wide] [-per-topic]
//	           [-correction bonferroni|holm|none] [-test ttest|permutation|wilcoxon] [-min-judged X] [-seed N]
//	           [-judgments FILE]... [-predict=false] [-k 1000] [-o DIR] [-html FILE] [-cache DIR|off] [-workers N] [-quiet]
//	experiment -i DIR -year 2020|2021|2022 [...]
//
// The systems are named by -systems, the first being the baseline:
// baseline, swordsman and advanced (system.Baseline, system.Swordsman,
// system.Advanced) and the recipes of the published 2022 systems
// (system.Recipes: porthos, daario-naharis, bruce-banner, dartagnan,
// gamora, hit-girl, pearl, gorgon, general-grevious and korg; the
// swordsman recipe is the swordsman system). By default all of them. A
// fused system is a name of its own: the names of two systems or more
// joined by "+" (advanced+pearl+korg) are those systems' rankings fused by
// reciprocal rank, k 60, equal weights (system.Fusion); each pair takes
// the stance of the system that ranks it highest. The systems of the fused
// rows answer each topic once for all of them; a row of one of them alone
// runs it again.
//
// Without -i the systems run on an args.me sample embedded in the module
// (-sample: the 2022 one, the 25 odd-numbered Touché 2022 topics, by
// default), scored with the official judgments of its topics; the 2021
// judgments rate arguments, and the runs' pairs are mapped to the argument
// of their first sentence. With -i they run on a TIRA input directory and
// are scored with the official judgments of -year. With -o each system's
// run is written to DIR/NAME.txt. With -html the report of the experiment
// (package experiment/report: the table, per-topic plots, every topic's top
// 10 pairs side by side, and the configurations) is written to FILE, one
// self-contained HTML file. Indexes are cached (-cache), as the systems'
// own commands cache them.
//
// The table is the evaluate command's (package experiment): for the same
// run, evaluate -year 2022 RUN prints the same numbers. It is aligned for
// people and fits a terminal of 120 columns: each row's system,
// judgments, headline figure with its interval and p-value, judged@5 and a
// short warning. -wide prints the aligned table with every figure, as
// -format tsv and -format json give them to programs; -per-topic adds each
// topic's values after the aligned table. Every judged-only
// figure comes with judged@5 and its depth (the mean and median rank of
// the judged pairs it scored); a row whose judged@5 is below 0.5 warns that
// its judged-only figure "rests on ranks around N", and judged-only figures
// are tested against the baseline only where both systems' judged@5 reach
// -min-judged (0, the default, means 0.2; a negative value tests every
// system, as experiment.Experiment.MinJudged does). -test chooses the paired test: the t-test, the
// randomization test or Wilcoxon's signed-rank test; -seed seeds the
// bootstrap and the randomization test. -judgments FILE (repeatable) reads
// own judgments (examples/judge), kept apart from the official ones: they
// add the columns "nDCG@5 official + N own" and "judged@5 official + N
// own" and change no other figure; two files or more give their agreement
// (Cohen's kappa per dimension) after the table.
//
// For judgments of sentence pairs (2022) the table leads with the
// predicted nDCG@5, over labels that eval/unjudged's model, trained on the
// judgments and the texts of the input, predicts for the unjudged pairs
// (experiment.Experiment.Predicted). Training it encodes every judged
// sentence; -predict=false leaves it out, and the table then leads with
// the estimate, its other figures unchanged. -o and -html are checked
// before any system runs.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/experiment/report"
	"github.com/argsearch/argsearch/internal/outpath"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// systems returns the systems the command knows, by name, in the order of
// the default table (cli.Systems).
func systems() ([]string, map[string]system.System, error) {
	names, byName := cli.Systems()
	return names, byName, nil
}

// lookup returns the system -systems names name: one of byName, or the
// fusion of those its "+" joins (their answers shared with the other
// fused systems through members). A name neither is a usage error naming
// -systems.
func lookup(name string, all []string, byName map[string]system.System, members map[string]*sharedAnswers) (system.System, error) {
	if s, ok := byName[name]; ok {
		return s, nil
	}
	if !strings.Contains(name, "+") {
		return nil, cli.Usagef("-systems: unknown system %q (want %s, or names joined by + for their fusion)", name, strings.Join(all, ", "))
	}
	names, err := cli.FusedNames("-systems", name, "+", all)
	if err != nil {
		return nil, err
	}
	var f system.Fusion
	for _, n := range names {
		if members[n] == nil {
			members[n] = &sharedAnswers{System: byName[n], name: n, answers: map[string][]runfile.Result{}}
		}
		f.Systems = append(f.Systems, members[n])
	}
	return f, nil
}

// sharedAnswers is a system whose answers are kept, by topic id, so that
// the fused systems of one Env that hold it ask it once a topic.
type sharedAnswers struct {
	system.System
	name    string // in -systems
	mu      sync.Mutex
	answers map[string][]runfile.Result
}

// Answer returns the system's answer of t, kept from an earlier call when
// there was one. Errors are not kept.
func (s *sharedAnswers) Answer(ctx context.Context, env *system.Env, t topics.Topic) ([]runfile.Result, error) {
	s.mu.Lock()
	rs, ok := s.answers[t.ID]
	s.mu.Unlock()
	if ok {
		return rs, nil
	}
	rs, err := s.System.Answer(ctx, env, t)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.answers[t.ID] = rs
	s.mu.Unlock()
	return rs, nil
}

// String is the system's name, as a fusion's configuration shows it in
// the report (-html).
func (s *sharedAnswers) String() string { return s.name }

// Stances returns the stances of the system's runs, as the system says
// (cli.SystemFlags.Rules): its own method, else PRO and CON.
func (s *sharedAnswers) Stances() []stance.Stance {
	if st, ok := s.System.(interface{ Stances() []stance.Stance }); ok {
		return st.Stances()
	}
	return runfile.Touche2022().Stances
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	all, byName, err := systems()
	if err != nil {
		fmt.Fprintf(stderr, "experiment: %v\n", err)
		return cli.ExitError
	}
	c := cli.New("experiment", `experiment [-sample 2022|2021] [-systems NAME,...] [-format table|tsv|json] [-wide] [flags]
experiment -i DIR -year 2020|2021|2022 [-systems NAME,...] [flags]`,
		`Experiment runs several Touché 2022 systems over the same topics and prints one table comparing them on every judged dimension, with the numbers evaluate prints for their runs: the headline nDCG@5 (for 2022 the predicted one; -predict=false: the estimate) with its 95% interval and the p-value of a paired test against the first system, judged@5 and a warning where the figure means little; -wide, -format tsv and -format json give every figure. -judgments adds own judgments (examples/judge) in columns of their own.

The systems (-systems, the baseline first): `+strings.Join(all, ", ")+`; names joined by + (advanced+pearl+korg) are those systems fused by reciprocal rank.

Without -i they run on an embedded args.me sample (-sample), scored with its topics' official judgments; with -i on a TIRA input directory, scored with those of -year. -o DIR writes each run to DIR/NAME.txt, -html FILE the experiment's report.`, stdout, stderr)
	var f cli.SystemFlags
	f.RegisterInput(c, "experiment")
	if o := c.Flags.Lookup("o"); o != nil {
		o.Usage = "output `directory`; each system's run is written there as NAME.txt"
	}
	list := c.Flags.String("systems", strings.Join(all, ","), "comma-separated `names` of the systems, the baseline first; A+B: their fusion")
	k := c.Int("k", 1000, 1, 1000, "pairs per topic")
	year := c.Int("year", 0, 0, 2022, "with -i: the `year` of the official judgments to score with (2020, 2021, 2022)")
	format := c.OneOf("format", []string{"table", "tsv", "json"}, "output `format`")
	wide := c.Flags.Bool("wide", false, "the aligned table with every figure (as tsv and json have them)")
	perTopic := c.Flags.Bool("per-topic", false, "print each topic's values after the table (with -format table)")
	html := c.Flags.String("html", "", "write the experiment's HTML report to `file`")
	correction := c.OneOf("correction", []string{"bonferroni", "holm", "none"}, "adjustment of the p-values for testing several systems")
	test := c.OneOf("test", []string{"ttest", "permutation", "wilcoxon"}, "the paired significance `test` against the baseline")
	minJudged := c.Flags.Float64("min-judged", 0, "least judged@5 for a judged-only p-value (`share`; 0 means 0.2, negative: any)")
	seed := c.Flags.Uint64("seed", 0, "bootstrap `seed` (and the permutation test's), as evaluate's")
	predict := c.Flags.Bool("predict", true, "2022: lead with the predicted nDCG@5 (false: the estimate)")
	var ownFiles fileList
	c.Flags.Var(&ownFiles, "judgments", "an own-judgments `file` (examples/judge; repeatable)")
	c.Check(func() error {
		switch {
		case f.TIRA.InputDir != "" && *year < 2020:
			return cli.Usagef("-i needs -year, the judgments to score with (2020, 2021 or 2022)")
		case f.TIRA.InputDir == "" && *year != 0:
			return cli.Usagef("-year goes with -i; a sample is scored with its own judgments (-sample)")
		}
		if !(*minJudged <= 1) {
			return cli.Usagef("-min-judged %v, want a share up to 1 (0 means 0.2, a negative value tests every system)", *minJudged)
		}
		if *wide && *format != "table" {
			return cli.Usagef("-wide goes with -format table (-format %s gives every figure)", *format)
		}
		if fi, err := os.Stat(*html); *html != "" && err == nil && fi.IsDir() {
			return cli.Usagef("-html %s is a directory; name the report's file", *html)
		}
		for _, name := range strings.Split(*list, ",") {
			if _, err := lookup(name, all, byName, map[string]*sharedAnswers{}); err != nil {
				return err
			}
		}
		return nil
	})
	return c.Run(args, func([]string) error {
		if err := checkOutputs(f.TIRA.OutputDir, *html); err != nil {
			return err
		}
		_, byName, err := systems()
		if err != nil {
			return err
		}
		f.K = *k
		x := experiment.Experiment{Correction: *correction, Pairs: eval.FirstSentence, MinJudged: *minJudged,
			Test: eval.PairedTest{Method: *test, Seed: *seed}, Bootstrap: eval.Bootstrap{Seed: *seed}}
		own, err := cli.ReadOwnJudgments(ownFiles)
		if err != nil {
			return err
		}
		for _, a := range own {
			x.Own = append(x.Own, a.Judgments())
		}
		if x.Systems, err = listed(*list, all, byName); err != nil {
			return err
		}
		env, err := system.Open(ctx, f.Input(stderr))
		if err != nil {
			return err
		}
		defer env.Close()
		x.Env = env
		if *year != 0 {
			if x.Judgments, err = eval.Official(*year); err != nil {
				return err
			}
		}
		t, err := runExperiment(ctx, x, *predict)
		if err != nil {
			return err
		}
		if err := writeRuns(f, x, t); err != nil {
			return err
		}
		if *html != "" {
			if err := writeHTML(*html, x, t, append([]string{"experiment"}, args...)); err != nil {
				return err
			}
		}
		return printTable(stdout, stderr, t, output{format: *format, wide: *wide, perTopic: *perTopic, own: own,
			heading: fmt.Sprintf("%d systems on %s, %d topics; p against %s", len(x.Systems), env.Name, len(env.Topics), t.Baseline)})
	})
}

// listed returns the systems -systems lists, by name; a name listed twice
// is a usage error.
func listed(list string, all []string, byName map[string]system.System) ([]experiment.System, error) {
	var out []experiment.System
	members := map[string]*sharedAnswers{} // the fused systems' systems, shared between them
	for _, name := range strings.Split(list, ",") {
		if slices.ContainsFunc(out, func(s experiment.System) bool { return s.Name == name }) {
			return nil, cli.Usagef("-systems: %s is listed twice", name)
		}
		s, err := lookup(name, all, byName, members)
		if err != nil {
			return nil, err
		}
		out = append(out, experiment.System{Name: name, System: s})
	}
	return out, nil
}

// output is how the table is printed: -format, -wide, -per-topic, the own
// judgments whose agreement is printed, and the heading of a text table.
type output struct {
	format         string
	wide, perTopic bool
	own            []*own.Annotations
	heading        string
}

// printTable prints t as o says: TSV or JSON on stdout (the agreement of
// own judgments on stderr), or the heading and the text table, the
// agreement and the per-topic values.
func printTable(stdout, stderr io.Writer, t *experiment.Table, o output) error {
	switch o.format {
	case "tsv", "json":
		cli.WriteAgreement(stderr, o.own) // stdout is for programs
		return t.Write(stdout, o.format)
	}
	fmt.Fprintf(stdout, "%s\n\n", o.heading)
	text := "text"
	if o.wide {
		text = "wide"
	}
	if err := t.Write(stdout, text); err != nil {
		return err
	}
	if len(o.own) > 1 {
		fmt.Fprintln(stdout)
		cli.WriteAgreement(stdout, o.own)
	}
	if o.perTopic {
		fmt.Fprintln(stdout)
		return t.Write(stdout, "topics")
	}
	return nil
}

// checkOutputs checks, before any work, that the runs can be written in
// the directory dir (-o; "" writes none) and the report at html (-html; ""
// writes none).
func checkOutputs(dir, html string) error {
	if dir != "" {
		if err := outpath.Dir("-o", dir); err != nil {
			return err
		}
	}
	if html != "" {
		return outpath.File("-html", html)
	}
	return nil
}

// writeRuns writes each system's run to -o DIR as NAME.txt, making DIR;
// nothing without -o.
func writeRuns(f cli.SystemFlags, x experiment.Experiment, t *experiment.Table) error {
	if f.TIRA.OutputDir == "" {
		return nil
	}
	if err := os.MkdirAll(f.TIRA.OutputDir, 0o755); err != nil {
		return err
	}
	for _, s := range x.Systems {
		if err := runfile.WriteFile(filepath.Join(f.TIRA.OutputDir, s.Name+".txt"), t.Runs[s.Name], f.Rules(s.System)); err != nil {
			return err
		}
	}
	return nil
}

// runExperiment runs x. Without predict it runs the systems on x.Env
// itself and evaluates their runs without the Env, as evaluate does: the
// Env would have the experiment train its predictor of unjudged pairs. The
// runs and every other figure are the same.
func runExperiment(ctx context.Context, x experiment.Experiment, predict bool) (*experiment.Table, error) {
	if predict {
		return x.Run(ctx)
	}
	env := x.Env
	if x.Judgments == nil {
		x.Judgments = env.Judgments
	}
	x.Env = nil
	x.Systems = slices.Clone(x.Systems)
	for i, s := range x.Systems {
		run, err := system.Run(ctx, env, s.System, s.Name) // the experiment's own run tag
		if err != nil {
			return nil, fmt.Errorf("experiment: %s: %w", s.Name, err)
		}
		x.Systems[i].Run = run
	}
	return x.Run(ctx)
}

// writeHTML writes the report of an experiment to path, atomically: a
// temporary file beside it, renamed when it is whole.
func writeHTML(path string, x experiment.Experiment, t *experiment.Table, command []string) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename, there is nothing to remove
	if err := report.Write(f, x, t, report.Options{Title: "Experiment on " + x.Env.Name, Command: command}); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// fileList collects repeated file flags.
type fileList []string

func (f *fileList) String() string { return strings.Join(*f, " ") }

func (f *fileList) Set(v string) error {
	if v == "" {
		return errors.New("an empty file name")
	}
	*f = append(*f, v)
	return nil
}
