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
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/topics"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

var recipes = []string{"baseline", "tempesta", "grimjack", "levi"}

// apiKeyEnv is the environment variable that holds the ChatNoir API key
// (examples/clueweb reads the same).
const apiKeyEnv = "CHATNOIR_API_KEY"

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("comparative", `comparative [-i DIR] [-o DIR] [-recipe baseline|tempesta|grimjack|levi] [-k 1000] [flags]
comparative -year 2020|2021 [-i DIR] [-o DIR] [-k 1000] [-apikey KEY] [flags]
comparative -evaluate [-year 2022|2020] [-format table|tsv|json] [-html FILE] RUN...`,
		`Comparative runs a Touché 2022 Task 2 system (argument retrieval for comparative questions): one of package comparative's recipes over the passage corpus, each passage tagged FIRST, SECOND, NEUTRAL or NO towards the topic's two objects. It reads the passages and topics.xml from -i DIR and writes run.txt to the -o directory, TIRA's convention; without -i it runs on a generated corpus, for trying the command, not for its figures.

With -year 2020 or 2021 it runs the Task 2 of that year, searching ClueWeb12 through ChatNoir (an API key: -apikey or $`+apiKeyEnv+`). With -evaluate it runs nothing and scores the Task 2 run files RUN... against the embedded judgments of -year, as the overview's tables do.`, stdout, stderr)
	c.MaxArgs = -1
	in := c.Flags.String("i", "", "input directory: passages and topics.xml (TIRA's -i)")
	out := c.Flags.String("o", "", "output directory for run.txt (TIRA's -o); default: the current directory")
	recipe := c.OneOf("recipe", recipes, "the system")
	k := c.Int("k", 1000, 1, 1000, "passages per topic")
	n := c.Int("n", 20000, 100, corpustest.FullPassages, "without -i: passages to generate")
	quiet := c.Flags.Bool("quiet", false, "no progress lines")
	evaluate := c.Flags.Bool("evaluate", false, "score the run files given as arguments against the judgments of -year; run nothing")
	format := c.OneOf("format", []string{"table", "tsv", "json"}, "with -evaluate: the output format")
	html := c.Flags.String("html", "", "with -evaluate: write the experiment's HTML report to `file`")
	year := c.Int("year", 2022, 2020, 2022, "the lab's year: 2022 (passages), 2020 or 2021 (ClueWeb12 through ChatNoir)")
	apiKey := c.Flags.String("apikey", "", "with -year 2020|2021: the ChatNoir API `key` (default: $"+apiKeyEnv+")")
	baseURL := c.Flags.String("base", "https://chatnoir.eu", "with -year 2020|2021: the ChatNoir service `URL`")
	return c.Run(args, func(runs []string) error {
		evalOnly, passagesOnly, chatNoirOnly := "", "", ""
		c.Flags.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "format", "html":
				evalOnly = f.Name
			case "recipe", "n":
				passagesOnly = f.Name
			case "apikey", "base":
				chatNoirOnly = f.Name
			}
		})
		switch {
		case *year != 2022 && !*evaluate && passagesOnly != "":
			return cli.Usagef("-%s is for the 2022 passages, not -year %d", passagesOnly, *year)
		case (*year == 2022 || *evaluate) && chatNoirOnly != "":
			return cli.Usagef("-%s is for running -year 2020 or 2021", chatNoirOnly)
		}
		switch {
		case *evaluate && len(runs) == 0:
			return cli.Usagef("-evaluate: no run file given")
		case !*evaluate && len(runs) > 0:
			return cli.Usagef("unexpected argument %q (run files are for -evaluate)", runs[0])
		case !*evaluate && evalOnly != "":
			return cli.Usagef("-%s is for -evaluate", evalOnly)
		case *evaluate:
			return evaluateRuns(ctx, runs, *year, *format, *html, append([]string{"comparative"}, args...), stdout)
		}
		if *year != 2022 {
			key := *apiKey
			if key == "" {
				key = os.Getenv(apiKeyEnv)
			}
			switch {
			case key == "":
				return cli.Usagef("-year %d searches ChatNoir: give an API key with -apikey or $%s", *year, apiKeyEnv)
			case *year == 2021 && *in == "":
				return cli.Usagef("-year 2021: its topics are not embedded; give -i DIR with topics.xml")
			}
			logf := func(format string, a ...any) {
				if !*quiet {
					fmt.Fprintf(stderr, "comparative: "+format+"\n", a...)
				}
			}
			client := &chatnoir.Client{BaseURL: *baseURL, APIKey: key, Index: []string{"cw12"}}
			return clueweb12Run(ctx, client, *year, *in, *out, *k, logf)
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
	rewrite := func(s string) string { return s }
	if in == "" {
		logf("no -i: the 50 Touché 2022 topics over a generated corpus of %d passages, not Touché's: nothing a run retrieves from it is judged", n)
		c := corpustest.Config{Seed: 1}
		var b bytes.Buffer
		if _, err := corpustest.WritePassages(ctx, &b, c, n); err != nil {
			return err
		}
		passages, name = &b, "generated passages"
		var err error
		if ts, rewrite, err = generatedTopics(c); err != nil {
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
		if ts, err = topics.Parse(tf); err != nil {
			return fmt.Errorf("%s: %w", tf.Name(), err)
		}
	}

	start := time.Now()
	// The index is built to a temporary directory and the texts go to a
	// temporary file: at full size, memory holds neither whole (the
	// index's files are mapped, its build holds a bounded part in memory).
	tmp, err := os.MkdirTemp("", "comparative-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	texts, err := newTextStore(tmp)
	if err != nil {
		return err
	}
	defer texts.close()
	args := iter.Seq2[corpus.Argument, error](func(yield func(corpus.Argument, error) bool) {
		for p, err := range comparative.ReadPassages(passages, name) {
			p.Contents = rewrite(p.Contents)
			if err == nil {
				err = texts.add(p.ID, p.Contents)
			}
			if !yield(corpus.Argument{ID: p.ID, Sentences: []corpus.Sentence{{ID: p.ID, Text: p.Contents}}}, err) {
				return
			}
		}
	})
	x, err := lexical.Build(ctx, filepath.Join(tmp, "index"), args, indexConfig(recipe))
	if err != nil {
		return err
	}
	defer x.Close()
	if err := texts.done(); err != nil {
		return err
	}
	logf("indexed %d passages in %.1fs", len(texts.at), time.Since(start).Seconds())

	res := comparative.Resources{
		Index:  x,
		Text:   texts.text,
		Tagger: new(comparative.Tagger),
	}
	switch recipe {
	case "grimjack":
		if res.Arguments, err = classify.ShippedArgumentModel(); err != nil {
			return err
		}
	case "levi":
		if res.Encoder, err = use.Load(); err != nil {
			return err
		}
	}
	s, err := comparative.FindRecipe(recipe, res)
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

// indexConfig is the configuration of the passages' index for a recipe:
// the sentence unit, each passage one document, and term vectors only for
// Captain Levi's recipe, the one that searches with feedback (RM3), their
// only use (without them the build is faster and the index smaller).
func indexConfig(recipe string) lexical.Config {
	return lexical.Config{Units: []string{"sentence"}, NoTermVectors: recipe != "levi"}
}

// passageFile finds the passage corpus in dir: the official file name
// first, then any other .jsonl or .jsonl.gz file in name order. A file
// may be a symbolic link to one (as TIRA's input directories and a
// researcher's own often hold).
func passageFile(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var found []string
	for _, e := range entries {
		n := e.Name()
		if (strings.HasSuffix(n, ".jsonl") || strings.HasSuffix(n, ".jsonl.gz")) && isFile(dir, e) {
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

// isFile says whether the entry e of dir is a regular file or a symbolic
// link to one.
func isFile(dir string, e os.DirEntry) bool {
	if e.Type().IsRegular() {
		return true
	}
	if e.Type()&os.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(filepath.Join(dir, e.Name()))
	return err == nil && fi.Mode().IsRegular()
}
