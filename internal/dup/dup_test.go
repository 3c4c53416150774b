package dup

import (
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestNormalize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"I accept this debate.", "i accept this debate"},
		{"  i   ACCEPT this\tdebate!!! ", "i accept this debate"},
		{"don't", "don t"},
		{"don’t", "don t"},
		{"Thank you.\n", "thank you"},
		{"\"Quoted\" -- and (parenthesised)", "quoted and parenthesised"},
		{"C:\\Users\\debate", "c users debate"},
		{"50% of $1,000", "50 of 1 000"},
		{"ﬁnance", "finance"},                  // NFKC ligature
		{"Ｆｕｌｌｗｉｄｔｈ", "fullwidth"},             // NFKC width
		{"Straße STRASSE", "strasse strasse"},  // full case folding
		{"café", "café"},                       // composed é kept
		{"cafe\u0301", "café"},                 // decomposed é composed
		{"ΣΊΣΥΦΟΣ σίσυφος", "σίσυφοσ σίσυφοσ"}, // final sigma folds to σ
		{"Hello 😀 world 👍", "hello world"},
		{"zero\u200bwidth\u00a0nbsp", "zero width nbsp"},
		{"control\x01\x7f\u0085chars", "control chars"},
		{"...", ""},
		{"😀", ""},
		{"e\u0301", "é"},
		{"日本語のテキスト。", "日本語のテキスト"},
	} {
		if got := Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q): got %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"I accept.", "don’t", "ﬁ", "Straße", "e\u0301", "😀 x", "\xff\xfe", "ǅ", "ΐ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var n normalizer
		got := string(n.append(nil, s))
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Normalize(%q) = %q is not valid UTF-8", s, got)
		}
		if strings.HasPrefix(got, " ") || strings.HasSuffix(got, " ") || strings.Contains(got, "  ") {
			t.Fatalf("Normalize(%q) = %q has stray spaces", s, got)
		}
		// The ASCII fast path agrees with the general one.
		if slow := string(n.appendUnicode(nil, s)); slow != got {
			t.Fatalf("Normalize(%q): fast path %q, general path %q", s, got, slow)
		}
		if again := string(n.append(nil, got)); utf8.ValidString(s) && again != got {
			t.Fatalf("Normalize is not idempotent on %q: %q then %q", s, got, again)
		}
	})
}

func TestFilter(t *testing.T) {
	f := New(Normalized)
	f.hash = func([]byte) uint64 { return 0 } // every text collides
	for _, c := range []struct {
		id, text, rep string
	}{
		{"1", "Vote Pro!", ""},
		{"2", "Vote Con!", ""},
		{"3", "vote pro", "1"},
		{"4", "VOTE CON.", "2"},
		{"5", "...", ""},
		{"6", "!!", ""},
		{"7", "...", "5"},
		{"8", "Something else", ""},
	} {
		rep, dup := f.Add(c.id, c.text)
		if rep != c.rep || dup != (c.rep != "") {
			t.Errorf("Add(%q, %q): got %q, %v, want %q", c.id, c.text, rep, dup, c.rep)
		}
	}
	if f.Len() != 5 {
		t.Errorf("Len: got %d, want 5", f.Len())
	}
}

func TestAddEntry(t *testing.T) {
	f := New(Exact)
	for i, c := range []struct {
		id, text string
		entry    int
		dup      bool
	}{
		{"1", "a", 0, false},
		{"2", "b", 1, false},
		{"3", "a", 0, true},
		{"4", "c", 2, false},
		{"5", "b", 1, true},
	} {
		e, dup := f.AddEntry(c.id, c.text)
		if e != c.entry || dup != c.dup {
			t.Errorf("%d: AddEntry(%q, %q): got %d, %v, want %d, %v", i, c.id, c.text, e, dup, c.entry, c.dup)
		}
	}
	for e, want := range []string{"1", "2", "4"} {
		if got := f.ID(e); got != want {
			t.Errorf("ID(%d): got %q, want %q", e, got, want)
		}
	}
}

// TestAddKey checks that adding the keys of a Keyer, computed ahead, gives
// the entries and duplicates of adding the texts.
func TestAddKey(t *testing.T) {
	texts := []string{"Vote Pro!", "Vote Con!", "vote pro", "...", "!!", "...", "Ünïcode Ǆ", "ünïcode ǆ", "VOTE CON."}
	for _, collide := range []bool{false, true} {
		want, got := New(Normalized), New(Normalized)
		if collide {
			got.hash = func([]byte) uint64 { return 0 }
		}
		k := got.Keyer()
		var keys []byte
		var ends []int
		var hashes []uint64
		for _, text := range texts {
			var h uint64
			keys, h = k.AppendKey(keys, text)
			ends = append(ends, len(keys))
			hashes = append(hashes, h)
		}
		start := 0
		for i, text := range texts {
			id := strconv.Itoa(i)
			we, wdup := want.AddEntry(id, text)
			e, dup := got.AddKey(id, keys[start:ends[i]], hashes[i])
			if e != we || dup != wdup {
				t.Errorf("collide %v: AddKey(%q, key of %q): got %d, %v, want %d, %v", collide, id, text, e, dup, we, wdup)
			}
			start = ends[i]
		}
		if got.Len() != want.Len() {
			t.Errorf("collide %v: Len: got %d, want %d", collide, got.Len(), want.Len())
		}
	}
}

func TestASCIIKeys(t *testing.T) {
	if len(asciiKeys) != utf8.RuneSelf {
		t.Fatalf("len(asciiKeys): got %d, want %d", len(asciiKeys), utf8.RuneSelf)
	}
	for c := range byte(utf8.RuneSelf) {
		want := byte(0)
		if unicode.IsLetter(rune(c)) || unicode.IsNumber(rune(c)) {
			want = byte(unicode.ToLower(rune(c)))
		}
		if got := asciiKeys[c]; got != want {
			t.Errorf("asciiKeys[%q]: got %q, want %q", c, got, want)
		}
	}
}
