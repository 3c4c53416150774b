package argsme

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval/internal/httpserve"
)

// An object is a JSON object whose members keep their order.
type object []member

type member struct {
	name  string
	value any
}

// MarshalJSON implements json.Marshaler. The object is written in one pass:
// nested objects and lists of objects are written in place, and only the
// scalars go through encoding/json, which does not escape <, > and & (the
// texts are full of them), as the Encoder of the response does. (Through
// encoding/json's Marshaler path, each nested object's output would be
// checked and copied again, once per level.)
func (o object) MarshalJSON() ([]byte, error) {
	w := &jsonWriter{}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	if err := w.object(o); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

// A jsonWriter writes JSON into buf, its scalars with enc.
type jsonWriter struct {
	buf bytes.Buffer
	enc *json.Encoder
}

func (w *jsonWriter) object(o object) error {
	w.buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		w.name(m.name)
		w.buf.WriteByte(':')
		if err := w.value(m.value); err != nil {
			return err
		}
	}
	w.buf.WriteByte('}')
	return nil
}

// name writes a member's name as json.Marshal does (escaping <, > and &).
func (w *jsonWriter) name(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // a string always encodes
			w.buf.Write(b)
			return
		}
	}
	w.buf.WriteByte('"')
	w.buf.WriteString(s)
	w.buf.WriteByte('"')
}

func (w *jsonWriter) value(v any) error {
	switch v := v.(type) {
	case object:
		return w.object(v)
	case []object:
		if v == nil {
			w.buf.WriteString("null")
			return nil
		}
		w.buf.WriteByte('[')
		for i, o := range v {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			if err := w.object(o); err != nil {
				return err
			}
		}
		w.buf.WriteByte(']')
		return nil
	}
	n := w.buf.Len()
	if err := w.enc.Encode(v); err != nil {
		w.buf.Truncate(n)
		return err
	}
	w.buf.Truncate(w.buf.Len() - 1) // Encode ends the value with a newline
	return nil
}

// A schema lists the fields a response may have, each with its parts (nil
// for a field without parts: a number, a string, or a value taken whole).
type schema map[string]schema

// The fields of the responses (the fields parameter names them with dots:
// arguments.premises.text).
var (
	contextSchema = schema{
		"sourceId": nil, "previousArgumentInSourceId": nil, "acquisitionTime": nil, "discussionTitle": nil,
		"sourceTitle": nil, "sourceUrl": nil, "nextArgumentInSourceId": nil, "sourceDomain": nil,
	}
	argumentSchema = schema{
		"id": nil, "conclusion": nil,
		"premises": {"text": nil, "stance": nil, "annotations": nil},
		"context":  contextSchema,
	}
	hitSchema = schema{
		"id": nil, "conclusion": nil,
		"premises":    argumentSchema["premises"],
		"context":     contextSchema,
		"summary":     nil,
		"explanation": {"score": nil, "name": nil, "details": nil},
		"stance":      nil,
	}
	querySchema  = schema{"text": nil, "properties": nil, "start": nil}
	searchSchema = schema{
		"query": querySchema, "arguments": hitSchema,
		"totalSize": nil, "totalSizeRelation": nil, "resultsBefore": nil, "retrievalTimeInMilliseconds": nil,
	}
	sentenceSchema = schema{"id": nil, "argumentId": nil, "text": nil}
	pairsSchema    = schema{
		"query":     querySchema,
		"pairs":     {"id": nil, "rank": nil, "score": nil, "stance": nil, "first": sentenceSchema, "second": sentenceSchema},
		"totalSize": nil, "totalSizeRelation": nil, "resultsBefore": nil, "retrievalTimeInMilliseconds": nil,
		"extension": nil,
	}
)

// A selection is the fields a request asked for: each with the parts of it
// asked for, nil meaning the whole field. A nil selection is everything.
type selection map[string]selection

// parseFields reads the fields parameter, a comma list of dotted field
// names of s; empty items are skipped, an unknown name is an Error naming
// the parameter. All of an object's fields asked for makes the whole object
// (a field and one of its parts is the whole field).
func parseFields(list string, s schema) (selection, *httpserve.Error) {
	sel := selection{}
	named := false
	for item := range strings.SplitSeq(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		named = true
		path := strings.Split(item, ".")
		sc, at := s, sel
		for i, name := range path {
			part, ok := sc[name]
			if !ok {
				if i == 0 {
					return nil, httpserve.BadParam("fields", "unknown field %s", quote.Q(item))
				}
				return nil, httpserve.BadParam("fields", "unknown field %s: %s has no part %s", quote.Q(item), strings.Join(path[:i], "."), quote.Q(name))
			}
			last := i == len(path)-1
			sub, seen := at[name]
			switch {
			case seen && sub == nil:
				// The whole field is already asked for.
			case last:
				at[name] = nil
			default:
				if sub == nil {
					sub = selection{}
					at[name] = sub
				}
			}
			if (seen && sub == nil) || last {
				break
			}
			sc, at = part, sub
		}
	}
	if !named {
		return nil, httpserve.BadParam("fields", "fields names no field")
	}
	return sel, nil
}

// has reports whether the selection asks for the field at path (or a part
// of it).
func (s selection) has(path ...string) bool {
	for _, name := range path {
		if s == nil {
			return true
		}
		sub, ok := s[name]
		if !ok {
			return false
		}
		s = sub
	}
	return true
}

// apply returns v with only the selected fields.
func (s selection) apply(v any) any {
	if s == nil {
		return v
	}
	switch v := v.(type) {
	case object:
		var out object
		for _, m := range v {
			if sub, ok := s[m.name]; ok {
				out = append(out, member{m.name, sub.apply(m.value)})
			}
		}
		if out == nil {
			out = object{}
		}
		return out
	case []object:
		out := make([]object, len(v))
		for i, o := range v {
			out[i] = s.apply(o).(object)
		}
		return out
	}
	return v
}
