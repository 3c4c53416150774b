package lexical

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// krovetzRefDocs analyses both units unstemmed, chooses the vocabulary as
// Analysis.KrovetzMinCF documents (per term, the largest count over the
// units), and stems every term first: the brute-force view of a Krovetz
// index.
func krovetzRefDocs(t *testing.T, a analysis.Analysis, docs map[string][]refDoc) func(string) string {
	cf := map[string]int{}
	for _, ds := range docs {
		unit := map[string]int{}
		for _, d := range ds {
			for _, f := range d.fields {
				for _, term := range f {
					unit[term]++
				}
			}
		}
		for term, n := range unit {
			cf[term] = max(cf[term], n)
		}
	}
	var vocab []string
	for term, n := range cf {
		if n >= a.KrovetzMinCF {
			vocab = append(vocab, term)
		}
	}
	stem := analysis.KrovetzStemmer(vocab)
	changed := 0
	for _, ds := range docs {
		for _, d := range ds {
			for _, f := range d.fields {
				for i, term := range f {
					if s := stem(term); s != term {
						f[i] = s
						changed++
					}
				}
			}
		}
	}
	if changed == 0 {
		t.Fatal("the reference stems no term: the test checks nothing")
	}
	return stem
}

// vocabularyKrovetz is the analysis of the corpus-vocabulary Krovetz
// variant these tests check: the en preset with Stem "krovetz".
func vocabularyKrovetz() *analysis.Analysis {
	return &analysis.Analysis{Fold: true, Possessive: true, Stop: "english", Stem: "krovetz", KrovetzMinCF: 2}
}

func TestKrovetzEqualsReference(t *testing.T) {
	args := sampleArgs(t, 60)
	ctx := context.Background()
	a := *vocabularyKrovetz()
	x, err := Build(ctx, "", seq(args), Config{Analysis: vocabularyKrovetz()})
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string][]refDoc{}
	for _, u := range []string{"sentence", "argument"} {
		docs[u] = refDocs(t, a, args, u)
	}
	stem := krovetzRefDocs(t, a, docs)
	z, _ := analysis.NewAnalyzer(a)
	queries := []retrieval.Query{
		{ID: "1", Text: "Should abortions be legal?"},
		{ID: "2", Text: "Is human activity primarily responsible for global climate changes?"},
		{ID: "3", Text: "Should the death penalties be allowed? deaths"},
		{ID: "4", Text: "Are governments banning bottled waters?"},
	}
	for _, u := range []string{"sentence", "argument"} {
		fw := []float64{1}
		if u == "argument" {
			fw = []float64{2, 1, 0.5}
		}
		for _, model := range []string{"bm25", "tfidf", "lucene-dirichlet", "dirichlet"} {
			y, err := x.With(Ranking{Unit: u, Scoring: Scoring{Model: model}, Fields: FieldWeights{Conclusion: 2, Premise: 1, Title: 0.5}})
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range queries {
				qt := map[string]float64{}
				for _, term := range z.AppendTerms(nil, q.Text) {
					qt[stem(term)]++
				}
				want := refScores(docs[u], qt, fw, y.Ranking().Scoring)
				hits, err := y.Retrieve(ctx, q, len(docs[u])+5)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s/%s/q%s", u, model, q.ID)
				if len(hits) == 0 || len(hits) != len(want) {
					t.Errorf("%s: got %d hits, want %d (> 0)", name, len(hits), len(want))
				}
				for i, h := range hits {
					w, ok := want[h.ID]
					if !ok || math.Abs(h.Score-w) > 1e-9 {
						t.Errorf("%s: %s: got score %.15g, want %.15g (in reference: %v)", name, h.ID, h.Score, w, ok)
					}
					if i > 0 && cmp.Compare(hits[i-1].Score, h.Score) < 0 {
						t.Errorf("%s: hits out of order at %d", name, i)
					}
				}
			}
		}
	}
}

