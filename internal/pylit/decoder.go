package pylit

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of containers a Decoder accepts. Python's
// own parser stops at a similar depth; the limit keeps hostile input from
// exhausting the stack.
const MaxDepth = 1000

// A SyntaxError reports input that is not a Python literal of the supported
// subset.
type SyntaxError struct {
	Offset int    // byte offset in the input where the problem was found
	Msg    string // what was expected, and what was found instead
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("pylit: offset %d: %s", e.Offset, e.Msg)
}

// Tuple is a decoded Python tuple.
type Tuple []any

// Dict is a decoded Python dict: its items in the order they were written.
// Repeated keys are kept as written (repr never writes them).
type Dict []Item

// An Item is one key: value pair of a Dict.
type Item struct {
	Key, Value any
}

// Get returns the value of the last item whose key is the string key (as
// Python keeps the last of repeated keys), and whether there is one.
func (d Dict) Get(key string) (any, bool) {
	for i := len(d) - 1; i >= 0; i-- {
		if k, ok := d[i].Key.(string); ok && k == key {
			return d[i].Value, true
		}
	}
	return nil, false
}

// Kind is the kind of the next value in a Decoder's input, as Peek reports
// it.
type Kind int8

// The kinds of value Peek reports.
const (
	KindInvalid Kind = iota // none of the below, or the end of the input
	KindNone
	KindBool
	KindNumber // int or float, including inf and nan
	KindString
	KindList
	KindTuple // '(': a tuple, or a parenthesised value
	KindDict
)

// Decode decodes s, which must hold exactly one Python literal (surrounding
// whitespace allowed), into a Go value:
//
//	None          nil
//	True, False   bool
//	int           int64, or *big.Int when it does not fit
//	float         float64 (inf, -inf and nan included)
//	str           string
//	list          []any
//	tuple         Tuple
//	dict          Dict
//
// Strings are decoded exactly: every escape Python accepts in a str literal
// (\\ \' \" \a \b \f \n \r \t \v, octal \o..\ooo, \xhh, \uhhhh, \Uhhhhhhhh,
// backslash-newline) is decoded, and an unknown escape such as \d is kept as
// written, as Python does. Because a Go string holds UTF-8, an escaped UTF-16
// surrogate pair (\ud83d\ude00) is decoded to the one code point it encodes
// and a lone surrogate to U+FFFD. \N{name} escapes, string prefixes (r, b,
// u, f), triple quotes, implicit concatenation, complex numbers and digit
// separators are not supported: repr never writes them.
func Decode(s string) (any, error) {
	var d Decoder
	d.Reset(s)
	v, err := d.Value()
	if err != nil {
		return nil, err
	}
	if err := d.End(); err != nil {
		return nil, err
	}
	return v, nil
}

// A Decoder reads Python literals from a string piece by piece, for callers
// that know the shape of the data and want to avoid building generic values:
//
//	d.Reset(`[{'text': 'a'}, {'text': 'b'}]`)
//	d.Begin('[')
//	for more, err := d.More(); more; more, err = d.More() {
//		d.Begin('{')
//		for ... d.More() ... { key, _ := d.Key(); text, _ := d.Text() }
//	}
//	d.End()
//
// Errors are *SyntaxError values with the byte offset in the input. After an
// error the Decoder's state is undefined until the next Reset. The zero
// Decoder is ready for Reset. A Decoder is not safe for concurrent use.
type Decoder struct {
	src   string
	pos   int
	stack []frame
	// newlines is set when src holds a '\n' or '\r' anywhere, and
	// backslashes when it holds a '\\': when they are not, strings need
	// not be searched for raw newlines or escapes one by one.
	newlines, backslashes bool
}

type frame struct {
	close byte // ']', '}' or ')'
	n     int  // elements begun so far
}

// Reset makes d read src from the beginning.
func (d *Decoder) Reset(src string) {
	d.src = src
	d.pos = 0
	d.stack = d.stack[:0]
	d.newlines = strings.IndexByte(src, '\n') >= 0 || strings.IndexByte(src, '\r') >= 0
	d.backslashes = strings.IndexByte(src, '\\') >= 0
}

// Offset returns the byte offset in the input of the next unread byte.
func (d *Decoder) Offset() int { return d.pos }

