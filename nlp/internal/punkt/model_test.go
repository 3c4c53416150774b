package punkt

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/neurosnap/sentences"
	"github.com/neurosnap/sentences/data"
)

// TestEnglishMatchesLoadTraining compares the hand-parsed model with the
// one sentences.LoadTraining (encoding/json) reads from the same bytes.
func TestEnglishMatchesLoadTraining(t *testing.T) {
	b, err := data.Asset("data/english.json")
	if err != nil {
		t.Fatal(err)
	}
	st, err := sentences.LoadTraining(b)
	if err != nil {
		t.Fatal(err)
	}
	st.AbbrevTypes.Add("sgt")
	st.AbbrevTypes.Add("gov")
	st.AbbrevTypes.Add("no")
	m := model(t)
	members := func(s sentences.SetString) map[string]bool {
		out := map[string]bool{}
		for k := range s {
			if s.Has(k) {
				out[k] = true
			}
		}
		return out
	}
	ortho := map[string]int{}
	for k, v := range st.OrthoContext {
		if v != 0 {
			ortho[k] = v
		}
	}
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"AbbrevTypes", m.abbrevs, members(st.AbbrevTypes)},
		{"Collocations", m.collocations, members(st.Collocations)},
		{"SentStarters", m.starters, members(st.SentStarters)},
		{"OrthoContext", m.ortho, ortho},
	} {
		if diff := cmp.Diff(c.want, c.got); diff != "" {
			t.Errorf("%s: got/want diff (-want +got):\n%s", c.name, diff)
		}
	}
	if len(m.ortho) < 20000 || len(m.abbrevs) < 150 {
		t.Errorf("got %d orthographic contexts and %d abbreviations, want over 20000 and 150", len(m.ortho), len(m.abbrevs))
	}
}

func TestParseModel(t *testing.T) {
	good := `{"AbbrevTypes": {"dr": 1, "x": 0}, "Collocations": {}, "SentStarters": {"the": 1},
		"OrthoContext": {"a\u00e9\"b": 36, "c": 0}}`
	m, err := parseModel([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if !m.abbrevs["dr"] || m.abbrevs["x"] || !m.starters["the"] || m.ortho["a\u00e9\"b"] != 36 || len(m.ortho) != 1 {
		t.Errorf("got %+v", m)
	}
	// Keys as encoding/json reads them: invalid UTF-8 becomes U+FFFD.
	m, err = parseModel([]byte("{\"AbbrevTypes\": {}, \"Collocations\": {}, \"SentStarters\": {}, \"OrthoContext\": {\"a\xb1\": 4}}"))
	if err != nil || m.ortho["a\ufffd"] != 4 {
		t.Errorf("invalid UTF-8 in a key: got %v, %v; want the key a\ufffd", m, err)
	}
	for _, bad := range []string{
		"{\"AbbrevTypes\": {}, \"Collocations\": {}, \"SentStarters\": {}, \"OrthoContext\": {\"\x10x\": 1}}", // control character
		``, `[]`, `{`, `{"AbbrevTypes": {}}`, `{"Other": {}}`, `{"AbbrevTypes": {"a": x}}`,
		`{"AbbrevTypes": {"a" 1}}`, `{"AbbrevTypes": {"a: 1}}`, `{"AbbrevTypes": {"\q": 1}}`,
		`{"AbbrevTypes": {}, "Collocations": {}, "SentStarters": {}, "OrthoContext": {"a": 2}} x`,
		`{"AbbrevTypes": {}, "Collocations": {}, "SentStarters": {}, "OrthoContext": {}}`,
	} {
		if _, err := parseModel([]byte(bad)); err == nil {
			t.Errorf("parseModel(%q): got no error, want one", bad)
		}
	}
}

// FuzzParseModel checks that parseModel never panics and, when it accepts
// input, agrees with encoding/json on the members of each table.
func FuzzParseModel(f *testing.F) {
	f.Add([]byte(`{"AbbrevTypes": {"dr": 1}, "Collocations": {"b,smith": 1}, "SentStarters": {"the": 1}, "OrthoContext": {"a\"b": 36}}`))
	f.Add([]byte(`{"AbbrevTypes": {}, "Collocations": {}, "SentStarters": {}, "OrthoContext": {"x": -3, "y": 0}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := parseModel(b)
		if err != nil {
			return
		}
		st, err := sentences.LoadTraining(b)
		if err != nil {
			t.Fatalf("parseModel accepted %q, encoding/json did not: %v", b, err)
		}
		for k, v := range st.OrthoContext {
			if v != 0 && m.ortho[k] != v {
				t.Errorf("OrthoContext[%q]: got %d, want %d", k, m.ortho[k], v)
			}
		}
		for k := range m.abbrevs {
			if !st.AbbrevTypes.Has(k) {
				t.Errorf("AbbrevTypes: got %q, not in encoding/json's", k)
			}
		}
		if len(m.abbrevs) != len(members(st.AbbrevTypes)) {
			t.Errorf("AbbrevTypes: got %d members, want %d", len(m.abbrevs), len(members(st.AbbrevTypes)))
		}
	})
}

func members(s sentences.SetString) []string {
	var out []string
	for k := range s {
		if s.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

func BenchmarkEnglish(b *testing.B) {
	for b.Loop() {
		if _, err := English(); err != nil {
			b.Fatal(err)
		}
	}
}
