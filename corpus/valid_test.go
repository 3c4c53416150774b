package corpus

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestRepairSplitCharacter checks the repair of texts that are invalid
// UTF-8 although the argument's texts, one after the other, are valid: a
// conclusion that ends with the first byte of "é" and premises, context
// and sentences that start with its second. Each is a text to repair.
func TestRepairSplitCharacter(t *testing.T) {
	row := csvRow("a1", "Caf\xc3", "[{'text': '\xa9 fine. Really.', 'stance': 'PRO'}]",
		"{'sourceId': '\xa9s1', 'sourceUrl': None}",
		"[{'sent_id': 'a1__PREMISE__1', 'sent_text': '\xa9 fine.\xc3'}, {'sent_id': 'a1__CONC__1', 'sent_text': '\xa9Caf\xc3\xa9'}]")
	r := NewCSVReader(strings.NewReader(csvHead + row))
	a, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	got := []string{a.Conclusion, a.Premises[0].Text, a.Context.SourceID, a.Sentences[0].Text, a.Sentences[1].Text}
	want := []string{"Caf\uFFFD", "\uFFFD fine. Really.", "\uFFFDs1", "\uFFFD fine.\uFFFD", "\uFFFDCafé"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("text %d: got %q, want %q", i, got[i], want[i])
		}
	}
	if r.Repaired != 5 {
		t.Errorf("Repaired: got %d, want 5", r.Repaired)
	}
	// Texts whose bytes, one after the other, are valid UTF-8 ("é" and
	// "’" split between texts): each text is still invalid.
	row2 := csvRow("a1", "Caf\xc3", "[{'text': '\xa9 fine\xe2\x80', 'stance': 'PRO'}, {'text': '\x99s ok', 'stance': 'CON'}]",
		"{'sourceId': 's1'}", "[{'sent_id': 'a1__PREMISE__1', 'sent_text': 'Fine.'}]")
	r = NewCSVReader(strings.NewReader(csvHead + row2))
	if a, err = r.Read(); err != nil {
		t.Fatal(err)
	}
	if a.Conclusion != "Caf\uFFFD" || a.Premises[0].Text != "\uFFFD fine\uFFFD" || a.Premises[1].Text != "\uFFFDs ok" || r.Repaired != 3 {
		t.Errorf("split between texts: got %q, %q, %q, %d repaired; want U+FFFD for each part and 3 repaired", a.Conclusion, a.Premises[0].Text, a.Premises[1].Text, r.Repaired)
	}
	// The same texts, valid: nothing to repair.
	r = NewCSVReader(strings.NewReader(csvHead + strings.NewReplacer("\xc3", "", "\xa9", "é").Replace(row)))
	if a, err = r.Read(); err != nil || r.Repaired != 0 || a.Conclusion != "Caf" || a.Sentences[1].Text != "éCafé" {
		t.Errorf("valid: got %q, %q, %v, %d repaired; want no repair", a.Conclusion, a.Sentences[1].Text, err, r.Repaired)
	}
}

func TestValidUTF8(t *testing.T) {
	long := strings.Repeat("ascii text ", 5)
	for _, s := range []string{"", "a", long, long + "é" + long, long + "\xff" + long, "é" + long + "\xc3",
		long + "\xed\xa0\x80", long + "\xf4\x90\x80\x80", "\xc0\xaf" + long, long[:15] + "’" + long[:17] + "\xe2\x80"} {
		if got, want := validUTF8(s), utf8.ValidString(s); got != want {
			t.Errorf("validUTF8(%q): got %v, want %v", s, got, want)
		}
	}
}

func FuzzValidUTF8(f *testing.F) {
	f.Add("plain ASCII prose, long enough for a word or two")
	f.Add("don’t stop here: more than sixteen bytes “after” it \xff")
	f.Add("\xed\xa0\x80 surrogate, \xf4\x90\x80\x80 too large, \xc0\xaf overlong")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validUTF8(s), utf8.ValidString(s); got != want {
			t.Fatalf("validUTF8(%q): got %v, want %v", s, got, want)
		}
	})
}
