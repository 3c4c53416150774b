package lexical

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
)

// TestLuceneAnalyzer compares the lucene preset with the output of Lucene
// 8.8.1's EnglishAnalyzer (Debian liblucene8-java, jars named 8.7.0), recorded in
// testdata/lucene_english.tsv by testdata/LuceneAnalyze.java: Porter's
// step-1 edge cases, possessives, emoji sequences, tokens over 255
// characters, runs of underscores, non-ASCII text.
func TestLuceneAnalyzer(t *testing.T) {
	compareLucene(t, filepath.Join("testdata", "lucene_english.tsv"), AnalyzerLucene, 400)
}

// TestLuceneKStemAnalyzer compares the krovetz preset with Lucene's
// EnglishAnalyzer chain with KStemFilter in place of PorterStemFilter,
// recorded in testdata/lucene_kstem.tsv by testdata/LuceneAnalyze.java
// (argument kstem): the inputs of lucene_english.tsv and every 20th
// sentence of the args.me sample. LUCENE_KSTEM_DUMP names a larger
// recording of the same form (every sentence of the sample, say).
func TestLuceneKStemAnalyzer(t *testing.T) {
	compareLucene(t, filepath.Join("testdata", "lucene_kstem.tsv"), AnalyzerKrovetz, 1300)
	if p := os.Getenv("LUCENE_KSTEM_DUMP"); p != "" {
		compareLucene(t, p, AnalyzerKrovetz, 1)
	}
}

