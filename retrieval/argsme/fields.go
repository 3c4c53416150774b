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

// MarshalJSON implements json.Marshaler.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(m.name)
		b.Write(name)
		b.WriteByte(':')
		v, err := marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal encodes v without escaping <, > and & (which the texts are full
// of), as the Encoder of the response does.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
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
