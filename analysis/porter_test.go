package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"

	porterstemmer "github.com/blevesearch/go-porterstemmer"
)

// TestPorterStemScratch checks porterStem, which stems in a reused buffer
// and returns a prefix of the word where it can, against the stemmer on a
// fresh copy of every word: English words and their inflections, random
// strings of letters that reach every suffix rule, and words with
// non-ASCII letters, U+FFFD and invalid UTF-8.
func TestPorterStemScratch(t *testing.T) {
	words := []string{"caresses", "ponies", "ties", "caress", "cats", "feed", "agreed", "plastered",
		"motoring", "conflated", "troubled", "sized", "hopping", "falling", "filing", "happy", "sky",
		"relational", "conditional", "rational", "valenci", "digitizer", "generalization", "hopefulness",
		"triplicate", "formative", "electriciti", "revival", "allowance", "adjustable", "adoption",
		"controll", "roll", "probate", "rate", "cease", "sses", "ies", "eed", "a", "is", "ed", "ing",
		"naïveties", "cafés", "résumés", "über", "\ufffdies", "\xffies", "ab\xffing", "b\xc3ing", "zoë's"}
	r := rand.New(rand.NewPCG(1, 2))
	letters := []string{"a", "e", "i", "o", "u", "y", "b", "c", "l", "s", "t", "z", "é", "\xff"}
	suffixes := []string{"", "s", "es", "ies", "sses", "ed", "eed", "ing", "ational", "ization", "fulness",
		"iveness", "iciti", "ement", "ance", "ence", "er", "ic", "able", "ible", "ant", "ous", "ive", "ize", "ion", "e", "ll"}
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(7) {
			b.WriteString(letters[r.IntN(len(letters))])
		}
		b.WriteString(suffixes[r.IntN(len(suffixes))])
		words = append(words, b.String())
	}
	var buf []rune
	for _, w := range words {
		var got string
		got, buf = porterStem(buf, w)
		want := porter(w)
		switch {
		case w == "sses" || w == "ies" || w == "eed" || len(w) <= 2:
		default:
			want = string(porterstemmer.StemWithoutLowerCasing([]rune(w)))
		}
		if got != want {
			t.Errorf("porterStem(%q) = %q, want %q", w, got, want)
		}
	}
}
