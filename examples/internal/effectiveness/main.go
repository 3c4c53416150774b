// Command effectiveness prints the effectiveness table of the example
// systems on the embedded args.me sample: baseline, swordsman, advanced and
// every ablation of advanced, each run as its own command, evaluated against
// the official 2021 relevance judgments of the sample's ten topics (51, 52,
// 55, 57, 67, 68, 73, 74, 80, 100).
//
//	go run ./examples/internal/effectiveness [-workers 2] [-recipes]
//
// The table ends with advanced's recipes (advanced -recipe NAME); -recipes
// gives the baseline and the recipes alone.
//
// It builds the three commands with "go build" (so it must run inside the
// module), runs each configuration on the sample, and prints a Markdown
// table. The 2021 judgments rate whole arguments, so each run of sentence
// pairs is mapped onto arguments (eval.ArgumentRun): a pair stands for
// the argument of its first sentence ("first"), or for the better-judged
// argument of its two sentences ("best"); only an argument's first
// appearance counts. For each mapping the table gives nDCG@5 over all ten
// topics, plain and judged-only (trec_eval -c, and -c -J as Touché's
// official tables), with 95% percentile bootstrap intervals over topics,
// and the p-value of a paired t-test against the baseline.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/runfile"
)

// A configuration is one command line of one system.
type configuration struct {
	system string
	flags  []string
}

// recipeNames are advanced's recipes (advanced -recipe list).
var recipeNames = []string{"porthos", "daario-naharis", "bruce-banner", "pearl", "swordsman"}

// configurations lists the table's rows: all of them, or with onlyRecipes
// the baseline and advanced's recipes.
func configurations(onlyRecipes bool) []configuration {
	var recipes []configuration
	for _, name := range recipeNames {
		recipes = append(recipes, configuration{"advanced", []string{"-recipe", name}})
	}
	if onlyRecipes {
		return append([]configuration{{"baseline", nil}}, recipes...)
	}
	c := []configuration{
		{"baseline", nil},
		{"swordsman", nil},
		{"swordsman", []string{"-model", "bm25"}},
		{"advanced", nil},
	}
	for _, flag := range []string{"-no-prf", "-no-fusion", "-no-length", "-no-noise", "-no-dedup", "-no-verb",
		"-no-arg", "-no-coherence", "-no-diversity", "-no-stance", "-no-quality", "-centrality", "-np-tags"} {
		c = append(c, configuration{"advanced", []string{flag}})
	}
	c = append(c, configuration{"advanced", []string{"-model", "dirichlet"}}, configuration{"advanced", []string{"-model", "bm25"}})
	return append(c, recipes...)
}

func main() {
	c := cli.New("effectiveness", "effectiveness [-workers 2] [-recipes]",
		"Effectiveness builds baseline, swordsman and advanced, runs each configuration (every ablation of advanced) on the embedded args.me sample, and prints a Markdown table of nDCG@5 against the 2021 judgments, with pairs mapped to arguments (first and best), CI95 and paired t-tests against the baseline. It must run inside the module.",
		os.Stdout, os.Stderr)
	workers := c.Int("workers", 2, 1, 256, "topics each system answers at once")
	onlyRecipes := c.Flags.Bool("recipes", false, "only the baseline and advanced's recipes (advanced -recipe list)")
	os.Exit(c.Run(os.Args[1:], func([]string) error {
		return run(context.Background(), *workers, *onlyRecipes, os.Stdout, os.Stderr)
	}))
}

func run(ctx context.Context, workers int, onlyRecipes bool, stdout, stderr io.Writer) error {
	dir, err := os.MkdirTemp("", "effectiveness-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "bin")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin+string(filepath.Separator),
		"github.com/argsearch/argsearch/examples/baseline",
		"github.com/argsearch/argsearch/examples/swordsman",
		"github.com/argsearch/argsearch/examples/advanced")
	build.Stdout, build.Stderr = stderr, stderr
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	if err := build.Run(); err != nil {
		return fmt.Errorf("go build: %w", err)
	}
	var rows []row
	for i, c := range configurations(onlyRecipes) {
		out := filepath.Join(dir, fmt.Sprint("run", i))
		args := append([]string{"-quiet", "-workers", strconv.Itoa(workers), "-cache", filepath.Join(dir, "cache"), "-o", out}, c.flags...)
		fmt.Fprintf(stderr, "%s %s\n", c.system, strings.Join(args, " "))
		cmd := exec.CommandContext(ctx, filepath.Join(bin, c.system), args...)
		cmd.Stderr = stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s %s: %w", c.system, strings.Join(c.flags, " "), err)
		}
		lines, err := runfile.ReadFile(filepath.Join(out, "run.txt"))
		if err != nil {
			return err
		}
		r := row{configuration: c}
		for _, topic := range lines {
			r.pairs += len(topic)
		}
		for _, m := range []eval.Mapping{eval.FirstSentence, eval.BestJudged} {
			e, err := system.EvaluateSample(lines, m)
			if err != nil {
				return err
			}
			r.scores = append(r.scores, e)
		}
		rows = append(rows, r)
	}
	return table(stdout, rows)
}

type row struct {
	configuration
	pairs  int
	scores []system.Effectiveness // by mapping: first, best
}

// table prints the rows as Markdown, with paired t-tests against the first
// row (the baseline).
func table(w io.Writer, rows []row) error {
	fmt.Fprint(w, `nDCG@5 on the args.me sample, topics 51, 52, 55, 57, 67, 68, 73, 74, 80, 100, with the official 2021
relevance judgments (argument ids). Pairs are mapped to arguments: "first" = the argument of the pair's first
sentence, "best" = the better-judged argument of its two sentences; an argument counts once, at its best pair.
Plain = trec_eval -c; judged-only = -c -J. [CI95] = percentile bootstrap over topics (10,000 resamples, seed 0).
p = two-sided paired t-test against the baseline ("first" mapping), 10 topics, no correction for multiple tests.

`)
	fmt.Fprintln(w, "| system | flags | pairs | nDCG@5 first | judged-only first | nDCG@5 best | judged-only best | p vs baseline (first, plain / judged) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	base := rows[0].scores[0]
	for _, r := range rows {
		flags := strings.Join(r.flags, " ")
		if flags == "" {
			flags = "(defaults)"
		}
		fmt.Fprintf(w, "| %s | %s | %d |", r.system, flags, r.pairs)
		for _, e := range r.scores {
			fmt.Fprintf(w, " %s | %s |", interval(e.NDCG5), interval(e.Judged))
		}
		if r.system == "baseline" && len(r.flags) == 0 {
			fmt.Fprintln(w, " — |")
			continue
		}
		p, err := eval.PairedTTest(r.scores[0].PerTopic, base.PerTopic)
		if err != nil {
			return err
		}
		pj, err := eval.PairedTTest(r.scores[0].PerTopicJudged, base.PerTopicJudged)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, " %.3f / %.3f |\n", p.P, pj.P)
	}
	return nil
}

func interval(i eval.Interval) string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", i.Mean, i.Low, i.High)
}