// compareLucene checks the preset's terms against "input<TAB>terms" lines
// recorded from Lucene, of which there must be at least min.
func compareLucene(t *testing.T, path, preset string, min int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, _ := presetAnalysis(preset)
	z, err := newAnalyzer(a, nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, bad := 0, 0
	for sc.Scan() {
		in, want, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("%s:%d: no tab", path, n+1)
		}
		n++
		if got := strings.Join(z.appendTerms(nil, in), " "); got != want {
			if bad++; bad <= 20 {
				t.Errorf("%s: %q: got %q, want Lucene's %q", preset, in, got, want)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < min {
		t.Fatalf("%s: read %d lines, want at least %d", path, n, min)
	}
	t.Logf("%s: %d lines, %d differ from Lucene", path, n, bad)
}

func TestFoldingAnalyzer(t *testing.T) {
	for _, c := range []struct {
		a    Analysis
		in   string
		want string
	}{
		{Analysis{Fold: true}, "Café NAÏVE Straße ﬁnance Ｆｕｌｌ", "cafe naive strasse finance full"},
		{Analysis{Fold: true, Possessive: true}, "Obama’s plan, the EU＇s", "obama plan the eu"},
		{Analysis{Fold: true, Stop: StopEnglish, Stem: StemPorter2}, "They were generously running", "generous run"},
		{Analysis{Stem: StemPorter}, "Generalizations", "gener"},
		{Analysis{}, "", ""},
	} {
		z, err := newAnalyzer(c.a, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(z.appendTerms(nil, c.in), " "); got != c.want {
			t.Errorf("%+v %q: got %q, want %q", c.a, c.in, got, c.want)
		}
	}
}

// FuzzAnalyzer checks that the presets and the options give no empty
// term, that the length bounds hold, and that shingles add to the terms
// without shingles exactly the runs of 2 to Shingles of them.
func FuzzAnalyzer(f *testing.F) {
	f.Add("The teachers' unions' arguments aren't convincing 😂✌🏽 🇺🇸 ____ Café")
	f.Add("Abolish the death penalty whereafter über ox's")
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range []string{AnalyzerLucene, AnalyzerEnglish} {
			a, _ := presetAnalysis(name)
			z, _ := newAnalyzer(a, nil)
			for _, term := range z.appendTerms(nil, s) {
				if term == "" {
					t.Fatalf("%s: empty term from %q", name, s)
				}
			}
		}
		bounded := Analysis{Fold: true, Possessive: true, Stop: StopGlasgow, MinLength: 3, MaxLength: 20}
		z, _ := newAnalyzer(bounded, nil)
		words := z.appendTerms(nil, s)
		for _, w := range words {
			if n := utf8.RuneCountInString(w); n < 3 || n > 20 {
				t.Fatalf("%+v: term %q of %q has %d runes", bounded, w, s, n)
			}
		}
		shingled := bounded
		shingled.Shingles = 3
		z, _ = newAnalyzer(shingled, nil)
		var want []string
		for i := range words {
			for j := i + 1; j <= min(len(words), i+3); j++ {
				want = append(want, strings.Join(words[i:j], " "))
			}
		}
		if diff := cmp.Diff(want, z.appendTerms(nil, s)); diff != "" {
			t.Fatalf("%q: got shingled terms (+) unlike (-):\n%s", s, diff)
		}
	})
}

// TestAnalysisOptions checks the length bounds, the Glasgow stop list and
// shingles on short texts, computed by hand.
func TestAnalysisOptions(t *testing.T) {
	for _, c := range []struct {
		a    Analysis
		in   string
		want []string
	}{
		// Lengths are counted after the possessive ("ox's" is "ox", 2) and
		// before stemming ("ties" is 4, its Porter stem "ti" 2).
		{Analysis{Possessive: true, MinLength: 3, MaxLength: 20}, "I am an ox's cat's owner of hippopotamuses and pneumonoultramicroscopicsilicovolcanoconiosis",
			[]string{"cat", "owner", "hippopotamuses", "and"}},
		{Analysis{MinLength: 3, Stem: StemPorter}, "ties to it", []string{"ti"}},
		// Runes, not bytes: "über" is 4 runes (5 bytes).
		{Analysis{MaxLength: 4}, "über ubers uber", []string{"über", "uber"}},
		{Analysis{Stop: StopGlasgow}, "The whereafter argument should be LEGAL, amoungst others", []string{"argument", "legal"}},
		// Shingles join the terms that stop words leave: no "_" filler.
		{Analysis{Stop: StopLucene, Shingles: 3}, "Abolish the death penalty now", []string{
			"abolish", "abolish death", "abolish death penalty",
			"death", "death penalty", "death penalty now",
			"penalty", "penalty now",
			"now"}},
		{Analysis{Stem: StemPorter, Shingles: 2}, "Running dogs bark", []string{"run", "run dog", "dog", "dog bark", "bark"}},
		{Analysis{Shingles: 5}, "one", []string{"one"}},
		{Analysis{Shingles: 1}, "no shingles here", []string{"no", "shingles", "here"}},
		{Analysis{Shingles: 3}, "", nil},
	} {
		z, err := newAnalyzer(c.a, nil)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c.want, z.appendTerms(nil, c.in)); diff != "" {
			t.Errorf("%+v %q: got terms (+), want (-):\n%s", c.a, c.in, diff)
		}
	}
}

func TestAnalysisOptionsInvalid(t *testing.T) {
	for _, a := range []Analysis{
		{MinLength: -1},
		{MaxLength: -1},
		{MinLength: 5, MaxLength: 4},
		{Shingles: -1},
		{Shingles: 6},
		{Shingles: 2, Stem: StemKrovetz},
		{Shingles: 3, Stop: StopFrequent, StopFrequent: 10},
		{Shingles: 3, Stop: StopFrequentFields, StopFrequent: 10},
	} {
		if _, err := a.normalized(); !errors.Is(err, ErrConfig) || !strings.HasPrefix(err.Error(), "lexical: ") {
			t.Errorf("%+v: got error %v, want a lexical error wrapping ErrConfig", a, err)
		}
	}
	n, err := Analysis{Shingles: 1, MinLength: 3}.normalized()
	if err != nil || n.Shingles != 0 || n.MinLength != 3 {
		t.Errorf("Shingles 1: got %+v, %v, want Shingles 0 (none)", n, err)
	}
	// The zero values add nothing to index.json.
	b, err := json.Marshal(Analysis{Stop: StopLucene})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"fold":false,"possessive":false,"stop":"lucene","stem":""}`; got != want {
		t.Errorf("got JSON %s, want %s", got, want)
	}
}

// TestShingleBuild checks the term vector and length of a document with
// shingles: "death penalty death penalty" with Shingles 2 has the terms
// death, death penalty, penalty, penalty death, death, death penalty,
// penalty: 7 terms (shingles count), "death penalty" twice.
func TestShingleBuild(t *testing.T) {
	a := corpus.Argument{ID: "A", Conclusion: "death penalty death penalty", Sentences: []corpus.Sentence{
		{ID: "A__CONC__1", Text: "death penalty death penalty"},
	}}
	for _, dir := range []string{"", t.TempDir()} {
		c := Config{Analysis: &Analysis{Shingles: 2}}
		x, err := Build(context.Background(), dir, seq([]corpus.Argument{a}), c)
		if err != nil {
			t.Fatal(err)
		}
		if dir != "" {
			x.Close()
			if _, err := Open(dir, Config{Analysis: &Analysis{}}); !errors.Is(err, ErrConfig) {
				t.Errorf("Open without shingles: got %v, want ErrConfig", err)
			}
			if x, err = Open(dir, c); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range []Unit{UnitSentence, UnitArgument} {
			vec := map[string]float64{}
			dl := docVector(x.d.unit(u), 0, vec)
			want := map[string]float64{"death": 2, "penalty": 2, "death penalty": 2, "penalty death": 1}
			if diff := cmp.Diff(want, vec); diff != "" || dl != 7 {
				t.Errorf("%s: got length %g, want 7; terms (+) unlike (-):\n%s", u, dl, diff)
			}
		}
		x.Close()
	}
}

// TestShingleRanking shows a shingle query preferring the document with
// the phrase: without shingles, "death penalty is wrong" and "penalty
// death is wrong" have the same terms and lengths, so they tie (and the
// tie goes to the larger id, B); with shingles, A also matches the query's
// shingle "death penalty".
func TestShingleRanking(t *testing.T) {
	var args []corpus.Argument
	for _, s := range [][2]string{{"A", "death penalty is wrong"}, {"B", "penalty death is wrong"}, {"C", "cats purr loudly today"}} {
		args = append(args, corpus.Argument{ID: s[0], Conclusion: s[1], Sentences: []corpus.Sentence{{ID: s[0] + "__CONC__1", Text: s[1]}}})
	}
	q := retrieval.Query{Text: "the death penalty"}
	for _, c := range []struct {
		shingles int
		want     []string
		tie      bool
	}{
		{0, []string{"B__CONC__1", "A__CONC__1"}, true},
		{3, []string{"A__CONC__1", "B__CONC__1"}, false},
	} {
		an := Analysis{Stop: StopLucene, Stem: StemKStem, Shingles: c.shingles}
		x, err := Build(context.Background(), "", seq(args), Config{Analysis: &an, Units: []Unit{UnitSentence}})
		if err != nil {
			t.Fatal(err)
		}
		hits, err := x.Retrieve(context.Background(), q, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, h := range hits {
			ids = append(ids, h.ID)
		}
		if diff := cmp.Diff(c.want, ids); diff != "" {
			t.Errorf("shingles %d: got ranking (+), want (-):\n%s", c.shingles, diff)
		} else if tie := hits[0].Score == hits[1].Score; tie != c.tie {
			t.Errorf("shingles %d: scores %g and %g, want a tie: %v", c.shingles, hits[0].Score, hits[1].Score, c.tie)
		}
		x.Close()
	}
}

// TestShingleTermLimit checks that a build whose shingles make more
// distinct terms than the limit stops with an error saying so, instead of
// growing until the machine kills it.
func TestShingleTermLimit(t *testing.T) {
	var args []corpus.Argument
	for i := range 50 {
		id := fmt.Sprintf("A%d", i)
		text := fmt.Sprintf("word%d other%d third%d fourth%d", i, i*7, i*13, i*17)
		args = append(args, corpus.Argument{ID: id, Conclusion: text, Sentences: []corpus.Sentence{{ID: id + "__CONC__1", Text: text}}})
	}
	an := Analysis{Shingles: 3}
	_, err := Build(context.Background(), "", seq(args), Config{Analysis: &an, maxShingleTerms: 100})
	if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "more than 100 distinct terms") {
		t.Fatalf("got %v, want an ErrConfig naming the limit", err)
	}
	if _, err := Build(context.Background(), "", seq(args), Config{Analysis: &an, maxShingleTerms: 10_000}); err != nil {
		t.Fatalf("under the limit: %v", err)
	}
	dir := filepath.Join(t.TempDir(), "x")
	if _, err := Build(context.Background(), dir, seq(args), Config{Analysis: &an, maxShingleTerms: 100}); err == nil {
		t.Fatal("a build to a directory went over the limit without an error")
	}
	if _, err := Open(dir, Config{}); err == nil {
		t.Error("the failed build left an index that opens")
	}
}
