package filter

import (
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/corpus"
)

// Length rejects sentences with fewer than Min or more than Max words. A
// word is a whitespace-separated token holding a letter or a digit. A zero
// Min or Max is no bound. Touché systems used bounds such as 5 and 60.
//
// Length is pure. It reads the text once.
type Length struct {
	Min, Max int
}

// Check implements Filter.
func (l Length) Check(s corpus.Sentence) (bool, Reason) {
	limit := 0 // count every word
	if l.Max > 0 {
		limit = l.Max + 1 // words past the first Max+1 change nothing
	}
	n := countWords(s.Text, limit)
	if n < l.Min {
		return false, tooShort
	}
	if l.Max > 0 && n > l.Max {
		return false, tooLong
	}
	return true, noReason
}

// Pure implements Pure.
func (Length) Pure() {}

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
