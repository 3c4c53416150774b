// Command comparative runs a Touché 2022 Task 2 system (argument retrieval
// for comparative questions) from package comparative: one of its recipes
// over the passage corpus, with the comparative stance of each passage.
//
//	comparative [-i DIR] [-o DIR] [-recipe baseline|tempesta|grimjack|levi] [-k 1000] [-n 20000] [-quiet]
//	comparative -evaluate [-format table|tsv|json] [-html FILE] RUN...
//
// With -i it reads DIR/touche-task2-passages-version-002.jsonl (or any
// *.jsonl or *.jsonl.gz file there) and DIR/topics.xml, TIRA's convention,
// and writes the run to run.txt in the -o directory (without -o, the
// current directory). Without -i it runs on a generated corpus of -n
// passages in the official format, with 50 generated topics (package
// corpustest): no licensed passage text of the real corpus can be embedded,
// so the quick path is for trying the command, not for its figures.
//
// The index is built in memory on every run.
//
// With -evaluate it runs nothing: it scores the Task 2 run files RUN...
// against the Touché 2022 Task 2 judgments embedded in package comparative,
// as the overview's Tables 9-11 do (package experiment with
// Experiment.Stances): judged-only nDCG@5 of relevance and quality in each
// run's rank order, with bootstrap intervals and paired t-tests against the
// first run (Bonferroni), and each run's stance F1 and N. Each run is named
// by its file name. -format chooses the table (default), tsv or json; -html
// FILE writes the experiment's report, one self-contained HTML file.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/topics"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

var recipes = []string{"baseline", "tempesta", "grimjack", "levi"}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("comparative", "comparative [-i DIR] [-o DIR] [-recipe baseline|tempesta|grimjack|levi] [-k 1000] [-n 20000] [-quiet]\ncomparative -evaluate [-format table|tsv|json] [-html FILE] RUN...",
		`Comparative runs a Touché 2022 Task 2 system (argument retrieval for comparative questions): one of package comparative's recipes over the passage corpus, each passage tagged FIRST, SECOND, NEUTRAL or NO towards the topic's two objects. "go doc github.com/argsearch/argsearch/comparative.Recipe" describes the recipes and what each substitutes.

With -i DIR it reads the passages (touche-task2-passages-version-002.jsonl, or any *.jsonl or *.jsonl.gz file in DIR) and topics.xml, TIRA's convention, and writes run.txt to the -o directory (default: the current directory). Without -i it runs on a generated corpus of -n passages in the official format with 50 generated topics: no licensed text of the real corpus can be embedded, so that run is for trying the command, not for its figures. The index is built in memory on every run. Progress lines go to stderr (-quiet silences them).

With -evaluate it runs nothing and scores the Task 2 run files RUN... against the embedded Touché 2022 Task 2 judgments as the overview's Tables 9-11 do: judged-only nDCG@5 of relevance and quality in each run's rank order, with 95% bootstrap intervals and paired t-tests against the first run (Bonferroni), and each run's stance F1 and N. -format table|tsv|json chooses the output; -html FILE writes the report of the experiment.`, stdout, stderr)
	c.MaxArgs = -1
	in := c.Flags.String("i", "", "input directory: passages and topics.xml (TIRA's -i)")
	out := c.Flags.String("o", "", "output directory for run.txt (TIRA's -o); default: the current directory")
	recipe := c.OneOf("recipe", recipes, "the system: baseline, tempesta, grimjack or levi")
	k := c.Int("k", 1000, 1, 1000, "passages per topic")
	n := c.Int("n", 20000, 100, corpustest.FullPassages, "without -i: passages to generate")
	quiet := c.Flags.Bool("quiet", false, "no progress lines")
	evaluate := c.Flags.Bool("evaluate", false, "score the run files given as arguments against the 2022 judgments; run nothing")
	format := c.OneOf("format", []string{"table", "tsv", "json"}, "with -evaluate: the output, table (default), tsv or json")
	html := c.Flags.String("html", "", "with -evaluate: write the experiment's HTML report to `file`")
	return c.Run(args, func(runs []string) error {
		evalOnly := ""
		c.Flags.Visit(func(f *flag.Flag) {
			if f.Name == "format" || f.Name == "html" {
				evalOnly = f.Name
			}
		})
		switch {
		case *evaluate && len(runs) == 0:
			return cli.Usagef("-evaluate: no run file given")
		case !*evaluate && len(runs) > 0:
			return cli.Usagef("unexpected argument %q (run files are for -evaluate)", runs[0])
		case !*evaluate && evalOnly != "":
			return cli.Usagef("-%s is for -evaluate", evalOnly)
		case *evaluate:
			return evaluateRuns(ctx, runs, *format, *html, append([]string{"comparative"}, args...), stdout)
		}
		logf := func(format string, a ...any) {
			if !*quiet {
				fmt.Fprintf(stderr, "comparative: "+format+"\n", a...)
			}
		}
		return comparativeRun(ctx, *in, *out, *recipe, *k, *n, logf)
	})
}

