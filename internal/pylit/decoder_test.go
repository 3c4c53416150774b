package pylit

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestDecodeStrings(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{`''`, ""},
		{`""`, ""},
		{`'plain text'`, "plain text"},
		{`"it's"`, "it's"},
		{`'say "hi"'`, `say "hi"`},
		{`'it\'s'`, "it's"},
		{`"say \"hi\""`, `say "hi"`},
		{`'both \' and "'`, `both ' and "`},
		{`"both ' and \""`, `both ' and "`},
		{`'back\\slash'`, `back\slash`},
		{`'\\'`, `\`},
		{`'\\\''`, `\'`},
		{`'a\nb\rc\td'`, "a\nb\rc\td"},
		{`'\a\b\f\v'`, "\a\b\f\v"},
		{`'\0'`, "\x00"},
		{`'\7\07\007\0070'`, "\a\a\a\a0"},
		{`'\101\141'`, "Aa"},
		{`'\777'`, "\u01ff"},
		{`'\8'`, `\8`}, // not octal: kept as written
		{`'\x00\x1f\x7f'`, "\x00\x1f\x7f"},
		{`'\xa0\xad\xff'`, "\u00a0\u00ad\u00ff"},
		{`'\xA0'`, "\u00a0"},
		{`'\u2028\u00e9'`, "\u2028é"},
		{`'\uABCD'`, "\uabcd"},
		{`'\U0001f600'`, "😀"},
		{`'\U0010FFFF'`, "\U0010ffff"},
		{`'\ud83d\ude00'`, "😀"},       // escaped surrogate pair
		{`'\ud800'`, "\ufffd"},        // lone high surrogate
		{`'\udc00x'`, "\ufffdx"},      // lone low surrogate
		{`'\ud800\u0041'`, "\ufffdA"}, // high surrogate, then no low one
		{"'line\\\ncontinued'", "linecontinued"},
		{"'line\\\r\ncontinued'", "linecontinued"},
		{`'\d\w\ \q'`, `\d\w\ \q`}, // unknown escapes are kept
		{`'\"'`, `"`},
		{`"\'"`, `'`},
		{`'héllo wörld — 日本語 🎉'`, "héllo wörld — 日本語 🎉"},
		{`'tab	raw'`, "tab\traw"},
		{`  'spaces around'  `, "spaces around"},
	}
	for _, tt := range tests {
		got, err := Decode(tt.in)
		if err != nil {
			t.Errorf("Decode(%s): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Decode(%s) = %q, want %q", tt.in, got, tt.want)
		}
		// AppendText and Text agree with Decode.
		var d Decoder
		d.Reset(tt.in)
		b, err := d.AppendText([]byte("prefix:"))
		if err != nil || string(b) != "prefix:"+tt.want {
			t.Errorf("AppendText(%s) = %q, %v, want %q", tt.in, b, err, "prefix:"+tt.want)
		}
		d.Reset(tt.in)
		if err := d.Skip(); err != nil || d.End() != nil {
			t.Errorf("Skip(%s): %v", tt.in, err)
		}
	}
}

