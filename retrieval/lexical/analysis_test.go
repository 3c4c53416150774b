package lexical

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func FuzzAnalyzer(f *testing.F) {
	f.Add("The teachers' unions' arguments aren't convincing 😂✌🏽 🇺🇸 ____ Café")
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
	})
}
