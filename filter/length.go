package filter

import (
	"unicode"

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
	n := countWords(s.Text)
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
// least one letter or digit, so "-" and "..." are not words.
func countWords(text string) int {
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
		if !alnum && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			alnum = true
		}
	}
	if in && alnum {
		n++
	}
	return n
}