func TestDecodeValues(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	negHuge := new(big.Int).Neg(huge)
	tests := []struct {
		in   string
		want any
	}{
		{`None`, nil},
		{`True`, true},
		{`False`, false},
		{`0`, int64(0)},
		{`00`, int64(0)},
		{`42`, int64(42)},
		{`-42`, int64(-42)},
		{`+7`, int64(7)},
		{`- 3`, int64(-3)},
		{`9223372036854775807`, int64(math.MaxInt64)},
		{`-9223372036854775808`, int64(math.MinInt64)},
		{`123456789012345678901234567890`, huge},
		{`-123456789012345678901234567890`, negHuge},
		{`1.5`, 1.5},
		{`-0.25`, -0.25},
		{`1e+16`, 1e16},
		{`1.5e-07`, 1.5e-7},
		{`2E3`, 2000.0},
		{`.5`, 0.5},
		{`5.`, 5.0},
		{`1e400`, math.Inf(1)},
		{`inf`, math.Inf(1)},
		{`-inf`, math.Inf(-1)},
		{`[]`, []any{}},
		{`[1, 'a', None]`, []any{int64(1), "a", nil}},
		{`[1, 2,]`, []any{int64(1), int64(2)}},
		{`()`, Tuple{}},
		{`(1,)`, Tuple{int64(1)}},
		{`(1, 2)`, Tuple{int64(1), int64(2)}},
		{`(1)`, int64(1)},
		{`((1, 2))`, Tuple{int64(1), int64(2)}},
		{`{}`, Dict{}},
		{`{'a': 1, "b": [True, (None,)]}`, Dict{{"a", int64(1)}, {"b", []any{true, Tuple{nil}}}}},
		{`{1: 'x', (1, 2): 'y', None: 0}`, Dict{{int64(1), "x"}, {Tuple{int64(1), int64(2)}, "y"}, {nil, int64(0)}}},
		{"[\n  {'sent_id': 'a__PREMISE__1',\t'sent_text': 'Hi there.'}\n]",
			[]any{Dict{{"sent_id", "a__PREMISE__1"}, {"sent_text", "Hi there."}}}},
		{`[[[[]]]]`, []any{[]any{[]any{[]any{}}}}},
	}
	for _, tt := range tests {
		got, err := Decode(tt.in)
		if err != nil {
			t.Errorf("Decode(%s): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" {
			t.Errorf("Decode(%s): got/want diff (-want +got):\n%s", tt.in, diff)
		}
		var d Decoder
		d.Reset(tt.in)
		if err := d.Skip(); err != nil || d.End() != nil {
			t.Errorf("Skip(%s): %v", tt.in, err)
		}
	}
	got, err := Decode(`nan`)
	if f, ok := got.(float64); err != nil || !ok || !math.IsNaN(f) {
		t.Errorf("Decode(nan) = %v, %v, want NaN", got, err)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{``, 0, "expected a value, found end of input"},
		{`   `, 3, "expected a value, found end of input"},
		{`'abc`, 0, "unterminated string literal"},
		{`'abc\'`, 0, "unterminated string literal"},
		{`'abc\`, 0, "unterminated string literal"},
		{`"abc'`, 0, "unterminated string literal"},
		{"'a\nb'", 2, "newline in string literal"},
		{"'a\rb'", 2, "newline in string literal"},
		{"'a\\tb\nc'", 5, "newline in string literal"},
		{`'\x4'`, 1, `truncated \x escape: want 2 hex digits`},
		{`'\xg0'`, 1, `truncated \x escape: want 2 hex digits`},
		{`'\u12'`, 1, `truncated \u escape: want 4 hex digits`},
		{`'\U0011FFFF'`, 1, `\U escape beyond U+10FFFF`},
		{`'\N{BULLET}'`, 1, `\N{name} escapes are not supported`},
		{`'a' 'b'`, 4, `expected end of input, found '\''`},
		{`[1, 2`, 5, `expected ']', found end of input`},
		{`[1, 2,`, 6, `expected ']', found end of input`},
		{`[1 2]`, 3, `expected ',' or ']', found '2'`},
		{`[,]`, 1, `expected a value, found ','`},
		{`{'a' 1}`, 5, `expected ':', found '1'`},
		{`{'a': }`, 6, `expected a value, found '}'`},
		{`{[1]: 2}`, 1, `unhashable dict key`},
		{`(1, 2]`, 5, `expected ',' or ')', found ']'`},
		{`nil`, 0, `expected a value, found 'n'`},
		{`none`, 0, `expected a value, found 'n'`},
		{`-None`, 1, `expected a value, found 'N'`},
		{`1x`, 1, `unexpected 'x' in number`},
		{`0x10`, 1, `unexpected 'x' in number`},
		{`1_000`, 1, `unexpected '_' in number`},
		{`1e`, 2, `expected exponent digits, found end of input`},
		{`1.2.3`, 3, `unexpected '.' in number`},
		{`007`, 0, `leading zeros in integer "007"`},
		{`-`, 1, `expected a value, found end of input`},
		{`[1]]`, 3, `expected end of input, found ']'`},
		{strings.Repeat("[", MaxDepth+1), MaxDepth, `nesting deeper than 1000`},
	}
	for _, tt := range tests {
		_, err := Decode(tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Decode(%q) error = %v, want *SyntaxError", tt.in, err)
			continue
		}
		if se.Offset != tt.offset || se.Msg != tt.msg {
			t.Errorf("Decode(%q) error = offset %d %q, want offset %d %q", tt.in, se.Offset, se.Msg, tt.offset, tt.msg)
		}
		if !strings.HasPrefix(err.Error(), "pylit: offset ") {
			t.Errorf("Decode(%q) error %q lacks the pylit prefix", tt.in, err)
		}
		// Skip validates as strictly as Decode.
		var d Decoder
		d.Reset(tt.in)
		if err := d.Skip(); err == nil && d.End() == nil {
			t.Errorf("Skip(%q) accepted invalid input", tt.in)
		}
	}
}

// TestDecoderStreaming walks the shape of a processed-CSV column with the
// piecewise API.
func TestDecoderStreaming(t *testing.T) {
	const in = `[{'sent_id': 'x__PREMISE__1', 'sent_text': "It's here.", 'extra': [1, {'k': None}]}, {'sent_id': 'x__CONC__1', 'sent_text': 'Tab\there'}]`
	var d Decoder
	d.Reset(in)
	if err := d.Begin('['); err != nil {
		t.Fatal(err)
	}
	var got [][2]string
	for {
		more, err := d.More()
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			break
		}
		if err := d.Begin('{'); err != nil {
			t.Fatal(err)
		}
		var s [2]string
		for {
			more, err := d.More()
			if err != nil {
				t.Fatal(err)
			}
			if !more {
				break
			}
			k, err := d.Key()
			if err != nil {
				t.Fatal(err)
			}
			switch k {
			case "sent_id":
				s[0], err = d.Text()
			case "sent_text":
				if d.Peek() != KindString {
					t.Fatalf("Peek = %v, want KindString", d.Peek())
				}
				var b []byte
				b, err = d.AppendText(nil)
				s[1] = string(b)
			default:
				if d.Peek() != KindList {
					t.Fatalf("Peek = %v, want KindList", d.Peek())
				}
				err = d.Skip()
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		got = append(got, s)
	}
	if err := d.End(); err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{"x__PREMISE__1", "It's here."}, {"x__CONC__1", "Tab\there"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("got/want diff (-want +got):\n%s", diff)
	}
}

func TestTextIsSubstring(t *testing.T) {
	const in = `'no escapes here'`
	var d Decoder
	d.Reset(in)
	s, err := d.Text()
	if err != nil {
		t.Fatal(err)
	}
	if s != "no escapes here" {
		t.Fatalf("got %q", s)
	}
	if allocs := testing.AllocsPerRun(100, func() {
		d.Reset(in)
		_, _ = d.Text()
	}); allocs != 0 {
		t.Errorf("Text without escapes allocated %v times, want 0", allocs)
	}
}

func TestPeek(t *testing.T) {
	tests := map[string]Kind{
		`None`: KindNone, `True`: KindBool, `False`: KindBool, `1`: KindNumber, `-1`: KindNumber,
		`.5`: KindNumber, `inf`: KindNumber, `nan`: KindNumber, `'s'`: KindString, `"s"`: KindString,
		`[]`: KindList, `()`: KindTuple, `{}`: KindDict, ``: KindInvalid, `x`: KindInvalid, `  None`: KindNone,
	}
	for in, want := range tests {
		var d Decoder
		d.Reset(in)
		if got := d.Peek(); got != want {
			t.Errorf("Peek(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestDictGet(t *testing.T) {
	v, err := Decode(`{'a': 1, 2: 'two', 'a': 3}`)
	if err != nil {
		t.Fatal(err)
	}
	d := v.(Dict)
	if got, ok := d.Get("a"); !ok || got != int64(3) {
		t.Errorf("Get(a) = %v, %v, want 3, true", got, ok)
	}
	if _, ok := d.Get("b"); ok {
		t.Errorf("Get(b) found a value, want none")
	}
}

// validUTF8 is what Python holds for a Go string: invalid bytes become
// U+FFFD one by one, as AppendString writes them.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string([]rune(s))
}

func TestRoundTrip(t *testing.T) {
	for _, s := range []string{
		"", "a", "'", `"`, `'"`, `\`, "\x00\x01\a\b\t\n\v\f\r\x1b\x7f", "\u0085\u00a0\u00ad\u2028\u2029\ufeff",
		"é 日本 🎉 \U000e0001 \U0010ffff", "\xff\xfe", "it's a \"test\"\\n",
	} {
		testRoundTrip(t, s)
	}
}

func testRoundTrip(t *testing.T, s string) {
	t.Helper()
	lit := AppendString(nil, s)
	got, err := Decode(string(lit))
	if err != nil {
		t.Fatalf("Decode(AppendString(%q) = %s): %v", s, lit, err)
	}
	if want := validUTF8(s); got != want {
		t.Fatalf("Decode(AppendString(%q) = %s) = %q, want %q", s, lit, got, want)
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"", "it's", `say "hi"`, "a\\b\n\t\x00\u2028é🎉", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(testRoundTrip)
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`None`, `[1, -2.5, 'a', "b", (1,), {'k': [True, False, None]}]`, `'\x41\u00e9\U0001f600\101\n\\'`,
		`{'text': 'x', 'stance': 'PRO'}`, `((((1))))`, `'\ud83d\ude00'`, "'a\\\nb'", `1e5`, `-inf`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Decode(s)
		var d Decoder
		d.Reset(s)
		skipErr := d.Skip()
		if skipErr == nil {
			skipErr = d.End()
		}
		if (err == nil) != (skipErr == nil) {
			t.Fatalf("Decode(%q) error %v, but Skip error %v", s, err, skipErr)
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(s) {
				t.Fatalf("Decode(%q) error %v: want *SyntaxError with an offset in the input", s, err)
			}
			return
		}
		// A decoded string re-encodes to a literal that decodes to it.
		if str, ok := v.(string); ok {
			back, err := Decode(string(AppendString(nil, str)))
			if err != nil || back != validUTF8(str) {
				t.Fatalf("round trip of %q: got %q, %v", str, back, err)
			}
		}
	})
}

func TestKey(t *testing.T) {
	tests := []struct {
		in, want string
		err      bool
	}{
		{`'k': 1`, "k", false},
		{`"k":1`, "k", false},
		{`'k' : 1`, "k", false},
		{`'it\'s': 1`, "it's", false},
		{`'two\nlines': 1`, "two\nlines", false},
		{"'raw\nnewline': 1", "", true},
		{`'k'`, "", true},
		{`'k' 1`, "", true},
		{`'unterminated: 1`, "", true},
		{`k: 1`, "", true},
		{`'` + strings.Repeat("long", 40) + `': 1`, strings.Repeat("long", 40), false},
	}
	for _, tt := range tests {
		var d Decoder
		d.Reset(tt.in)
		got, err := d.Key()
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("Key(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.err)
			continue
		}
		if err == nil {
			if v, err := d.Value(); err != nil || v != int64(1) {
				t.Errorf("Key(%q): value after the key = %v, %v; want 1", tt.in, v, err)
			}
		}
	}
}
