package analysis

import (
	"math/rand/v2"
	"testing"

	"github.com/blevesearch/segment"
	"github.com/google/go-cmp/cmp"
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
