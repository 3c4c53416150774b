package nlp

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words appends to dst the lower-case words of text, for matching phrases
// against it, and returns the extended slice. A word is a run of letters,
// digits and inner apostrophes (’ read as '; trailing ones dropped). Words
// glued by scraping are split at case changes: a capital after a
// lower-case letter ("PrivateMy" is "private my") or a capital followed by
// a lower-case letter after other capitals ("WARRMy" is "warr my"). Unlike
// Terms, Words keeps every word, function words included.
func Words(dst []string, text string) []string {
	out := dst
	start := -1 // where the current word starts
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.TrimRight(text[start:end], "'’")
		start = -1
		if w == "" {
			return
		}
		if strings.Contains(w, "’") {
			w = strings.ReplaceAll(w, "’", "'")
		}
		out = append(out, strings.ToLower(w))
	}
	var prev rune // the previous letter or digit in the current word, 0 if none
	for i, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if prev != 0 && unicode.IsUpper(r) {
				next, _ := utf8.DecodeRuneInString(text[i+utf8.RuneLen(r):])
				if unicode.IsLower(prev) || unicode.IsUpper(prev) && unicode.IsLower(next) {
					flush(i)
				}
			}
			if start < 0 {
				start = i
			}
			prev = r
		case (r == '\'' || r == '’') && start >= 0:
			prev = 0
		default:
			flush(i)
			prev = 0
		}
	}
	flush(len(text))
	return out
}
