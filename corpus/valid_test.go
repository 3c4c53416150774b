package corpus

import (
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
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

// TestSentencesShareText checks the sentences that repeat the premises or
// the conclusion: they are returned exactly (sharing the premises' bytes
// when they follow each other in them), and a sentence that would start or
// end inside a character of a premise is not taken from it, so that it is
// repaired as it should be.
func TestSentencesShareText(t *testing.T) {
	premises := `[{'text': 'First one here. Second, “quoted” one!  A no. Third one, after a dropped one.', 'stance': 'PRO'}, {'text': "Fourth one isn't escaped.` + "\t" + `Fifth one.", 'stance': 'CON'}]`
	sentences := []string{"First one here.", "Second, “quoted” one!", "Third one, after a dropped one.",
		"Fourth one isn't escaped.", "Fifth one.", "Not in the premises.", "Second, “quoted” one!", "The claim"}
	var lit []string
	for i, s := range sentences {
		q := "'" + s + "'"
		if strings.Contains(s, "'") {
			q = `"` + s + `"` // as Python's repr, with no backslash
		}
		lit = append(lit, "{'sent_id': 'a1__PREMISE__"+string(rune('1'+i))+"', 'sent_text': "+q+"}")
	}
	for _, escaped := range []bool{false, true} {
		// With a backslash in a column, its texts are decoded, not
		// substrings of the record.
		prem, sent := premises, "["+strings.Join(lit, ", ")+"]"
		if escaped {
			prem = strings.Replace(prem, "here.", `here\x2e`, 1)
			sent = strings.Replace(sent, "Fifth one.", `Fifth one\x2e`, 1)
		}
		row := csvRow("a1", "The claim", prem, "{}", sent)
		r := NewCSVReader(strings.NewReader(csvHead + row))
		a, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Sentences) != len(sentences) {
			t.Fatalf("escaped %v: got %d sentences, want %d", escaped, len(a.Sentences), len(sentences))
		}
		for i, s := range a.Sentences {
			if s.Text != sentences[i] {
				t.Errorf("escaped %v: sentence %d: got %q, want %q", escaped, i+1, s.Text, sentences[i])
			}
		}
		if a.Premises[0].Text != "First one here. Second, “quoted” one!  A no. Third one, after a dropped one." || a.Conclusion != "The claim" {
			t.Errorf("escaped %v: premise %q, conclusion %q", escaped, a.Premises[0].Text, a.Conclusion)
		}
		// The sentences that follow each other in the premises share
		// their bytes.
		within := func(s, in string) bool {
			p, q := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(in)))
			return p >= q && p+uintptr(len(s)) <= q+uintptr(len(in))
		}
		for i, p := range []int{0, 0, 0, 1, 1} {
			if !within(a.Sentences[i].Text, a.Premises[p].Text) {
				t.Errorf("escaped %v: sentence %d is not shared with premise %d", escaped, i+1, p+1)
			}
		}
		if !within(a.Sentences[7].Text, a.Conclusion) {
			t.Errorf("escaped %v: the conclusion's sentence is not shared with it", escaped)
		}
	}

	// "\xa9" and "Caf\xc3" are in the premise, with "é" cut in two: not
	// there to share, and repaired.
	for _, c := range []struct{ sent, want string }{{"\xa9", "\uFFFD"}, {"Caf\xc3", "Caf\uFFFD"}} {
		row := csvRow("a1", "c", "[{'text': 'Caf\xc3\xa9 ok.', 'stance': 'PRO'}]", "{}",
			"[{'sent_id': 'a1__PREMISE__1', 'sent_text': '"+c.sent+"'}, {'sent_id': 'a1__PREMISE__2', 'sent_text': 'ok.'}]")
		r := NewCSVReader(strings.NewReader(csvHead + row))
		a, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		if a.Sentences[0].Text != c.want || a.Sentences[1].Text != "ok." || a.Premises[0].Text != "Café ok." || r.Repaired != 1 {
			t.Errorf("sentence %q: got %q, %q, premise %q, %d repaired; want %q and 1 repaired", c.sent, a.Sentences[0].Text, a.Sentences[1].Text, a.Premises[0].Text, r.Repaired, c.want)
		}
	}
}
