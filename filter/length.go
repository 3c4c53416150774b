package filter

import (
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/corpus"
)

// Length rejects sentences with fewer than Min or more than Max words. A
// word is a whitespace-separated token holding a letter or a digit. A zero
// Min or Max means the bounds Touché systems used, 5 and 60 words (the
// zero Length keeps sentences of 5 to 60 words); a negative one is no
// bound.
//
// Length is pure. It reads the text once.
type Length struct {
	Min, Max int
}

// The bounds of a Length whose Min or Max is zero.
const (
	defaultMinWords = 5
	defaultMaxWords = 60
)

// Check implements Filter.
func (l Length) Check(s corpus.Sentence) (bool, Reason) {
	minWords, maxWords := l.Min, l.Max
	if minWords == 0 {
		minWords = defaultMinWords
	}
	if maxWords == 0 {
		maxWords = defaultMaxWords
	}
	limit := 0 // count every word
	if maxWords > 0 {
		limit = maxWords + 1 // words past the first Max+1 change nothing
	}
	n := countWords(s.Text, limit)
	if n < minWords {
		return false, tooShort
	}
	if maxWords > 0 && n > maxWords {
		return false, tooLong
	}
	return true, noReason
}

func (Length) pure() {}

// countWords counts the whitespace-separated words of text that hold at
// least one letter or digit, so "-" and "..." are not words. With a
// positive limit it stops when it has counted limit words. ASCII bytes
// are classified without decoding; other runes as unicode classifies
// them (an invalid byte is U+FFFD: neither space nor letter).
func countWords(text string, limit int) int {
	n := 0
	in, alnum := false, false
	for i := 0; i < len(text); {
		var space, letter bool
		if c := text[i]; c < utf8.RuneSelf {
			space = c == ' ' || '\t' <= c && c <= '\r'
			letter = 'a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9'
			i++
		} else {
			r, size := utf8.DecodeRuneInString(text[i:])
			space = unicode.IsSpace(r)
			letter = unicode.IsLetter(r) || unicode.IsDigit(r)
			i += size
		}
		if space {
			if in && alnum {
				if n++; n == limit {
					return n
				}
			}
			in, alnum = false, false
			continue
		}
		in = true
		alnum = alnum || letter
	}
	if in && alnum {
		n++
	}
	return n
}
