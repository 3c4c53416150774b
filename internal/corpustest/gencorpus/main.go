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
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/argsearch/argsearch/internal/corpustest"
)

func main() {
	var c corpustest.Config
	flag.IntVar(&c.Arguments, "args", corpustest.FullArguments, "number of arguments")
	flag.Int64Var(&c.Seed, "seed", 1, "random seed")
	flag.Float64Var(&c.SourceTextRate, "sourcetext", 0, "fraction of debates with a context sourceText (0: default 0.03, <0: none)")
	out := flag.String("o", "-", "output CSV file (- for standard output)")
	queries := flag.String("queries", "", "also write the queries to this file")
	passages := flag.Int("passages", 0, "write this many Task 2 passages (JSONL) instead of arguments")
	topics2 := flag.String("topics2", "", "with -passages, also write the Task 2 topics (XML) to this file")
	flag.Parse()
	if *passages > 0 {
		if err := runPassages(c, *passages, *out, *topics2, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "gencorpus:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(c, *out, *queries, os.Stderr, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}

// run writes the corpus to out ("-" for standard output) and the queries to
// queries (unless ""), then prints the corpus statistics to stats and the
// time taken to timing.
func run(c corpustest.Config, out, queries string, stats, timing io.Writer) error {
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
	st, err := corpustest.Write(context.Background(), w, c)
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
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
