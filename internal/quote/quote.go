// Package quote quotes values for error messages without echoing a huge
// one in full: a value longer than Max bytes is cut there (at a rune
// boundary) and its length is said.
package quote

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes of a value a message quotes.
const Max = 100

// Q returns s quoted as %q quotes it, cut after about Max bytes with its
// length in bytes said: "abc…" (10485760 bytes).
func Q[S ~string | ~[]byte](v S) string {
	if len(v) <= Max {
		return strconv.Quote(string(v))
	}
	cut := Max
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(string(v[:cut])), len(v))
}
