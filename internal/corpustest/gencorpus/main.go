// Command gencorpus writes a synthetic args.me corpus in the Touché 2022
// processed CSV format (see package corpustest) and prints its statistics.
//
//	go run ./internal/corpustest/gencorpus -args 365408 -seed 1 -o /tmp/full.csv
//
// With -queries FILE it also writes the 50 benchmark queries, one
// "qid<TAB>text" line each, numbered from 1.
package main

import (
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
	flag.Parse()
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
