package analysis

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/segment"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/transform"
)

// segmentWords is the reference: segment's tokens of any type but None.
func segmentWords(text []byte) []string {
	toks, types, _, _ := segment.SegmentWordsDirect(text, nil, nil)
	var out []string
	for i, t := range toks {
		if types[i] != segment.None {
			out = append(out, string(t))
		}
	}
	return out
}

func fastWords(text []byte) []string {
	toks, _ := appendWords(nil, nil, text)
	var out []string
	for _, t := range toks {
		out = append(out, string(t))
	}
	return out
}

func TestASCIIWordsMatchSegment(t *testing.T) {
	cases := []string{
		"", "a", "_", "__", "a_", "_a", "a_b", "1_2", "a1", "1a", "a.b", "a..b", "a.", ".a", "a.1", "1.a", "1.2", "1,2", "1;2",
		"a,b", "a:b", "1:2", "a'b", "a'", "'a", "don't", "it's", "e.g.", "U.S.A.", "3,000.50", "a'b'c", "x:y:z", "1.2.3",
		"a-b", "a b", "a\r\nb", "a\tb", "(a)", "\"quoted\"", "email@example.com", "http://x.org/a_b?c=1", "__init__",
		"a._b", "a_.b", "1._2", "co-op", "rock'n'roll", "Mr. Smith's", "9/11", "$100", "50%", "#tag", "C++",
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "aZ09_.:',; -\"\r\n\t!?()"
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		if diff := cmp.Diff(segmentWords([]byte(c)), fastWords([]byte(c))); diff != "" {
			t.Fatalf("%q: tokens differ (-segment +fast):\n%s", c, diff)
		}
	}
}

func FuzzASCIIWords(f *testing.F) {
	f.Add("don't stop 3,000.50 e.g. __x__")
	f.Fuzz(func(t *testing.T, s string) {
		if !isASCII(s) {
			return // only the ASCII fast path must equal segment
		}
		if diff := cmp.Diff(segmentWords([]byte(s)), fastWords([]byte(s))); diff != "" {
			t.Fatalf("%q: tokens differ (-segment +fast):\n%s", s, diff)
		}
	})
}

// wholeWords is appendWords before text was cut into spans: all of a text
// with a non-ASCII byte went to segment.
func wholeWords(text []byte) []string {
	toks, _ := unicodeWords(nil, nil, text)
	if isASCII(string(text)) {
		toks = asciiWords(nil, text)
	}
	var out []string
	for _, t := range toks {
		out = append(out, string(t))
	}
	return out
}

// wholeFold folds text in one piece, as the analyzer did before spans.
func wholeFold(z *Analyzer, text string) string {
	if isASCII(text) {
		return string(appendLowerASCII(nil, text))
	}
	z.fold.Reset()
	out, _, err := transform.Append(z.fold, nil, []byte(text))
	if err != nil {
		return strings.ToLower(text)
	}
	return string(out)
}

// spanCases mixes ASCII with accents, combining marks, emoji sequences
// (with modifiers, ZWJ, flags, keycaps), CJK and invalid UTF-8, around
// spaces where the spans are cut.
var spanCases = []string{
	"café au lait", "naïve  coöperation", "e\u0301 a", " \u0301a b", "a \u0301b", "x  \u0301 y", "a\u200d b",
	"I ❤️ it", "thumbs 👍🏽 up", "family 👨‍👩‍👧 ok", "flag 🇩🇪🇫🇷 x", "key 1️⃣ z", "日本語 text 中文", "Ｆｕｌｌ width ｔｅｘｔ",
	"İstanbul ß ﬁ", "\xff bad \xc3 x", "a\xc3 b", "don't café's 3,000.50 €5 e.g. naïve", "ΣΑΣ σας", "x\u00a0y z",
	"a . é", "é. a", "1 ,é", "a _é_ b", "tab\té x", "line\né x", " é", "é ", "  ", "é", "a b c d é f g",
}

func TestSpansMatchWhole(t *testing.T) {
	z, err := NewAnalyzer(Analysis{Fold: true})
	if err != nil {
		t.Fatal(err)
	}
	cases := slices.Clone(spanCases)
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Z", "1", "_", ".", ",", "'", " ", " ", "  ", "é", "\u0301", "❤", "\ufe0f", "👍", "🏽", "\u200d", "🇩", "🇪", "日", "ß", "Σ", "\xff", "\t", "-"}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		cases = append(cases, b.String())
	}
	for _, c := range cases {
		if diff := cmp.Diff(wholeWords([]byte(c)), fastWords([]byte(c))); diff != "" {
			t.Fatalf("%q: tokens differ (-whole +spans):\n%s", c, diff)
		}
		if got, want := string(z.appendFolded(nil, c)), wholeFold(z, c); got != want {
			t.Fatalf("%q: folded by spans %q, whole %q", c, got, want)
		}
	}
}

// FuzzSpans checks that tokenizing and folding span by span (nextSpan)
// gives what doing it to the whole text gives.
func FuzzSpans(f *testing.F) {
	for _, c := range spanCases {
		f.Add(c)
	}
	z, err := NewAnalyzer(Analysis{Fold: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if diff := cmp.Diff(wholeWords([]byte(s)), fastWords([]byte(s))); diff != "" {
			t.Fatalf("%q: tokens differ (-whole +spans):\n%s", s, diff)
		}
		if got, want := string(z.appendFolded(nil, s)), wholeFold(z, s); got != want {
			t.Fatalf("%q: folded by spans %q, whole %q", s, got, want)
		}
	})
}
