package filter

import (
	"strings"
	"testing"
	"unicode"
)

// wordsByRunes is countWords as it was first written, rune by rune with
// no limit: the reference the fast path must agree with.
func wordsByRunes(text string) int {
	n := 0
	in, alnum := false, false
	for _, r := range text {
		if unicode.IsSpace(r) {
			if in && alnum {
				n++
			}
			in, alnum = false, false
			continue
		}
		in = true
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			alnum = true
		}
	}
	if in && alnum {
		n++
	}
	return n
}

var wordTexts = []string{"", " ", "a", "a b", " a  b\t\nc\r\v\fd ", "- ... x", "@ [ ` { ~ _", "A1 z9 Z",
	"Café naïve ﬁne", "a\u00a0b\u0085c\u2003d", "\xff \xfe x", "死刑 是 不人道的", "٣ ४ x", "a\x1cb\x1fc"}

// FuzzCountWords checks countWords against the rune-by-rune reference on
// any text, and that a limit stops the count at the limit and nowhere
// else.
func FuzzCountWords(f *testing.F) {
	for _, s := range wordTexts {
		f.Add(s, 0)
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, text string, limit int) {
		want := wordsByRunes(text)
		if got := countWords(text, 0); got != want {
			t.Fatalf("countWords(%q) = %d, want %d", text, got, want)
		}
		if limit > 0 {
			if got := countWords(text, limit); got != min(want, limit) {
				t.Fatalf("countWords(%q, %d) = %d, want %d", text, limit, got, min(want, limit))
			}
		}
	})
}

// TestLengthBounds checks that counting stops past Max without changing
// what Length decides, on a text far longer than Max.
func TestLengthBounds(t *testing.T) {
	long := strings.Repeat("word ", 10000)
	for _, c := range []struct {
		l    Length
		text string
		ok   bool
	}{
		{Length{Min: 5, Max: 60}, long, false},
		{Length{Min: 5, Max: -1}, long, true},
		{Length{Min: 5}, long, false},
		{Length{Min: 5, Max: 60}, strings.Repeat("word ", 60), true},
		{Length{Min: 5, Max: 60}, strings.Repeat("word ", 61), false},
		{Length{Min: 5, Max: 60}, strings.Repeat("word ", 4) + "- ...", false},
		{Length{Min: 5, Max: 5}, "one two three four five", true},
	} {
		if ok, _ := c.l.Check(sent(c.text)); ok != c.ok {
			t.Errorf("%+v on %d words: %v, want %v", c.l, wordsByRunes(c.text), ok, c.ok)
		}
	}
}
