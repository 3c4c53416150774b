package krovetz

import (
	"strings"
	"testing"
)

// headwords is a small hand-built dictionary: the base forms the rule
// examples need, and nothing else.
var headwords = []string{
	"policy", "pony", "calorie", "tie", "horse", "fox", "cross", "crosse", "cat",
	"apply", "agree", "hope", "jump", "stop", "use", "code", "stem",
	"acid", "scarce", "dark", "happy", "business", "beauty",
	"organize", "define", "isolate", "declare", "inform", "complete", "suggest",
	"work", "act", "run", "create", "supply", "quick", "final", "basic", "probable",
	"addition", "historic", "biology", "arrive", "predict", "modern", "critic",
	"develop", "read", "forget", "real", "economy", "alcohol", "efficient",
	"dependence", "perform", "exist", "assure", "important",
}

type stemCase struct{ in, want string }

func runCases(t *testing.T, s *Stemmer, cases []stemCase) {
	t.Helper()
	for _, c := range cases {
		if got := s.Stem(c.in); got != c.want {
			t.Errorf("Stem(%q): got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDictionaryRules(t *testing.T) {
	s := New(NewWords(headwords...))
	rules := map[string][]stemCase{
		"plural": {
			{"policies", "policy"}, {"ponies", "pony"}, // -ies → -y
			{"calories", "calorie"}, {"ties", "tie"}, // -ies → -ie when that is a word
			{"horses", "horse"}, {"foxes", "fox"}, // -es: drop s, else es
			{"crosses", "cross"}, // never crosse, even though it is a word
			{"cats", "cat"},
			{"famous", "famous"}, {"glass", "glass"}, // -ous, -ss are not plurals
			{"zorbs", "zorb"}, {"boxes", "boxe"}, // defaults when nothing is known
		},
		"past tense": {
			{"applied", "apply"}, {"tied", "tie"}, {"agreed", "agree"},
			{"feed", "feed"}, {"bred", "bred"}, // no vowel before the suffix
			{"hoped", "hope"}, {"jumped", "jump"}, {"stopped", "stop"},
			{"backfilled", "backfill"},  // unknown: stays doubled
			{"unrelated", "unrelated"},  // unknown un- word: left alone
			{"microcoded", "microcode"}, // unknown: ends in e
		},
		"-ing": {
			{"using", "use"}, {"coding", "code"}, {"jumping", "jump"}, {"stemming", "stem"},
			{"fingerspelling", "fingerspell"}, {"microcoding", "microcode"}, {"footstamping", "footstamp"},
			{"thing", "thing"}, {"bring", "bring"},
		},
		"-ity": {
			{"acidity", "acid"}, {"scarcity", "scarce"}, {"ability", "able"}, {"possibility", "possible"},
			{"passivity", "passive"}, {"formality", "formal"}, {"university", "university"},
			// A default form feeds the later rules: activity → active (not
			// known) → act (known) by the -ive rule.
			{"activity", "act"},
		},
		"-ness": {{"darkness", "dark"}, {"happiness", "happy"}, {"business", "business"}},
		"-ful":  {{"hopeful", "hope"}, {"beautiful", "beauty"}},
		"-ion": {
			{"organization", "organize"}, {"application", "apply"}, {"definition", "define"},
			{"isolation", "isolate"}, {"declaration", "declare"}, {"information", "inform"},
			{"completion", "complete"}, {"suggestion", "suggest"},
			{"decision", "decision"}, // only when the stem is a word
		},
		"-er/-or": {
			{"happier", "happy"}, {"supplier", "supply"}, {"user", "use"}, {"organizer", "organize"},
			{"worker", "work"}, {"actor", "act"}, {"runner", "run"}, {"creator", "create"},
			{"number", "number"},
		},
		"-ly": {
			{"happily", "happy"}, {"probably", "probable"}, {"quickly", "quick"},
			{"finally", "final"}, {"basically", "basic"}, {"family", "family"}, {"only", "only"},
		},
		"-al":   {{"additional", "addition"}, {"historical", "historic"}, {"biological", "biology"}, {"arrival", "arrive"}},
		"-ive":  {{"creative", "create"}, {"predictive", "predict"}, {"informative", "inform"}},
		"-ize":  {{"modernize", "modern"}, {"criticize", "critic"}},
		"-ment": {{"development", "develop"}, {"developments", "develop"}},
		"-ble":  {{"readable", "read"}, {"usable", "use"}, {"forgettable", "forget"}},
		"-ism":  {{"realism", "real"}},
		"-ic":   {{"economic", "economy"}, {"alcoholic", "alcohol"}},
		"-ncy":  {{"efficiency", "efficient"}, {"dependency", "dependence"}},
		"-nce":  {{"performance", "perform"}, {"existence", "exist"}, {"assurance", "assure"}, {"importance", "important"}},
		"built-in": {
			{"men", "man"}, {"knives", "knife"}, {"dying", "die"}, {"said", "say"}, {"goes", "go"},
			{"news", "news"}, {"series", "series"}, {"being", "being"},
		},
		"not stemmed": {
			{"Cats", "Cats"}, {"naïves", "naïves"}, {"x1s", "x1s"}, {"is", "is"}, {"", ""},
			{strings.Repeat("a", 49) + "s", strings.Repeat("a", 49) + "s"},
		},
	}
	for name, cases := range rules {
		t.Run(name, func(t *testing.T) { runCases(t, s, cases) })
	}
}

func TestDictionaryHeadwordIsItsOwnStem(t *testing.T) {
	s := New(NewWords(headwords...))
	for _, w := range headwords {
		if got := s.Stem(w); got != w {
			t.Errorf("Stem(%q): got %q, want it unchanged", w, got)
		}
	}
}

func TestEmptyDictionaryDefaults(t *testing.T) {
	runCases(t, New(nil), []stemCase{
		{"policies", "policy"}, {"stemming", "stemm"}, {"foxes", "foxe"}, {"cats", "cat"},
		{"hoped", "hope"}, {"darkness", "dark"}, {"ability", "able"},
		{"decision", "decision"}, {"worker", "worker"},
	})
}

func TestLongWordLimit(t *testing.T) {
	s := New(nil)
	w := strings.Repeat("b", MaxWordLen-2) + "s" // MaxWordLen-1 letters: stemmed
	if got, want := s.Stem(w), w[:len(w)-1]; got != want {
		t.Errorf("Stem(%d letters): got %q, want %q", len(w), got, want)
	}
	w += "s"
	if got := s.Stem(w); got != w {
		t.Errorf("Stem(%d letters): got %q, want it unchanged", len(w), got)
	}
}

func TestVocabulary(t *testing.T) {
	vocab := NewWords("policy", "policies", "cat", "cats", "jump", "jumped", "jumping",
		"stem", "stemming", "us", "use", "using", "new", "news", "numb", "number",
		"happy", "happiness", "tie", "ties", "need", "needed", "fee", "feed")
	runCases(t, NewVocabulary(vocab), []stemCase{
		{"policies", "policy"}, {"cats", "cat"}, {"jumped", "jump"}, {"jumping", "jump"},
		{"stemming", "stem"}, {"using", "use"}, {"ties", "tie"}, {"needed", "need"},
		{"feed", "feed"},                                 // no vowel before -eed
		{"news", "news"},                                 // invariant
		{"number", "number"}, {"happiness", "happiness"}, // derivational rules do not run
		{"zorbs", "zorbs"}, {"foxes", "foxes"}, {"hoped", "hoped"}, // no unvalidated defaults
		{"men", "man"}, // built-in forms still apply
	})
}

// irregularKeys lists the forms irregularForm maps, as a specification.
var irregularKeys = []string{
	"men", "women", "children", "feet", "teeth", "geese", "mice", "oxen",
	"knives", "wives", "lives", "halves", "wolves", "shelves", "selves", "thieves", "loaves",
	"dying", "lying", "tying", "does", "doing", "goes", "going", "said", "paid", "laid",
}

// TestIrregularBasesAreFixedPoints checks that every built-in base form stems
// to itself, in both variants and with or without a lexicon, so stemming a
// stem changes nothing.
func TestIrregularBasesAreFixedPoints(t *testing.T) {
	stemmers := map[string]*Stemmer{
		"dictionary": New(NewWords(headwords...)), "empty": New(nil), "vocabulary": NewVocabulary(NewWords(headwords...)),
	}
	for _, k := range irregularKeys {
		base, ok := irregularForm(k)
		if !ok {
			t.Errorf("irregularForm(%q): not found", k)
			continue
		}
		for name, s := range stemmers {
			if got := s.Stem(base); got != base {
				t.Errorf("%s: Stem(%q) (base of %q): got %q, want it unchanged", name, base, k, got)
			}
		}
	}
}
