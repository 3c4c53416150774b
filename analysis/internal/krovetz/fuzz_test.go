package krovetz

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// stemmable reports whether Stem may change w.
func stemmable(w string) bool {
	return len(w) >= 3 && len(w) < MaxWordLen && lowerASCII(w)
}

// isIrregularBase reports whether w is a base form of the built-in list.
func isIrregularBase(w string) bool {
	for _, k := range irregularKeys {
		if b, _ := irregularForm(k); b == w {
			return true
		}
	}
	return false
}

func FuzzStem(f *testing.F) {
	for _, w := range []string{"policies", "stemming", "crosses", "activity", "organization",
		"yyyyying", "ssss", "ies", "eed", "ed", "ing", "ying", "naïve", "ABLE", "men", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"} {
		f.Add(w)
	}
	lex := NewWords(headwords...)
	dict, vocab := New(lex), NewVocabulary(lex)
	f.Fuzz(func(t *testing.T, w string) {
		for name, s := range map[string]*Stemmer{"dictionary": dict, "vocabulary": vocab} {
			got := s.Stem(w)
			if !stemmable(w) {
				if got != w {
					t.Fatalf("%s: Stem(%q) = %q, want unstemmable input unchanged", name, w, got)
				}
				continue
			}
			if got == "" || !lowerASCII(got) || !utf8.ValidString(got) {
				t.Fatalf("%s: Stem(%q) = %q, want a non-empty a–z word", name, w, got)
			}
			if len(got) > len(w)+1 {
				t.Fatalf("%s: Stem(%q) = %q, longer than the input + 1", name, w, got)
			}
			// A stem the lexicon holds is a fixed point in the dictionary
			// variant (the headword check) and in the vocabulary variant.
			if lex.Has(got) || isIrregularBase(got) {
				if again := s.Stem(got); again != got {
					t.Fatalf("%s: Stem(%q) = %q, but Stem(%q) = %q: want idempotent on known stems", name, w, got, got, again)
				}
			}
			if name == "vocabulary" && got != w && !lex.Has(got) && !isIrregularBase(got) {
				t.Fatalf("vocabulary: Stem(%q) = %q, neither the input nor a vocabulary word", w, got)
			}
		}
		// Input containing upper case is never altered by either variant.
		if u := strings.ToUpper(w); u != w && dict.Stem(u) != u {
			t.Fatalf("Stem(%q) changed an upper-case word", u)
		}
	})
}

// FuzzLucene checks that Lucene's stemmer never panics, returns words it
// cannot stem (not 3 to 49 letters a–z) unchanged unless they are
// dictionary words, and gives a non-empty word of letters a–z otherwise.
func FuzzLucene(f *testing.F) {
	for _, w := range []string{"policies", "stemming", "behavior", "aided", "americans", "militarily", "ability",
		"ies", "ied", "ying", "ssss", "eer", "ize", "ical", "ative", "ally", "ably", "\xff", "ABLE", strings.Repeat("a", 60)} {
		f.Add(w)
	}
	s, err := Lucene()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, w string) {
		got := s.Stem(w)
		if _, inDict := s.lucene[w]; !stemmable(w) && !inDict {
			if got != w {
				t.Fatalf("Stem(%q) = %q, want unstemmable input unchanged", w, got)
			}
			return
		}
		if got == "" || !lowerASCII(got) {
			t.Fatalf("Stem(%q) = %q, want letters a–z", w, got)
		}
	})
}
