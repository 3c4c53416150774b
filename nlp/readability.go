package nlp

import (
	"strings"
	"unicode"
)

// Readability gives the Flesch–Kincaid grade level of text and its Flesch
// reading ease. General Grevious, a Touché 2022 team, re-ranked by the
// grade level in some runs.
//
// The grade is 0.39 words per sentence plus 11.8 syllables per word minus
// 15.59: the US school grade a reader needs. The ease is 206.835 minus
// 1.015 words per sentence minus 84.6 syllables per word: higher is
// easier, 60 to 70 plain English. Both are 0 for a text without words.
//
// A word is one of Words that holds a letter, its syllables are estimated
// by its spelling (one for each group of vowels, less a silent final "e",
// "es" or "ed"), and a sentence ends at '.', '!' or '?' followed by white
// space, a closing quote or bracket, or the end of the text ("3.50" does
// not end one; "Mr." does). A text with words and no such end is one
// sentence.
func Readability(text string) (grade, ease float64) {
	r := readabilityOf(text)
	return r.Grade, r.Ease
}

// readability holds the counts the Flesch–Kincaid formulas take (of
// sentences, words and syllables) and the two measures (Readability).
type readability struct {
	Sentences, Words, Syllables int
	Grade, Ease                 float64
}

// readabilityOf counts the sentences, words and syllables of text and
// computes its grade level and reading ease (Readability).
func readabilityOf(text string) readability {
	var r readability
	pending := false // words since the last sentence end
	for _, part := range sentenceParts(text) {
		words := 0
		for _, w := range Words(nil, part) {
			if strings.ContainsFunc(w, unicode.IsLetter) {
				words++
				r.Syllables += syllables(w)
			}
		}
		if words > 0 {
			r.Words += words
			r.Sentences++
			pending = true
		}
	}
	if !pending {
		return readability{}
	}
	words, sentences := float64(r.Words), float64(r.Sentences)
	r.Grade = 0.39*words/sentences + 11.8*float64(r.Syllables)/words - 15.59
	r.Ease = 206.835 - 1.015*words/sentences - 84.6*float64(r.Syllables)/words
	return r
}

// sentenceParts splits text after each sentence end Readability counts.
func sentenceParts(text string) []string {
	var parts []string
	rs := []rune(text)
	start := 0
	for i, c := range rs {
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		if i+1 == len(rs) || unicode.IsSpace(rs[i+1]) || strings.ContainsRune("\"'’”)]}", rs[i+1]) {
			parts = append(parts, string(rs[start:i+1]))
			start = i + 1
		}
	}
	return append(parts, string(rs[start:]))
}

// syllables estimates the syllables of an English word by its spelling: one
// for each group of vowels (a, e, i, o, u and y), less a silent final "e"
// ("make") or "es"/"ed" after a consonant that does not voice it ("makes",
// "jumped"; not "boxes", "wanted", "little"); at least one for a word with
// a letter, 0 for one without. Like every such rule it misses some words
// ("being", "create" and other vowel pairs spoken apart); TestSyllables
// lists the ones it gets wrong.
func syllables(word string) int {
	w := []rune(strings.ToLower(word))
	letters := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if letters == 0 {
		return 0
	}
	n, inVowels := 0, false
	for _, r := range w {
		v := isVowel(r)
		if v && !inVowels {
			n++
		}
		inVowels = v
	}
	end := string(w)
	switch {
	case strings.HasSuffix(end, "le") && len(w) > 2 && !isVowel(w[len(w)-3]):
		// "little", "table": the e is its own syllable's vowel.
	case strings.HasSuffix(end, "e") && !strings.HasSuffix(end, "ee") && len(w) > 2:
		n-- // "make", "creature"
	case strings.HasSuffix(end, "es") && len(w) > 3 && !isVowel(w[len(w)-3]) && !strings.ContainsRune("sxzcgh", w[len(w)-3]):
		n-- // "makes", "times"; not "boxes", "judges"
	case strings.HasSuffix(end, "ed") && len(w) > 3 && !isVowel(w[len(w)-3]) && w[len(w)-3] != 't' && w[len(w)-3] != 'd':
		n-- // "jumped"; not "wanted", "needed"
	}
	return max(n, 1)
}

// isVowel reports whether r is a vowel letter for syllables.
func isVowel(r rune) bool {
	return strings.ContainsRune("aeiouy", r)
}
