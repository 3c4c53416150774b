package comparative_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/comparative"
)

type jsonRaw = json.RawMessage

// writePassage writes p as one line of the corpus format.
func writePassage(t *testing.T, b *bytes.Buffer, p comparative.Passage) {
	t.Helper()
	m := map[string]json.RawMessage{}
	for k, v := range p.Other {
		m[k] = v
	}
	for k, v := range map[string]string{"id": p.ID, "contents": p.Contents, "chatNoirUrl": p.ChatNoirURL} {
		s, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		m[k] = s
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		b.Write(m[k])
	}
	b.WriteString("}\n")
}
