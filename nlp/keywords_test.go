package nlp

import (
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// rakeAbstract is the worked example of Rose et al. (2010), Figure 1.1.
const rakeAbstract = "Compatibility of systems of linear constraints over the set of natural numbers. Criteria of " +
	"compatibility of a system of linear Diophantine equations, strict inequations, and nonstrict inequations are " +
	"considered. Upper bounds for components of a minimal set of solutions and algorithms of construction of minimal " +
	"generating sets of solutions for all types of systems are given. These criteria and the corresponding algorithms " +
	"for constructing a minimal supporting set of solutions can be used in solving all the considered types systems " +
	"and systems of mixed types."

// rakeStop is the stop list that gives the paper's candidates (Figure
// 1.2), whose list was generated from keyword adjacency: it holds
// "construction", "types", "mixed", "considered", "given" and "used".
var rakeStop = strings.Fields("of over the a and are for all these can be in used types considered given mixed construction")

// TestKeywordsPaper checks the paper's worked example (Table 1.1 and
// 1.2). By hand: "minimal" is in "minimal set" (2 words), "minimal
// generating sets" (3) and "minimal supporting set" (3): degree 8,
// frequency 3, 2.67; "generating" and "sets" 3/1 each: "minimal generating
// sets" 8.67. "linear" is in "linear constraints" (2) and "linear
// diophantine equations" (3): 5/2 = 2.5, so 2.5 + 3 + 3 = 8.5. "set" is
// alone once, in "minimal set" and in "minimal supporting set": 6/3 = 2;
// "supporting" 3: 7.67. "inequations" 4/2 = 2, "strict" 2: 4. "algorithms"
// alone and in "corresponding algorithms": 3/2 = 1.5; "corresponding" 2:
// 3.5. "systems" occurs alone four times: 1.
func TestKeywordsPaper(t *testing.T) {
	got := rake(rakeAbstract, func(w string) bool { return slices.Contains(rakeStop, w) })
	want := []keyword{
		{"minimal generating sets", 8 + 2.0/3},
		{"linear diophantine equations", 8.5},
		{"minimal supporting set", 7 + 2.0/3},
		{"minimal set", 4 + 2.0/3},
		{"linear constraints", 4.5},
		{"natural numbers", 4},
		{"strict inequations", 4},
		{"nonstrict inequations", 4},
		{"upper bounds", 4},
		{"corresponding algorithms", 3.5},
		{"set", 2},
		{"algorithms", 1.5},
		{"compatibility", 1},
		{"systems", 1},
		{"criteria", 1},
		{"system", 1},
		{"components", 1},
		{"solutions", 1},
		{"constructing", 1},
		{"solving", 1},
	}
	if len(got) != len(want) {
		t.Fatalf("%d keywords, want %d:\n%v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].Phrase != want[i].Phrase || math.Abs(got[i].Score-want[i].Score) > 1e-9 {
			t.Errorf("keyword %d: %q %.3f, want %q %.3f", i+1, got[i].Phrase, got[i].Score, want[i].Phrase, want[i].Score)
		}
	}
}

// TestKeywordsDelimiters checks what splits candidates: punctuation, stop
// words and numbers, not inner hyphens or apostrophes.
func TestKeywordsDelimiters(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Should teachers get tenure?", []string{"teachers get tenure"}},
		{"Is human activity primarily responsible for global climate change?", []string{"human activity primarily responsible", "global climate change"}},
		{"e-mail spam; the child's toy", []string{"e-mail spam", "child's toy"}},
		{"ban 2000 cars", []string{"ban", "cars"}},
		{"", nil},
		{"the of and", nil},
	} {
		got := Keywords(c.text, nil)
		if !slices.Equal(got, c.want) {
			t.Errorf("Keywords(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// FuzzKeywords checks that any text gives non-empty UTF-8 phrases with
// positive scores, best first, each once.
func FuzzKeywords(f *testing.F) {
	for _, s := range []string{rakeAbstract, "Should teachers get tenure?", "a-b-c 'x' -y- z’s", "\xff\xfe abc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		ks := rake(text, nil)
		seen := map[string]bool{}
		for i, k := range ks {
			if k.Phrase == "" || k.Score <= 0 || seen[k.Phrase] {
				t.Fatalf("keyword %d of %q: %+v", i, text, k)
			}
			if utf8.ValidString(text) && !utf8.ValidString(k.Phrase) {
				t.Fatalf("invalid UTF-8 phrase %q from valid text", k.Phrase)
			}
			if i > 0 && k.Score > ks[i-1].Score {
				t.Fatalf("not best first: %v", ks)
			}
			seen[k.Phrase] = true
		}
	})
}
