package pylit

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// AppendString appends s to dst as Python's repr(str) writes it: in single
// quotes, or double quotes when s holds a single quote and no double quote;
// with \\, the quote, \n, \r and \t escaped, other non-printable code points
// written as \xNN, \uNNNN or \UNNNNNNNN, and printable non-ASCII kept as is.
// Bytes of s that are not valid UTF-8 are written as the replacement
// character U+FFFD, as Python cannot hold them in a str.
func AppendString(dst []byte, s string) []byte {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	dst = append(dst, quote)
	for _, r := range s {
		switch {
		case r == '\\' || r == rune(quote):
			dst = append(dst, '\\', byte(r))
		case r == '\n':
			dst = append(dst, '\\', 'n')
		case r == '\r':
			dst = append(dst, '\\', 'r')
		case r == '\t':
			dst = append(dst, '\\', 't')
		case r < utf8.RuneSelf && r >= ' ' && r != 0x7f:
			dst = append(dst, byte(r))
		case r >= utf8.RuneSelf && unicode.IsPrint(r):
			dst = utf8.AppendRune(dst, r)
		case r < 0x100:
			dst = appendHex(dst, 'x', uint32(r), 2)
		case r < 0x10000:
			dst = appendHex(dst, 'u', uint32(r), 4)
		default:
			dst = appendHex(dst, 'U', uint32(r), 8)
		}
	}
	return append(dst, quote)
}

func appendHex(dst []byte, kind byte, v uint32, width int) []byte {
	dst = append(dst, '\\', kind)
	h := strconv.FormatUint(uint64(v), 16)
	for i := len(h); i < width; i++ {
		dst = append(dst, '0')
	}
	return append(dst, h...)
}
