package pairing

import (
	"strings"
	"unicode"
)

// stem removes an English plural ending.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

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

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
