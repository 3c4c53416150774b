package build

import (
	"strings"
	"testing"

	"github.com/argsearch/argsearch/analysis"
)

// TestAnalyzerEach checks analyzer.each on two analyzers that share a
// dictionary: equal terms get equal ids, within a text (repeated terms)
// and across the analyzers, distinct terms distinct ones, and the ids are
// the dictionary's terms; after the dictionary is reset, a text whose
// terms are looked up with the old generation reports it (false), and the
// texts analysed with the new one get ids of the new generation.
func TestAnalyzerEach(t *testing.T) {
	a, err := analysis.Preset("lucene")
	if err != nil {
		t.Fatal(err)
	}
	proto, err := analysis.NewAnalyzer(a)
	if err != nil {
		t.Fatal(err)
	}
	d := newDictionary()
	zs := []*analyzer{newAnalyzer(proto, d), newAnalyzer(proto, d)}
	texts := []string{
		"Abolish the death penalty: the death penalty deters no one.",
		"Penalties deter; abolition is a penalty of its own, deterring deaths.",
		strings.Repeat("death ", 40) + "zebra quagga okapi",
	}
	check := func(z *analyzer, text string, gen uint32, wantOK bool) {
		t.Helper()
		var got []uint32
		ok := z.each(text, gen, func(e *termEntry) {
			if e.gen != d.gen+1 {
				t.Fatalf("%q: an entry of generation %d, want %d", text, e.gen-1, d.gen)
			}
			got = append(got, e.gid)
		})
		if ok != wantOK {
			t.Fatalf("%q, generation %d of %d: each = %v, want %v", text, gen, d.gen, ok, wantOK)
		}
		terms := proto.Clone().AppendTerms(nil, text)
		if len(got) != len(terms) {
			t.Fatalf("%q: %d entries for %d terms", text, len(got), len(terms))
		}
		known := d.known()
		for i, g := range got {
			if int(g) >= len(known) || known[g] != terms[i] {
				t.Fatalf("%q: term %d (%q) has id %d, which is not its id in the dictionary", text, i, terms[i], g)
			}
		}
	}
	for round := range 2 {
		for i, text := range texts {
			check(zs[i%2], text, d.generation(), true)
			check(zs[(i+1)%2], text, d.generation(), true)
		}
		if round == 0 {
			old := d.generation()
			d.reset()
			// A new analyzer asks the dictionary for every term.
			check(newAnalyzer(proto, d), texts[0], old, false)
		}
	}
	if d.size() != len(d.known()) || d.size() == 0 {
		t.Fatalf("dictionary of %d terms, %d known", d.size(), len(d.known()))
	}
}
