package analysis

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TestLuceneAnalyzer compares the lucene preset with the output of Lucene
// 8.8.1's EnglishAnalyzer (Debian liblucene8-java, jars named 8.7.0), recorded in
// testdata/lucene_english.tsv by testdata/LuceneAnalyze.java: Porter's
// step-1 edge cases, possessives, emoji sequences, tokens over 255
// characters, runs of underscores, non-ASCII text.
func TestLuceneAnalyzer(t *testing.T) {
	compareLucene(t, filepath.Join("testdata", "lucene_english.tsv"), presetLucene, 400)
}

// TestLuceneKStemAnalyzer compares the krovetz preset with Lucene's
// EnglishAnalyzer chain with KStemFilter in place of PorterStemFilter,
// recorded in testdata/lucene_kstem.tsv by testdata/LuceneAnalyze.java
// (argument kstem): the inputs of lucene_english.tsv and every 20th
// sentence of the args.me sample. LUCENE_KSTEM_DUMP names a larger
// recording of the same form (every sentence of the sample, say).
func TestLuceneKStemAnalyzer(t *testing.T) {
	compareLucene(t, filepath.Join("testdata", "lucene_kstem.tsv"), presetKrovetz, 1300)
	if p := os.Getenv("LUCENE_KSTEM_DUMP"); p != "" {
		compareLucene(t, p, presetKrovetz, 1)
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
	a, _ := Preset(preset)
	z, err := NewAnalyzer(a)
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
		if got := strings.Join(z.AppendTerms(nil, in), " "); got != want {
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
		{Analysis{Fold: true, Stop: stopEnglish, Stem: stemPorter2}, "They were generously running", "generous run"},
		{Analysis{Stem: stemPorter}, "Generalizations", "gener"},
		{Analysis{}, "", ""},
	} {
		z, err := NewAnalyzer(c.a)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(z.AppendTerms(nil, c.in), " "); got != c.want {
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
		for _, name := range []string{presetLucene, presetEnglish} {
			a, _ := Preset(name)
			z, _ := NewAnalyzer(a)
			for _, term := range z.AppendTerms(nil, s) {
				if term == "" {
					t.Fatalf("%s: empty term from %q", name, s)
				}
			}
		}
		bounded := Analysis{Fold: true, Possessive: true, Stop: stopGlasgow, MinLength: 3, MaxLength: 20}
		z, _ := NewAnalyzer(bounded)
		words := z.AppendTerms(nil, s)
		for _, w := range words {
			if n := utf8.RuneCountInString(w); n < 3 || n > 20 {
				t.Fatalf("%+v: term %q of %q has %d runes", bounded, w, s, n)
			}
		}
		shingled := bounded
		shingled.Shingles = 3
		z, _ = NewAnalyzer(shingled)
		var want []string
		for i := range words {
			for j := i + 1; j <= min(len(words), i+3); j++ {
				want = append(want, strings.Join(words[i:j], " "))
			}
		}
		if diff := cmp.Diff(want, z.AppendTerms(nil, s)); diff != "" {
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
		{Analysis{MinLength: 3, Stem: stemPorter}, "ties to it", []string{"ti"}},
		// Runes, not bytes: "über" is 4 runes (5 bytes).
		{Analysis{MaxLength: 4}, "über ubers uber", []string{"über", "uber"}},
		{Analysis{Stop: stopGlasgow}, "The whereafter argument should be LEGAL, amoungst others", []string{"argument", "legal"}},
		// Shingles join the terms that stop words leave: no "_" filler.
		{Analysis{Stop: stopLucene, Shingles: 3}, "Abolish the death penalty now", []string{
			"abolish", "abolish death", "abolish death penalty",
			"death", "death penalty", "death penalty now",
			"penalty", "penalty now",
			"now"}},
		{Analysis{Stem: stemPorter, Shingles: 2}, "Running dogs bark", []string{"run", "run dog", "dog", "dog bark", "bark"}},
		{Analysis{Shingles: 5}, "one", []string{"one"}},
		{Analysis{Shingles: 1}, "no shingles here", []string{"no", "shingles", "here"}},
		{Analysis{Shingles: 3}, "", nil},
	} {
		z, err := NewAnalyzer(c.a)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(c.want, z.AppendTerms(nil, c.in)); diff != "" {
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
		{Shingles: 2, Stem: stemKrovetz},
		{Shingles: 3, Stop: stopFrequent, StopFrequent: 10},
		{Shingles: 3, Stop: stopFrequentFields, StopFrequent: 10},
	} {
		if _, err := a.Normalized(); err == nil || !strings.HasPrefix(err.Error(), "analysis: ") {
			t.Errorf("%+v: got error %v, want an analysis error", a, err)
		}
	}
	n, err := Analysis{Shingles: 1, MinLength: 3}.Normalized()
	if err != nil || n.Shingles != 0 || n.MinLength != 3 {
		t.Errorf("Shingles 1: got %+v, %v, want Shingles 0 (none)", n, err)
	}
	// The zero values add nothing to index.json.
	b, err := json.Marshal(Analysis{Stop: stopLucene})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"fold":false,"possessive":false,"stop":"lucene","stem":""}`; got != want {
		t.Errorf("got JSON %s, want %s", got, want)
	}
}
