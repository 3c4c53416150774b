package argsme

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// marshalNested is object.MarshalJSON as it was before the one-pass
// writer: every value, nested objects included, through an Encoder that
// does not escape HTML.
func marshalNested(o object) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(m.name)
		b.Write(name)
		b.WriteByte(':')
		var v bytes.Buffer
		enc := json.NewEncoder(&v)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(m.value); err != nil {
			return nil, err
		}
		b.Write(bytes.TrimRight(v.Bytes(), "\n"))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// TestObjectJSON checks the one-pass writer against marshalNested, byte
// for byte, on nested objects, lists of them (empty and nil), every kind of
// scalar the handlers send and strings that need escaping.
func TestObjectJSON(t *testing.T) {
	texts := []string{"", "plain", `"quoted" \ back`, "<b>&amp;</b>", "tab\tnew\nline\r\b\f\x00\x1f", "é ü 漢 \u2028\u2029 😀", "bad \xff utf-8"}
	var inner []object
	for _, s := range texts {
		inner = append(inner, object{{"text", s}, {"stance", nil}, {"annotations", []any{}}})
	}
	cases := []object{
		nil,
		{},
		{{"a", 1}, {"b", 2.5}, {"d", 1e21}, {"e", 123456789.125}, {"f", true}, {"g", nil}},
		{{"premises", inner}, {"none", []object(nil)}, {"empty", []object{}}, {"context", object{{"x", object{{"y", inner[:2]}}}}}},
		{{"odd <name> & \"more\"", "v"}, {"é", texts}, {"list", []any{1, "two", object{{"three", 3}}}}},
		{{"explanation", object{{"score", 12.75}, {"name", "relevance"}, {"details", []any{}}}}, {"start", "2026-01-02T03:04:05Z"}},
	}
	for _, o := range cases {
		want, err := marshalNested(o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := o.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("MarshalJSON:\ngot  %s\nwant %s", got, want)
		}
		// And through an Encoder, as the handlers write responses.
		var a, b bytes.Buffer
		for _, x := range []struct {
			buf *bytes.Buffer
			v   any
		}{{&a, o}, {&b, json.RawMessage(want)}} {
			enc := json.NewEncoder(x.buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(x.v); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("encoded:\ngot  %s\nwant %s", a.Bytes(), b.Bytes())
		}
	}
	// A value that cannot be encoded is an error, at any depth.
	for _, o := range []object{{{"score", math.NaN()}}, {{"a", []object{{{"b", math.Inf(1)}}}}}} {
		if _, err := o.MarshalJSON(); err == nil {
			t.Errorf("MarshalJSON(%v): no error", o)
		}
	}
}