func comparativeRun(ctx context.Context, in, out, recipe string, k, n int, logf func(string, ...any)) error {
	if recipe == "" {
		recipe = "baseline"
	}
	var passages io.Reader
	var name string
	var ts []topics.Topic
	if in == "" {
		logf("no -i: a generated corpus of %d passages and 50 generated topics (not real Touché text)", n)
		c := corpustest.Config{Seed: 1}
		var b bytes.Buffer
		if _, err := corpustest.WritePassages(ctx, &b, c, n); err != nil {
			return err
		}
		passages, name = &b, "generated passages"
		var tb bytes.Buffer
		if err := corpustest.WriteTopics(&tb, corpustest.ComparativeTopics(c)); err != nil {
			return err
		}
		var err error
		if ts, err = comparative.ParseTopics(&tb, "generated topics"); err != nil {
			return err
		}
	} else {
		path, err := passageFile(in)
		if err != nil {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		passages, name = f, path
		tf, err := os.Open(filepath.Join(in, "topics.xml"))
		if err != nil {
			return err
		}
		defer tf.Close()
		if ts, err = comparative.ParseTopics(tf, tf.Name()); err != nil {
			return err
		}
	}

	start := time.Now()
	texts := make(map[string]string)
	r := comparative.NewPassageReader(passages)
	r.Name = name
	args := iter.Seq2[corpus.Argument, error](func(yield func(corpus.Argument, error) bool) {
		for p, err := range r.All() {
			if err == nil {
				texts[p.ID] = p.Contents
			}
			if !yield(corpus.Argument{ID: p.ID, Sentences: []corpus.Sentence{{ID: p.ID, Text: p.Contents}}}, err) {
				return
			}
		}
	})
	x, err := lexical.Build(ctx, "", args, lexical.Config{Units: []lexical.Unit{"sentence"}})
	if err != nil {
		return err
	}
	defer x.Close()
	logf("indexed %d passages in %.1fs", len(texts), time.Since(start).Seconds())

	tagger, err := comparative.NewTagger()
	if err != nil {
		return err
	}
	env := comparative.Env{
		Index:  x,
		Text:   func(id string) (string, bool) { s, ok := texts[id]; return s, ok },
		Tagger: tagger,
	}
	switch recipe {
	case "grimjack":
		if env.Arguments, err = classify.ShippedArgumentModel(); err != nil {
			return err
		}
	case "levi":
		if env.Encoder, err = use.Load(); err != nil {
			return err
		}
	}
	s, err := comparative.Recipe(recipe, env)
	if err != nil {
		return err
	}
	start = time.Now()
	runLines, err := s.Run(ctx, ts, k)
	if err != nil {
		return err
	}
	logf("%s: %d topics in %.1fs", recipe, len(ts), time.Since(start).Seconds())
	if out == "" {
		out = "."
	}
	path := filepath.Join(out, "run.txt")
	if err := runfile.WriteFile(path, runLines, runfile.Rules{Comparative: true, MaxResults: 1000}); err != nil {
		return err
	}
	logf("wrote %s", path)
	return nil
}

// passageFile finds the passage corpus in dir: the official file name
// first, then any other .jsonl or .jsonl.gz file in name order.
func passageFile(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var found []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && (strings.HasSuffix(n, ".jsonl") || strings.HasSuffix(n, ".jsonl.gz")) {
			found = append(found, n)
		}
	}
	for _, official := range []string{"touche-task2-passages-version-002.jsonl", "touche-task2-passages-version-002.jsonl.gz"} {
		if slices.Contains(found, official) {
			return filepath.Join(dir, official), nil
		}
	}
	if len(found) == 0 {
		return "", fmt.Errorf("no passage corpus (*.jsonl, *.jsonl.gz) in %s", dir)
	}
	return filepath.Join(dir, found[0]), nil
}
