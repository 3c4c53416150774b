// Package pystr holds Python's rules for white space in strings, which the
// official args.me corpus followed: it was processed in Python, so its
// sentence boundaries and word counts use str.isspace and str.strip.
package pystr

import (
	"unicode"
	"unicode/utf8"
)

// IsSpace reports whether c is white space as Python's str.isspace has it,
// which str.split and str.strip use: Unicode white space plus the
// separators U+001C to U+001F.
func IsSpace(c rune) bool {
	if c < utf8.RuneSelf {
		return c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1c && c <= 0x1f
	}
	return unicode.IsSpace(c)
}

// TrimSpace returns s without leading and trailing white space (IsSpace),
// as Python's str.strip() does.
func TrimSpace(s string) string {
	start := 0
	for start < len(s) {
		c, n := utf8.DecodeRuneInString(s[start:])
		if !IsSpace(c) {
			break
		}
		start += n
	}
	end := len(s)
	for end > start {
		c, n := utf8.DecodeLastRuneInString(s[start:end])
		if !IsSpace(c) {
			break
		}
		end -= n
	}
	return s[start:end]
}