func (d *Decoder) errorf(off int, format string, args ...any) error {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// found describes the input at off for an error message.
func (d *Decoder) found(off int) string {
	if off >= len(d.src) {
		return "end of input"
	}
	r, _ := utf8.DecodeRuneInString(d.src[off:])
	return strconv.QuoteRune(r)
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'
}

func (d *Decoder) skipSpace() {
	for d.pos < len(d.src) && isSpace(d.src[d.pos]) {
		d.pos++
	}
}

// Peek reports the kind of the next value without consuming it.
func (d *Decoder) Peek() Kind {
	d.skipSpace()
	if d.pos >= len(d.src) {
		return KindInvalid
	}
	switch c := d.src[d.pos]; {
	case c == '\'' || c == '"':
		return KindString
	case c == '[':
		return KindList
	case c == '{':
		return KindDict
	case c == '(':
		return KindTuple
	case c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9':
		return KindNumber
	case strings.HasPrefix(d.src[d.pos:], "None"):
		return KindNone
	case strings.HasPrefix(d.src[d.pos:], "True"), strings.HasPrefix(d.src[d.pos:], "False"):
		return KindBool
	case strings.HasPrefix(d.src[d.pos:], "inf"), strings.HasPrefix(d.src[d.pos:], "nan"):
		return KindNumber
	}
	return KindInvalid
}

// Begin consumes the opening bracket open ('[', '{' or '(') of a container,
// whose elements are then read with More.
func (d *Decoder) Begin(open byte) error {
	var close byte
	switch open {
	case '[':
		close = ']'
	case '{':
		close = '}'
	case '(':
		close = ')'
	default:
		panic("pylit: Begin with " + strconv.QuoteRune(rune(open)))
	}
	d.skipSpace()
	if d.pos >= len(d.src) || d.src[d.pos] != open {
		return d.errorf(d.pos, "expected %q, found %s", open, d.found(d.pos))
	}
	if len(d.stack) >= MaxDepth {
		return d.errorf(d.pos, "nesting deeper than %d", MaxDepth)
	}
	d.pos++
	d.stack = append(d.stack, frame{close: close})
	return nil
}

// More reports whether the innermost open container has another element,
// consuming the comma before it. When it has none, More consumes the closing
// bracket and returns false. In a dict, each element is read with Key (or
// Value and Colon) and then its value.
func (d *Decoder) More() (bool, error) {
	if len(d.stack) == 0 {
		panic("pylit: More outside a container")
	}
	f := &d.stack[len(d.stack)-1]
	d.skipSpace()
	if d.pos >= len(d.src) {
		return false, d.errorf(d.pos, "expected %q, found end of input", f.close)
	}
	c := d.src[d.pos]
	if f.n > 0 {
		if c == f.close {
			d.pos++
			d.stack = d.stack[:len(d.stack)-1]
			return false, nil
		}
		if c != ',' {
			return false, d.errorf(d.pos, "expected ',' or %q, found %s", f.close, d.found(d.pos))
		}
		d.pos++
		d.skipSpace()
		if d.pos >= len(d.src) {
			return false, d.errorf(d.pos, "expected %q, found end of input", f.close)
		}
		c = d.src[d.pos]
	}
	if c == f.close { // empty container, or a trailing comma
		d.pos++
		d.stack = d.stack[:len(d.stack)-1]
		return false, nil
	}
	f.n++
	return true, nil
}

// Colon consumes the ':' between a dict key and its value.
func (d *Decoder) Colon() error {
	d.skipSpace()
	if d.pos >= len(d.src) || d.src[d.pos] != ':' {
		return d.errorf(d.pos, "expected ':', found %s", d.found(d.pos))
	}
	d.pos++
	return nil
}

// Key reads a dict key that is a string, and the ':' after it. Like Text,
// it returns a substring of the input when the key has no escapes.
func (d *Decoder) Key() (string, error) {
	// Fast path for a short plain key followed by ':', as repr writes it.
	if p := d.pos; p < len(d.src) && (d.src[p] == '\'' || d.src[p] == '"') {
		q := d.src[p]
		for i := p + 1; i < len(d.src) && i < p+64; i++ {
			c := d.src[i]
			if c > '\\' {
				continue // a lower-case letter or '_', as most keys are
			}
			if c == q {
				if i+1 < len(d.src) && d.src[i+1] == ':' {
					d.pos = i + 2
					return d.src[p+1 : i], nil
				}
				break
			}
			if c == '\\' || c == '\n' || c == '\r' {
				break
			}
		}
	}
	k, err := d.Text()
	if err != nil {
		return "", err
	}
	if err := d.Colon(); err != nil {
		return "", err
	}
	return k, nil
}

// End reports an error unless only whitespace is left in the input.
func (d *Decoder) End() error {
	d.skipSpace()
	if d.pos < len(d.src) {
		return d.errorf(d.pos, "expected end of input, found %s", d.found(d.pos))
	}
	return nil
}

// Text reads a string literal and returns its value. When the literal has
// no backslash, the result is a substring of the input, so nothing is
// copied; otherwise it is a new string.
func (d *Decoder) Text() (string, error) {
	start, end, plain, err := d.stringSpan()
	if err != nil {
		return "", err
	}
	if plain {
		return d.src[start:end], nil
	}
	b, err := d.decodeString(nil, start)
	return string(b), err
}

// AppendText reads a string literal and appends its value to dst.
func (d *Decoder) AppendText(dst []byte) ([]byte, error) {
	start, end, plain, err := d.stringSpan()
	if err != nil {
		return dst, err
	}
	if plain {
		return append(dst, d.src[start:end]...), nil
	}
	return d.decodeString(dst, start)
}

// stringSpan finds the string literal at the current position. When it has
// no backslash (plain), it consumes it and returns the span of its contents.
// Otherwise it returns the offset after the opening quote without consuming
// anything, for decodeString.
func (d *Decoder) stringSpan() (start, end int, plain bool, err error) {
	d.skipSpace()
	if d.pos >= len(d.src) {
		return 0, 0, false, d.errorf(d.pos, "expected string, found end of input")
	}
	q := d.src[d.pos]
	if q != '\'' && q != '"' {
		return 0, 0, false, d.errorf(d.pos, "expected string, found %s", d.found(d.pos))
	}
	start = d.pos + 1
	n := strings.IndexByte(d.src[start:], q)
	if n < 0 {
		// Either unterminated, or the only quotes are escaped: let
		// decodeString find out.
		return start, 0, false, nil
	}
	body := d.src[start : start+n]
	if d.backslashes && strings.IndexByte(body, '\\') >= 0 {
		return start, 0, false, nil
	}
	if d.newlines {
		if i := strings.IndexByte(body, '\n'); i >= 0 {
			return 0, 0, false, d.errorf(start+i, "newline in string literal")
		}
		if i := strings.IndexByte(body, '\r'); i >= 0 {
			return 0, 0, false, d.errorf(start+i, "newline in string literal")
		}
	}
	d.pos = start + n + 1
	return start, start + n, true, nil
}

// decodeString decodes the body of the string literal whose opening quote
// is at start-1, appending it to dst (nil dst and discard: validate only),
// and consumes it.
func (d *Decoder) decodeString(dst []byte, start int) ([]byte, error) {
	return d.scanString(dst, start, false)
}

// skipString consumes the string literal at the current position without
// decoding it, validating its escapes.
func (d *Decoder) skipString() error {
	start, _, plain, err := d.stringSpan()
	if err != nil || plain {
		return err
	}
	_, err = d.scanString(nil, start, true)
	return err
}

func (d *Decoder) scanString(dst []byte, start int, discard bool) ([]byte, error) {
	src := d.src
	q := src[start-1]
	i := start
	// quote is the offset of the next unescaped-looking quote at or after
	// i, or -1 when it must be searched again.
	quote := -1
	for {
		if quote < i {
			n := strings.IndexByte(src[i:], q)
			if n < 0 {
				return dst, d.errorf(start-1, "unterminated string literal")
			}
			quote = i + n
		}
		seg := src[i:quote]
		b := strings.IndexByte(seg, '\\')
		if b >= 0 {
			seg = seg[:b]
		}
		if d.newlines {
			if n := strings.IndexByte(seg, '\n'); n >= 0 {
				return dst, d.errorf(i+n, "newline in string literal")
			}
			if n := strings.IndexByte(seg, '\r'); n >= 0 {
				return dst, d.errorf(i+n, "newline in string literal")
			}
		}
		if !discard {
			dst = append(dst, seg...)
		}
		if b < 0 {
			d.pos = quote + 1
			return dst, nil
		}
		var err error
		dst, i, err = d.escape(dst, i+b, discard)
		if err != nil {
			return dst, err
		}
	}
}

// escape decodes the escape sequence whose backslash is at i, appending it
// to dst unless discard, and returns the offset after it.
func (d *Decoder) escape(dst []byte, i int, discard bool) ([]byte, int, error) {
	src := d.src
	if i+1 >= len(src) {
		return dst, i, d.errorf(i, "unterminated string literal")
	}
	c := src[i+1]
	var r rune
	next := i + 2
	switch c {
	case '\\', '\'', '"':
		r = rune(c)
	case 'n':
		r = '\n'
	case 't':
		r = '\t'
	case 'r':
		r = '\r'
	case 'a':
		r = '\a'
	case 'b':
		r = '\b'
	case 'f':
		r = '\f'
	case 'v':
		r = '\v'
	case '\n': // line continuation: nothing
		return dst, next, nil
	case '\r':
		if next < len(src) && src[next] == '\n' {
			next++
		}
		return dst, next, nil
	case '0', '1', '2', '3', '4', '5', '6', '7':
		r = rune(c - '0')
		for n := 1; n < 3 && next < len(src) && src[next] >= '0' && src[next] <= '7'; n++ {
			r = r*8 + rune(src[next]-'0')
			next++
		}
	case 'x', 'u', 'U':
		width := 2
		if c == 'u' {
			width = 4
		} else if c == 'U' {
			width = 8
		}
		v, ok := parseHex(src, next, width)
		if !ok {
			return dst, i, d.errorf(i, "truncated \\%c escape: want %d hex digits", c, width)
		}
		if v > utf8.MaxRune {
			return dst, i, d.errorf(i, "\\U escape beyond U+10FFFF")
		}
		r = rune(v)
		next += width
		if r >= 0xD800 && r < 0xDC00 {
			// A high surrogate: combine with an escaped low one if it
			// follows, as the only way to hold the pair in UTF-8.
			if next+1 < len(src) && src[next] == '\\' && (src[next+1] == 'u' || src[next+1] == 'U') {
				w := 4
				if src[next+1] == 'U' {
					w = 8
				}
				if lo, ok := parseHex(src, next+2, w); ok && lo >= 0xDC00 && lo < 0xE000 {
					r = 0x10000 + (r-0xD800)<<10 + rune(lo-0xDC00)
					next += 2 + w
				}
			}
		}
	case 'N':
		return dst, i, d.errorf(i, "\\N{name} escapes are not supported")
	default:
		// Python keeps an unknown escape as written.
		if !discard {
			dst = append(dst, '\\')
		}
		return dst, i + 1, nil
	}
	if !discard {
		dst = utf8.AppendRune(dst, r) // surrogates become U+FFFD
	}
	return dst, next, nil
}

func parseHex(s string, i, width int) (uint32, bool) {
	if i+width > len(s) {
		return 0, false
	}
	var v uint32
	for _, c := range []byte(s[i : i+width]) {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | uint32(c)
	}
	return v, true
}

// Skip consumes the next value, whatever it is, validating it.
func (d *Decoder) Skip() error {
	return d.value(false, nil)
}

// Value reads the next value and returns it as Decode does.
func (d *Decoder) Value() (any, error) {
	var v any
	err := d.value(true, &v)
	return v, err
}

// value reads the next value, storing it in *out when build is set.
func (d *Decoder) value(build bool, out *any) error {
	d.skipSpace()
	if d.pos >= len(d.src) {
		return d.errorf(d.pos, "expected a value, found end of input")
	}
	switch c := d.src[d.pos]; c {
	case '\'', '"':
		if !build {
			return d.skipString()
		}
		s, err := d.Text()
		*out = s
		return err
	case '[':
		return d.list(build, out)
	case '{':
		return d.dict(build, out)
	case '(':
		return d.tuple(build, out)
	}
	return d.scalar(build, out)
}

func (d *Decoder) list(build bool, out *any) error {
	if err := d.Begin('['); err != nil {
		return err
	}
	var l []any
	if build {
		l = []any{}
	}
	for {
		more, err := d.More()
		if err != nil || !more {
			if build {
				*out = l
			}
			return err
		}
		var v any
		if err := d.value(build, &v); err != nil {
			return err
		}
		if build {
			l = append(l, v)
		}
	}
}

func (d *Decoder) dict(build bool, out *any) error {
	if err := d.Begin('{'); err != nil {
		return err
	}
	var m Dict
	if build {
		m = Dict{}
	}
	for {
		more, err := d.More()
		if err != nil || !more {
			if build {
				*out = m
			}
			return err
		}
		var k, v any
		off := d.pos
		if d.pos < len(d.src) && (d.src[d.pos] == '[' || d.src[d.pos] == '{') {
			return d.errorf(off, "unhashable dict key")
		}
		if err := d.value(build, &k); err != nil {
			return err
		}
		if err := d.Colon(); err != nil {
			return err
		}
		if err := d.value(build, &v); err != nil {
			return err
		}
		if build {
			m = append(m, Item{k, v})
		}
	}
}

// tuple reads "(", ")" and "(x,)" as tuples, and "(x)" as x, as Python
// does.
func (d *Decoder) tuple(build bool, out *any) error {
	if err := d.Begin('('); err != nil {
		return err
	}
	var t Tuple
	if build {
		t = Tuple{}
	}
	for {
		more, err := d.More()
		if err != nil {
			return err
		}
		if !more {
			if build {
				*out = t
			}
			return nil
		}
		var v any
		if err := d.value(build, &v); err != nil {
			return err
		}
		if build {
			t = append(t, v)
		}
		if len(t) == 1 || !build {
			// "(x)" without a comma is x itself.
			f := d.stack[len(d.stack)-1]
			d.skipSpace()
			if f.n == 1 && d.pos < len(d.src) && d.src[d.pos] == ')' {
				d.pos++
				d.stack = d.stack[:len(d.stack)-1]
				if build {
					*out = v
				}
				return nil
			}
		}
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= utf8.RuneSelf
}

// scalar reads None, True, False, inf, nan or a number, optionally signed.
func (d *Decoder) scalar(build bool, out *any) error {
	start := d.pos
	i := d.pos
	neg := false
	if d.src[i] == '-' || d.src[i] == '+' {
		neg = d.src[i] == '-'
		i++
		for i < len(d.src) && isSpace(d.src[i]) {
			i++
		}
	}
	j := i
	for j < len(d.src) && isIdent(d.src[j]) {
		j++
	}
	word := d.src[i:j]
	var v any
	switch {
	case word == "None" && i == start:
		v = nil
	case word == "True" && i == start:
		v = true
	case word == "False" && i == start:
		v = false
	case word == "inf":
		v = math.Inf(1)
		if neg {
			v = math.Inf(-1)
		}
	case word == "nan":
		v = math.NaN()
	default:
		var err error
		j, v, err = d.number(i, neg, build)
		if err != nil {
			return err
		}
	}
	d.pos = j
	if build {
		*out = v
	}
	return nil
}

// number reads the unsigned number at i: digits, an optional fraction and
// an optional exponent.
func (d *Decoder) number(i int, neg, build bool) (int, any, error) {
	s := d.src
	j := i
	digits := func() int {
		k := j
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j - k
	}
	intDigits := digits()
	float := false
	fracDigits := 0
	if j < len(s) && s[j] == '.' {
		float = true
		j++
		fracDigits = digits()
	}
	if intDigits == 0 && fracDigits == 0 {
		return 0, nil, d.errorf(i, "expected a value, found %s", d.found(i))
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		float = true
		j++
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if digits() == 0 {
			return 0, nil, d.errorf(j, "expected exponent digits, found %s", d.found(j))
		}
	}
	if j < len(s) && (isIdent(s[j]) || s[j] == '.') {
		return 0, nil, d.errorf(j, "unexpected %s in number", d.found(j))
	}
	text := s[i:j]
	if !float && len(text) > 1 && text[0] == '0' && strings.Trim(text, "0") != "" {
		return 0, nil, d.errorf(i, "leading zeros in integer %q", text)
	}
	if !build {
		return j, nil, nil
	}
	if float {
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !isRangeErr(err) { // out of range gives ±Inf or 0, as Python does
			return 0, nil, d.errorf(i, "bad float %q", text)
		}
		if neg {
			f = -f
		}
		return j, f, nil
	}
	if n, err := strconv.ParseUint(text, 10, 64); err == nil {
		if !neg && n <= math.MaxInt64 {
			return j, int64(n), nil
		}
		if neg && n <= 1<<63 {
			return j, -int64(n-1) - 1, nil
		}
	}
	b, _ := new(big.Int).SetString(text, 10)
	if neg {
		b.Neg(b)
	}
	return j, b, nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
