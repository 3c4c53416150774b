package dup

import (
	"math/rand/v2"
	"slices"
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
	for _, s := range []string{"I accept.", "don’t", "ﬁ", "Straße", "e\u0301", "😀 x", "\xff\xfe", "ǅ", "ΐ", "“Café” — naïve… «ÆØÅ»", "é\u0301", "’\u0308"} {
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

// TestAddKeys checks that adding the keys of a Keyer, computed ahead, gives
// the entries and duplicates of adding the texts, more of them than
// AddKeys reads ahead at once (the table grows meanwhile).
func TestAddKeys(t *testing.T) {
	texts := []string{"Vote Pro!", "Vote Con!", "vote pro", "...", "!!", "...", "Ünïcode Ǆ", "ünïcode ǆ", "VOTE CON."}
	for i := range 3 * touchRun {
		texts = append(texts, strconv.Itoa(i%(touchRun+7))+" words")
	}
	for _, collide := range []bool{false, true} {
		want, got := New(Normalized), New(Normalized)
		if collide {
			got.hash = func([]byte) uint64 { return 0 }
		}
		k := got.Keyer()
		var keys []byte
		var ends []int
		var hashes []uint64
		wantDups := 0
		for _, text := range texts {
			var h uint64
			keys, h = k.AppendKey(keys, text)
			ends = append(ends, len(keys))
			hashes = append(hashes, h)
			if _, dup := want.AddEntry("", text); dup {
				wantDups++
			}
		}
		// In two calls, the second starting in a run of touchRun keys.
		half := touchRun + 9
		dups := got.AddKeys(keys[:ends[half-1]], ends[:half], hashes[:half])
		rest := slices.Clone(ends[half:])
		for i := range rest {
			rest[i] -= ends[half-1]
		}
		dups += got.AddKeys(keys[ends[half-1]:], rest, hashes[half:])
		if dups != wantDups || got.Len() != want.Len() {
			t.Errorf("collide %v: %d duplicates, Len %d; want %d, %d", collide, dups, got.Len(), wantDups, want.Len())
		}
		// The entries are those of adding the texts.
		for _, text := range texts {
			e, dup := got.AddEntry("", text)
			if we, _ := want.AddEntry("", text); e != we || !dup {
				t.Fatalf("collide %v: %q is entry %d (duplicate %v), want %d", collide, text, e, dup, we)
			}
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

// TestFoldCommon checks the characters that the fast path of Normalize
// knows besides ASCII against the general path, alone and between
// others: a character whose key differed, or that composed with its
// neighbours under NFKC, would fail.
func TestFoldCommon(t *testing.T) {
	var n normalizer
	var known []string
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune; r++ {
		if _, ok := foldCommon(r); ok {
			known = append(known, string(r))
		}
	}
	if len(known) < 64+9 {
		t.Fatalf("foldCommon knows %d characters, want at least the 64 of U+00C0–U+00FF and 9 more", len(known))
	}
	neighbours := []string{"", "a", "Z", "7", " ", ".", "é", "’", "É", "\u0301", "ß", "ﬁ", "\u00a0"}
	for _, k := range known {
		for _, before := range neighbours {
			for _, after := range neighbours {
				s := before + k + after
				fast, ok := appendNormalizedFast(nil, s)
				if strings.Contains(before+after, "\u0301") || strings.Contains(before+after, "ﬁ") {
					if ok {
						t.Errorf("fast path taken for %q, which has a character it does not know", s)
					}
					continue
				}
				if !ok {
					t.Errorf("fast path not taken for %q", s)
					continue
				}
				if slow := string(n.appendUnicode(nil, s)); string(fast) != slow {
					t.Errorf("Normalize(%q): fast path %q, general path %q", s, fast, slow)
				}
			}
		}
	}
}

// TestNormalizeFastPath checks that prose with typographic punctuation and
// accented letters takes the fast path and agrees with the general one,
// and that text with other characters does not take it.
func TestNormalizeFastPath(t *testing.T) {
	var n normalizer
	for _, c := range []struct {
		in, want string
		fast     bool
	}{
		{"Don’t — CAFÉ «Straße»… “ok” ‘x’ – ÿ×÷Ø\u00a0end", "don t café strasse ok x ÿ ø end", true},
		{"“”", "", true},
		{"Åland: ½ done", "åland 1 2 done", false}, // ½ is NFKC 1⁄2
		{"cafe\u0301 ’", "café", false},            // combining mark
		{"naïve\xff", "naïve", false},              // invalid UTF-8
		{"Ἀθῆναι — Athens", "ἀθῆναι athens", false},
	} {
		out, ok := appendNormalizedFast(nil, c.in)
		if ok != c.fast {
			t.Errorf("appendNormalizedFast(%q): ok %v, want %v", c.in, ok, c.fast)
		}
		if ok && string(out) != c.want {
			t.Errorf("appendNormalizedFast(%q): got %q, want %q", c.in, out, c.want)
		}
		if got := Normalize(c.in); got != c.want {
			t.Errorf("Normalize(%q): got %q, want %q", c.in, got, c.want)
		}
		if slow := string(n.appendUnicode(nil, c.in)); slow != c.want {
			t.Errorf("general path on %q: got %q, want %q", c.in, slow, c.want)
		}
	}
}

// TestFilterGrows adds enough texts to grow the hash table many times,
// each twice, and checks every entry against a map: a slot reinserted away
// from its home would lose its text.
func TestFilterGrows(t *testing.T) {
	f := New(Exact)
	want := map[string]int{}
	const n = 100_000
	for round := range 2 {
		for i := range n {
			text := strconv.Itoa(i * 7919 % n)
			if round == 1 {
				text = strconv.Itoa(i)
			}
			e, dup := f.AddEntry("id"+text, text)
			w, seen := want[text]
			if !seen {
				w = len(want)
				want[text] = w
			}
			if e != w || dup != seen {
				t.Fatalf("round %d: AddEntry(%q): got %d, %v, want %d, %v", round, text, e, dup, w, seen)
			}
		}
	}
	if f.Len() != n {
		t.Errorf("Len: got %d, want %d", f.Len(), n)
	}
	if got := f.ID(want["4242"]); got != "id4242" {
		t.Errorf("ID: got %q, want %q", got, "id4242")
	}
}

// TestNormalizeWords checks the fast path, which takes words of ASCII
// letters between single spaces eight bytes at a time, against the general
// path on random prose: words of mixed case, digits, runs of spaces and
// punctuation, typographic punctuation and accented letters, at every
// offset from the eight-byte steps.
func TestNormalizeWords(t *testing.T) {
	var n normalizer
	rng := rand.New(rand.NewPCG(47, 1))
	pieces := []string{"a", "b", "z", "A", "Z", "Q", "0", "9", "5", "ab", "Word", "abcdefgh", "ABCDEFGHIJ",
		" ", " ", " ", "  ", ",", ".", "-", "'", "\t", "\n", "@", "[", "`", "{", "/", ":", "\x7f", "\x00",
		"’", "—", "é", "É", "ß", "\u00a0"}
	fast := 0
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(40) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := sb.String()
		got, ok := appendNormalizedFast([]byte("prefix"), s)
		if !ok {
			t.Fatalf("fast path not taken for %q", s)
		}
		if want := "prefix" + string(n.appendUnicode(nil, s)); string(got) != want {
			t.Fatalf("Normalize(%q): fast path %q, general path %q", s, got[6:], want[6:])
		}
		if len(s) >= 8 {
			fast++
		}
	}
	if fast < 10000 {
		t.Errorf("only %d texts of 8 bytes or more", fast)
	}
}