func TestKrovetzQueriesAndTermVectors(t *testing.T) {
	args := sampleArgs(t, 100)
	ctx := context.Background()
	x, err := Build(ctx, "", seq(args), Config{Analysis: vocabularyKrovetz(), Units: []string{"sentence"}})
	if err != nil {
		t.Fatal(err)
	}
	// A plural and its singular are one term in a Krovetz index.
	for _, pair := range [][2]string{{"abortion", "abortions"}, {"right", "rights"}} {
		h1, err1 := x.Retrieve(ctx, retrieval.Query{ID: "1", Text: pair[0]}, 1000)
		h2, err2 := x.Retrieve(ctx, retrieval.Query{ID: "1", Text: pair[1]}, 1000)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if len(h1) == 0 || !slices.Equal(h1, h2) {
			t.Errorf("%q and %q: got %d and %d hits (or different ones), want the same, non-empty", pair[0], pair[1], len(h1), len(h2))
		}
	}
	// Term vectors hold stems: RM3 runs and is deterministic.
	y, err := x.With(Ranking{PRF: PRF{Method: prfRM3}})
	if err != nil {
		t.Fatal(err)
	}
	r1 := runOf(t, y, 100)
	if r2 := runOf(t, y, 100); !bytes.Equal(r1, r2) {
		t.Error("RM3 over a Krovetz index: two runs differ")
	}
}

func TestKrovetzDeterministicAndReopen(t *testing.T) {
	args := sampleArgs(t, 300)
	d1, d2 := t.TempDir(), t.TempDir()
	c := Config{Analysis: vocabularyKrovetz()}
	x1 := buildIndex(t, d1, args, Config{Analysis: vocabularyKrovetz(), Workers: 1})
	x2 := buildIndex(t, d2, args, Config{Analysis: vocabularyKrovetz(), Workers: 4})
	r1, r2 := runOf(t, x1, 1000), runOf(t, x2, 1000)
	if !bytes.Equal(r1, r2) {
		t.Errorf("two builds give different runs")
	}
	for _, name := range []string{"sentence.lex", "argument.lex", index.MetaFile} {
		a, _ := os.ReadFile(filepath.Join(d1, name))
		b, _ := os.ReadFile(filepath.Join(d2, name))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds (or is empty)", name)
		}
	}
	x3, err := Open(d1, c)
	if err != nil {
		t.Fatal(err)
	}
	defer x3.Close()
	if r3 := runOf(t, x3, 1000); !bytes.Equal(r1, r3) {
		t.Error("reopened index gives a different run")
	}
	if got := x3.Analysis(); got.Stem != "krovetz" || got.KrovetzMinCF != 2 {
		t.Errorf("got analysis %+v, want Krovetz with min cf %d", got, 2)
	}
	for _, other := range []Config{
		{Analyzer: "en"},
		{Analysis: &analysis.Analysis{Fold: true, Possessive: true, Stop: "english", Stem: "krovetz", KrovetzMinCF: 3}},
	} {
		if _, err := Open(d1, other); !errors.Is(err, errConfig) {
			t.Errorf("open a Krovetz index with %+v: got %v, want errConfig", other, err)
		}
	}
	if _, err := Open(d1, Config{Analysis: &analysis.Analysis{Stem: "krovetz", KrovetzMinCF: -1}}); !errors.Is(err, errConfig) {
		t.Errorf("negative KrovetzMinCF: got %v, want errConfig", err)
	}
	// A vocabulary recorded for another stemmer is corruption.
	b, err := os.ReadFile(filepath.Join(d1, index.MetaFile))
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(b, []byte(`"stem": "krovetz"`), []byte(`"stem": "porter2"`), 1)
	bad = bytes.Replace(bad, []byte(`"krovetz_min_cf": 2`), []byte(`"krovetz_min_cf": 0`), 1)
	if bytes.Equal(bad, b) {
		t.Fatalf("index.json does not record the analysis as expected: %s", b[:min(len(b), 300)])
	}
	if err := os.WriteFile(filepath.Join(d1, index.MetaFile), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(d1, Config{}); !errors.Is(err, errCorrupt) || !strings.Contains(err.Error(), "vocabulary") {
		t.Errorf("vocabulary without Krovetz: got %v, want errCorrupt", err)
	}
}

func TestKrovetzWithFrequentStopwords(t *testing.T) {
	args := sampleArgs(t, 100)
	a := analysis.Analysis{Fold: true, Stop: "frequent", StopFrequent: 20, Stem: "krovetz"}
	x, err := Build(context.Background(), "", seq(args), Config{Analysis: &a, Units: []string{"sentence"}})
	if err != nil {
		t.Fatal(err)
	}
	sw := x.d.Meta.Stopwords
	if len(sw) != 20 {
		t.Fatalf("got %d stop words, want 20", len(sw))
	}
	// Stop words are chosen among stems: none is an inflected form of a
	// vocabulary term.
	stem := analysis.KrovetzStemmer(x.d.Meta.Vocabulary)
	for _, w := range sw {
		if s := stem(w); s != w {
			t.Errorf("stop word %q is not a stem (stems to %q)", w, s)
		}
	}
}
