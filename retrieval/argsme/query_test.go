package argsme

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestParseQuery(t *testing.T) {
	for _, tt := range []struct {
		q    string
		want parsedQuery
	}{
		{"Should teachers get tenure?", parsedQuery{search: "Should teachers get tenure?", words: "Should teachers get tenure?"}},
		{`"death penalty" abolish`, parsedQuery{search: "death penalty abolish", words: "death penalty abolish", required: []string{"death penalty"}}},
		{`+nuclear  energy`, parsedQuery{search: "nuclear energy", words: "nuclear energy", required: []string{"nuclear"}}},
		{`+"school uniforms" +cost`, parsedQuery{search: "school uniforms cost", words: "school uniforms cost", required: []string{"school uniforms", "cost"}}},
		{`"open quote runs on`, parsedQuery{search: "open quote runs on", words: "open quote runs on", required: []string{"open quote runs on"}}},
		{`C++ and 3+4 + x`, parsedQuery{search: "C++ and 3+4 + x", words: "C++ and 3+4 + x"}},
		{`a"b c"d`, parsedQuery{search: "a b c d", words: "a b c d", required: []string{"b c"}}},
		{`"" + "  "`, parsedQuery{search: "+", words: "+"}},
		{`++x`, parsedQuery{search: "+x", words: "+x", required: []string{"+x"}}},
		{`+"`, parsedQuery{}},
	} {
		got := parseQuery(tt.q)
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(parsedQuery{})); diff != "" {
			t.Errorf("parseQuery(%q) (-want +got):\n%s", tt.q, diff)
		}
	}
}

// FuzzParseQuery checks that no query panics the parser, that a query
// without syntax goes to the index as written, and that every required
// phrase's words are among the words searched.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", `"`, `+`, `+"`, `"a" +b c`, "a\"b", "+\"x y\" +z \"w", "\xff+\"\xfe", "+\u00a0x", "“quoted” +x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		p := parseQuery(q)
		if len(p.required) == 0 && strings.Contains(q, `"`) == false && p.search != q {
			t.Errorf("no syntax, but the search %q is not the query %q", p.search, q)
		}
		words := " " + p.words + " "
		for _, r := range p.required {
			for _, w := range strings.Fields(r) {
				if !strings.Contains(words, " "+w+" ") && !strings.Contains(words, w) {
					t.Errorf("required %q: word %q not searched (%q)", r, w, p.words)
				}
			}
		}
		if utf8.ValidString(q) && !utf8.ValidString(p.words) {
			t.Errorf("words %q of a valid query are not valid UTF-8", p.words)
		}
	})
}

// FuzzParseFields checks that no fields parameter panics the parser and that
// a parsed selection only names fields of the schema.
func FuzzParseFields(f *testing.F) {
	for _, s := range []string{"", ",", "arguments", "arguments.id,totalSize", "arguments.premises.text,arguments", "a.b.c", "arguments..id", "query.properties.x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		sel, err := parseFields(list, searchSchema)
		if err != nil {
			if err.Param != "fields" {
				t.Errorf("error %q names %q, not fields", err.Msg, err.Param)
			}
			return
		}
		var check func(sel selection, s schema)
		check = func(sel selection, s schema) {
			for name, sub := range sel {
				part, ok := s[name]
				if !ok {
					t.Fatalf("%q: selected %q, which the schema lacks", list, name)
				}
				if sub != nil {
					check(sub, part)
				}
			}
		}
		check(sel, searchSchema)
		if len(sel) == 0 {
			t.Errorf("%q: an empty selection", list)
		}
	})
}
