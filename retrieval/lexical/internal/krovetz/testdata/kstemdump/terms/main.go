// Command terms prints, sorted and one a line, every distinct term the
// lexical package's krovetz analyzer preset hands its stemmer (UAX#29
// tokens, lower-cased, possessive removed; stop words kept) in the
// conclusions, premises, sentences, discussion and source titles of a corpus
// file, or of the embedded args.me sample when given none. It is in testdata
// so that the go tool's ./... patterns skip it; run it by its path (see
// ../README.md).
package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "terms:", err)
		os.Exit(1)
	}
}

func run() error {
	var r *corpus.Reader
	if len(os.Args) > 1 {
		var err error
		if r, err = corpus.Open(os.Args[1]); err != nil {
			return err
		}
		defer r.Close()
	} else {
		r = corpus.NewCSVReader(sample.Touche2021().ProcessedCSV())
	}
	a, err := lexical.Preset(lexical.AnalyzerKrovetz)
	if err != nil {
		return err
	}
	a.Stop, a.Stem = lexical.StopNone, lexical.StemNone
	z, err := lexical.NewAnalyzer(a)
	if err != nil {
		return err
	}
	seen := make(map[string]struct{})
	var buf []string
	add := func(text string) {
		buf = z.Terms(buf[:0], text)
		for _, t := range buf {
			seen[t] = struct{}{}
		}
	}
	n := 0
	for arg, err := range r.All() {
		if err != nil {
			return err
		}
		n++
		add(arg.Conclusion)
		for _, p := range arg.Premises {
			add(p.Text)
		}
		for _, s := range arg.Sentences {
			add(s.Text)
		}
		add(arg.Context.DiscussionTitle)
		add(arg.Context.SourceTitle)
	}
	words := make([]string, 0, len(seen))
	for t := range seen {
		words = append(words, t)
	}
	slices.Sort(words)
	w := bufio.NewWriter(os.Stdout)
	for _, t := range words {
		fmt.Fprintln(w, t)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d arguments, %d distinct terms\n", n, len(words))
	return nil
}
