// Command gencorpus writes a synthetic args.me corpus in the Touché 2022
// processed CSV format (see package corpustest) and prints its statistics.
//
//	go run ./internal/corpustest/gencorpus -args 365408 -seed 1 -o /tmp/full.csv
//
// With -queries FILE it also writes the 50 benchmark queries, one
// "qid<TAB>text" line each, numbered from 1.
//
// With -passages N it writes instead N passages of the Touché 2022 Task 2
// corpus format (touche-task2-passages-version-002.jsonl; 868655 is its
// size), and with -topics2 FILE the 50 Task 2 topics (with objects) that the
// passages compare:
//
//	go run ./internal/corpustest/gencorpus -passages 868655 -o /tmp/passages.jsonl -topics2 /tmp/topics.xml
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/argsearch/argsearch/internal/corpustest"
)

// usage is the usage line, and about what -h says the command does.
const (
	usage = "gencorpus [-args 365408] [-seed 1] [-sourcetext 0.03] [-o FILE] [-queries FILE] | gencorpus -passages N [-seed 1] [-o FILE] [-topics2 FILE]"
	about = `Gencorpus writes a synthetic args.me corpus in the Touché 2022 processed CSV format (id,conclusion,premises,context,sentences), seeded and deterministic, with the real corpus's statistics (-args 365408 is full scale), and prints its statistics (arguments, debates, sentences, tokens, bytes) and the time taken to stderr. With -queries FILE it also writes the 50 benchmark queries, one "qid<TAB>text" line each, numbered from 1. With -passages N it writes instead N passages of the Touché 2022 Task 2 corpus format (touche-task2-passages-version-002.jsonl; 868655 is its size), and with -topics2 FILE the 50 Task 2 topics that they compare. A corpus file that cannot be written completely is removed.`
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := command(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// command runs gencorpus with the command-line args and returns the exit
// status, as the project's commands do: -h prints the usage to stdout and
// exits 0; a bad command line exits 2 with a message naming the flag; a
// failure exits 1 with one line on stderr.
func command(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gencorpus", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var c corpustest.Config
	fs.IntVar(&c.Arguments, "args", corpustest.FullArguments, "number of `arguments` (1 or more)")
	fs.Int64Var(&c.Seed, "seed", 1, "random seed")
	fs.Float64Var(&c.SourceTextRate, "sourcetext", 0, "`fraction` of debates with a context sourceText (0: default 0.03, <0: none)")
	out := fs.String("o", "-", "output CSV `file` (- for standard output)")
	queries := fs.String("queries", "", "also write the queries to this `file`")
	passages := fs.Int("passages", 0, "write this many Task 2 passages (JSONL) instead of arguments")
	topics2 := fs.String("topics2", "", "with -passages, also write the Task 2 topics (XML) to this `file`")
	err := fs.Parse(args)
	switch {
	case err == flag.ErrHelp:
		fmt.Fprintf(stdout, "usage: %s\n\n%s\n\nflags:\n", usage, about)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return 0
	case err == nil && c.Arguments < 1:
		err = fmt.Errorf("-args %d, want 1 or more", c.Arguments)
	case err == nil && fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case err == nil && *out == "":
		err = errors.New("-o \"\", want a file or -")
	}
	if err != nil {
		fmt.Fprintf(stderr, "gencorpus: %v\nrun 'gencorpus -h' for usage\n", err)
		return 2
	}
	if *passages > 0 {
		if err := runPassages(c, *passages, *out, *topics2, stderr); err != nil {
			fmt.Fprintln(stderr, "gencorpus:", err)
			return 1
		}
		return 0
	}
	if err := run(ctx, c, *out, *queries, stderr, stderr); err != nil {
		fmt.Fprintln(stderr, "gencorpus:", err)
		return 1
	}
	return 0
}

// run writes the corpus to out ("-" for standard output) and the queries to
// queries (unless ""), then prints the corpus statistics to stats and the
// time taken to timing.
func run(ctx context.Context, c corpustest.Config, out, queries string, stats, timing io.Writer) error {
	start := time.Now()
	var w io.Writer = os.Stdout
	var f *os.File
	if out != "-" {
		var err error
		if f, err = os.Create(out); err != nil {
			return err
		}
		w = f
	}
	st, err := corpustest.Write(ctx, w, c)
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil && out != os.DevNull {
			os.Remove(out) // a partial corpus is not left behind
		}
	}
	if err != nil {
		return err
	}
	if queries != "" {
		b := []byte{}
		for i, q := range corpustest.Queries(c) {
			b = fmt.Appendf(b, "%d\t%s\n", i+1, q)
		}
		if err := os.WriteFile(queries, b, 0o644); err != nil {
			return err
		}
	}
	d := time.Since(start)
	fmt.Fprintf(stats, "arguments %d\ndebates %d\nsentences %d\ntokens %d\nbytes %d\n",
		st.Arguments, st.Debates, st.Sentences, st.Tokens, st.Bytes)
	fmt.Fprintf(timing, "time %.3fs (%.0f MB/s)\n", d.Seconds(), float64(st.Bytes)/1e6/d.Seconds())
	return nil
}

// runPassages writes n Task 2 passages to out ("-" for standard output) and
// the Task 2 topics to topics (unless ""), then prints the size and time to
// stats.
func runPassages(c corpustest.Config, n int, out, topics string, stats io.Writer) error {
	start := time.Now()
	var w io.Writer = os.Stdout
	var f *os.File
	if out != "-" {
		var err error
		if f, err = os.Create(out); err != nil {
			return err
		}
		w = f
	}
	size, err := corpustest.WritePassages(context.Background(), w, c, n)
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return err
	}
	if topics != "" {
		var b bytes.Buffer
		if err := corpustest.WriteTopics(&b, corpustest.ComparativeTopics(c)); err != nil {
			return err
		}
		if err := os.WriteFile(topics, b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	d := time.Since(start)
	fmt.Fprintf(stats, "passages %d\nbytes %d\ntime %.3fs\n", n, size, d.Seconds())
	return nil
}
