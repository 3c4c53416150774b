package comparative

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fastLines are lines parseFast must read as parseTokens does (the first
// group) or leave to it (the second).
var fastLines = []struct {
	line string
	fast bool
}{
	{`{"id": "a___1", "contents": "Plain text.", "chatNoirUrl": "https://x"}`, true},
	{` { "contents" : "x" , "id":"b" } ` + "\r", true},
	{`{"id":"a","contents":""}`, true},
	{`{"id":"a","contents":"I\u2019m \"quoted\" \\ \/ \b\f\n\r\t é \u00e9 \uD83D\uDE00"}`, true},
	{`{"id":"a","contents":"lone \ud800 x \udc00\u0041 \ud800\u0041 \ud800\ud800\udc00 end\ud800"}`, true},
	{"{\"id\":\"a\",\"contents\":\"bad \xff \xed\xa0\x80 \xe2\x82 ok\x7f\"}", true},
	{`{"id":"a","contents":"\u0000 nul"}`, true},
	{`{"id":"a","contents":"x","chatNoirUrl":"u","extra":1}`, false},
	{`{"id":"a","id":"b","contents":"x"}`, false},
	{`{"id":"","contents":"x"}`, false},
	{`{"id":"a"}`, false},
	{`{"i\u0064":"a","contents":"x"}`, false},
	{`{"id":"a","contents":"x",}`, false},
	{`{"id":"a","contents":"x"} {}`, false},
	{"{\"id\":\"a\",\"contents\":\"x\"}\v", false},
	{"{\"id\":\"a\",\"contents\":\"tab\tinside\"}", false},
	{`{"id":"a","contents":"bad \x escape"}`, false},
	{`{"id":"a","contents":"short \u12"}`, false},
	{`{"id":"a","contents":"unterminated`, false},
	{`{"id":"a","contents":"x\`, false},
	{`{"id":7,"contents":"x"}`, false},
	{`{"id":"a","contents":null}`, false},
	{`["id"]`, false},
	{`{}`, false},
}

func TestParseFast(t *testing.T) {
	for _, c := range fastLines {
		got, ok := parseFast([]byte(c.line))
		if ok != c.fast {
			t.Errorf("%s: parseFast ok = %v, want %v", c.line, ok, c.fast)
			continue
		}
		if !ok {
			continue
		}
		want, err := (&passageReader{}).parseTokens([]byte(c.line))
		if err != nil {
			t.Errorf("%s: parseTokens: %v", c.line, err)
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: parseFast (-parseTokens +parseFast):\n%s", c.line, diff)
		}
	}
}

// FuzzParseFast checks that whatever line parseFast reads, parseTokens
// reads without error and to the same passage.
func FuzzParseFast(f *testing.F) {
	for _, c := range fastLines {
		f.Add([]byte(c.line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got, ok := parseFast(line)
		if !ok {
			return
		}
		want, err := (&passageReader{}).parseTokens(line)
		if err != nil {
			t.Fatalf("parseFast read %q, parseTokens: %v", line, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q: (-parseTokens +parseFast):\n%s", line, diff)
		}
	})
}
