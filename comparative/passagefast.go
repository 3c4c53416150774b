package comparative

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// parseFast reads the common line of the passage corpus, a JSON object
// whose keys are among "id", "contents" and "chatNoirUrl", each once, with
// string values, and a non-empty id and a contents, in a single pass and
// without encoding/json's scanner (which took most of the time of reading the
// corpus). It gives what parseTokens gives for such a line: strings decode
// as encoding/json decodes them (escapes, surrogate pairs, invalid UTF-8 and
// lone surrogates as U+FFFD). Any other line, valid or not, it leaves to
// parseTokens (ok false), which also names the field of an error.
func parseFast(raw []byte) (p Passage, ok bool) {
	i, ok := expect(raw, 0, '{')
	if !ok {
		return Passage{}, false
	}
	var seen [3]bool
	for {
		if i, ok = expect(raw, i+1, '"'); !ok {
			return Passage{}, false
		}
		key, next, ok := plainKey(raw, i+1)
		if !ok {
			return Passage{}, false
		}
		var k int
		switch key {
		case "id":
			k = 0
		case "contents":
			k = 1
		case "chatNoirUrl":
			k = 2
		default:
			return Passage{}, false
		}
		if seen[k] {
			return Passage{}, false
		}
		seen[k] = true
		if i, ok = expect(raw, next, ':'); !ok {
			return Passage{}, false
		}
		if i, ok = expect(raw, i+1, '"'); !ok {
			return Passage{}, false
		}
		v, next, ok := jsonString(raw, i+1)
		if !ok {
			return Passage{}, false
		}
		switch k {
		case 0:
			p.ID = v
		case 1:
			p.Contents = v
		default:
			p.ChatNoirURL = v
		}
		i = skipSpace(raw, next)
		if i == len(raw) {
			return Passage{}, false
		}
		if raw[i] == '}' {
			break
		}
		if raw[i] != ',' {
			return Passage{}, false
		}
	}
	if skipSpace(raw, i+1) != len(raw) || !seen[0] || p.ID == "" || !seen[1] {
		return Passage{}, false
	}
	return p, true
}

// expect returns the index of the first byte at or after i that is not
// JSON white space, and whether it is c.
func expect(b []byte, i int, c byte) (int, bool) {
	i = skipSpace(b, i)
	return i, i < len(b) && b[i] == c
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainKey reads a key that starts at b[i] (after its opening quote) and
// holds only printable ASCII without escapes; it returns the key and the
// index after its closing quote. Any other key is not ok.
func plainKey(b []byte, i int) (string, int, bool) {
	for j := i; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return string(b[i:j]), j + 1, true
		case c == '\\' || c < ' ' || c >= utf8.RuneSelf:
			return "", 0, false
		}
	}
	return "", 0, false
}

// jsonString reads a JSON string that starts at b[i] (after its opening
// quote) and returns its value and the index after its closing quote, as
// encoding/json decodes it. A string that is not valid JSON is not ok.
func jsonString(b []byte, i int) (string, int, bool) {
	for j := i; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return string(b[i:j]), j + 1, true
		case c == '\\' || c < ' ' || c >= utf8.RuneSelf:
			return unquoteFrom(b, i, j)
		}
	}
	return "", 0, false
}

// unquoteFrom decodes the JSON string that starts at b[i], whose bytes
// before b[j] are plain; see jsonString.
func unquoteFrom(b []byte, i, j int) (string, int, bool) {
	out := make([]byte, j-i, j-i+64)
	copy(out, b[i:j])
	for j < len(b) {
		c := b[j]
		switch {
		case c == '"':
			return string(out), j + 1, true
		case c < ' ':
			return "", 0, false
		case c < utf8.RuneSelf && c != '\\':
			out = append(out, c)
			j++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(b[j:])
			if r == utf8.RuneError && size == 1 {
				out = utf8.AppendRune(out, unicode.ReplacementChar)
			} else {
				out = append(out, b[j:j+size]...)
			}
			j += size
		default: // an escape
			if j+1 == len(b) {
				return "", 0, false
			}
			e := b[j+1]
			j += 2
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r := hex4(b, j)
				if r < 0 {
					return "", 0, false
				}
				j += 4
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if j+1 < len(b) && b[j] == '\\' && b[j+1] == 'u' {
						r2 = hex4(b, j+2)
					}
					if d := utf16.DecodeRune(r, r2); d != unicode.ReplacementChar {
						r = d
						j += 6
					} else {
						r = unicode.ReplacementChar
					}
				}
				out = utf8.AppendRune(out, r)
			default:
				return "", 0, false
			}
		}
	}
	return "", 0, false
}

// hex4 returns the value of the four hex digits at b[i:], or -1.
func hex4(b []byte, i int) rune {
	if i+4 > len(b) {
		return -1
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}
