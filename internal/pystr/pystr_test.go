package pystr

import "testing"

func TestTrimSpace(t *testing.T) {
	for in, want := range map[string]string{
		"\u00a0\t x y \u2003\n": "x y", // Unicode white space
		"\x1ca b\x1f":           "a b", // Python's separators
		"":                      "",
		" \u200b ":              "\u200b", // a zero-width space is not white space
	} {
		if got := TrimSpace(in); got != want {
			t.Errorf("TrimSpace(%q): got %q, want %q", in, got, want)
		}
	}
}

func TestIsSpace(t *testing.T) {
	for c, want := range map[rune]bool{' ': true, '\t': true, '\r': true, 0x1c: true, 0x1f: true, 0x85: true, 0xa0: true, 0x2003: true,
		'x': false, 0x1b: false, 0x200b: false, 0: false} {
		if got := IsSpace(c); got != want {
			t.Errorf("IsSpace(%U): got %v, want %v", c, got, want)
		}
	}
}
