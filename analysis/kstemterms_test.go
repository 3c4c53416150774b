package analysis

import (
	"bufio"
	"os"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
)

// TestKStemTerms lists every distinct term the krovetz preset hands its
// stemmer (UAX#29 tokens, lower-cased, possessive removed; stop words kept)
// in the conclusions, premises, sentences, discussion and source titles of
// the embedded args.me sample, or of the corpus file KSTEM_TERMS_CORPUS
// names. With KSTEM_TERMS set it writes them there, sorted and one a line:
// the words analysis/internal/krovetz/testdata/kstem-sample.tsv.gz was made of (see
// analysis/internal/krovetz/testdata/kstemdump/README.md).
func TestKStemTerms(t *testing.T) {
	var r *corpus.Reader
	if path := os.Getenv("KSTEM_TERMS_CORPUS"); path != "" {
		var err error
		if r, err = corpus.Open(path); err != nil {
			t.Fatal(err)
		}
		defer r.Close()
	} else {
		r = corpus.NewCSVReader(sample.Touche2021().ProcessedCSV())
	}
	a, err := Preset(presetKrovetz)
	if err != nil {
		t.Fatal(err)
	}
	a.Stop, a.Stem = "", ""
	z, err := NewAnalyzer(a)
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]struct{})
	var buf []string
	add := func(text string) {
		buf = z.AppendTerms(buf[:0], text)
		for _, term := range buf {
			seen[term] = struct{}{}
		}
	}
	n := 0
	for arg, err := range r.All() {
		if err != nil {
			t.Fatal(err)
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
	for term := range seen {
		words = append(words, term)
	}
	slices.Sort(words)
	t.Logf("%d arguments, %d distinct terms", n, len(words))
	if n == 0 || len(words) == 0 {
		t.Fatalf("got %d arguments and %d terms, want some", n, len(words))
	}
	out := os.Getenv("KSTEM_TERMS")
	if out == "" {
		return
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for _, term := range words {
		w.WriteString(term)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
