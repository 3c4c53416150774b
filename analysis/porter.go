package analysis

import (
	"unicode/utf8"

	porterstemmer "github.com/blevesearch/go-porterstemmer"
)

// porter stems a lower-case word with the original Porter algorithm, as
// Lucene's PorterStemmer does. go-porterstemmer (bleve's) matches a suffix
// only when the word is longer than it, so the three words that equal a
// step-1 suffix come out differently; they are fixed here (Lucene:
// sses → ss, ies → i, and eed, whose stem has measure 0, is kept whole,
// where go-porterstemmer gives sse, ie and e). TestLuceneAnalyzer compares
// the whole analyzer with Lucene's output.
func porter(s string) string {
	stem, _ := porterStem(nil, s)
	return stem
}

// porterStem is porter with buf as the stemmer's scratch (it returns buf,
// grown). The stemmer works in place, so a stem is mostly a prefix of s,
// which it then returns without a copy.
func porterStem(buf []rune, s string) (string, []rune) {
	switch s {
	case "sses":
		return "ss", buf
	case "ies":
		return "i", buf
	case "eed":
		return s, buf
	}
	if len(s) <= 2 {
		return s, buf
	}
	buf = buf[:0]
	for _, r := range s {
		buf = append(buf, r)
	}
	stem := porterstemmer.StemWithoutLowerCasing(buf)
	if n, ok := runesPrefix(stem, s); ok {
		return s[:n], buf
	}
	return string(stem), buf
}

// runesPrefix reports whether the UTF-8 encoding of rs is a prefix of s,
// and its length. A rune of s that is not valid UTF-8 matches nothing:
// string(rs) would hold U+FFFD in its place.
func runesPrefix(rs []rune, s string) (int, bool) {
	i := 0
	for _, r := range rs {
		if i < len(s) && r < utf8.RuneSelf && rune(s[i]) == r {
			i++
			continue
		}
		c, n := utf8.DecodeRuneInString(s[i:])
		if c != r || n <= 1 {
			return 0, false
		}
		i += n
	}
	return i, true
}
