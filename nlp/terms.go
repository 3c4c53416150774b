package nlp

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/nlp/internal/phrase"
)

// Terms appends to dst the content terms of text, in order, and returns the
// extended slice. A term is a word (a maximal run of letters and digits; an
// apostrophe, ' or ’, between a word and a letter stays inside it, so
// "don't" is one word), lower-cased, that is not a function word (the
// Lucene/SMART core of articles, pronouns, auxiliaries, prepositions and
// conjunctions, plus contractions with ' or ’ and a few words such as
// "also", "get", "may", "one", which carry no topic) and has at least two
// characters, with an English plural ending removed: "taxes" gives "taxe",
// "policies" "policy", "cars" "car"; words in "ss", "us" and "is" stay
// ("glass", "bus", "thesis"). This is deliberately cheap: it runs over
// every candidate sentence of a query, for TF-IDF similarity.
func Terms(dst []string, text string) []string {
	scanTerms(text, func(term string, _ bool) { dst = append(dst, term) })
	return dst
}

// Phrases returns the phrases a text is compared by where no
// part-of-speech tagger is at hand: runs of consecutive content terms, as
// Terms finds them, stand in for noun phrases, a run ending at punctuation
// (any character that is neither part of a word nor white space) and where
// a function word or a one-letter word was left out. Each run gives its
// last term (its head) and, for a run of two or more, the run joined by
// spaces, as nlp/pos's NounPhrases gives a tagger's noun phrases. The
// result is sorted and has no repeats: "The nuclear power plant, they
// said, is safe" gives [nuclear power plant, plant, safe, said].
func Phrases(text string) []string {
	return phrase.FromRuns(termRuns(text))
}

// termRuns returns the runs of consecutive content terms of text (see
// Phrases): "The nuclear power plant, they said, is safe" gives
// [nuclear power plant] [said] [safe].
func termRuns(text string) [][]string {
	var runs [][]string
	scanTerms(text, func(term string, boundary bool) {
		if boundary || len(runs) == 0 {
			runs = append(runs, nil)
		}
		runs[len(runs)-1] = append(runs[len(runs)-1], term)
	})
	return runs
}

// scanTerms calls fn for every content term of text in order, with
// boundary set when a run of terms ends before it (see termRuns).
func scanTerms(text string, fn func(term string, boundary bool)) {
	start := -1
	boundary := true
	word := func(end int) {
		w := strings.ToLower(text[start:end])
		start = -1
		if utf8.RuneCountInString(w) < 2 || isFunctionWord(w) {
			boundary = true
			return
		}
		fn(stemPlural(w), boundary)
		boundary = false
	}
	for i, r := range text {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if (r == '\'' || r == '’') && start >= 0 {
			// Inside a word when a letter follows.
			if next, _ := utf8.DecodeRuneInString(text[i+utf8.RuneLen(r):]); unicode.IsLetter(next) {
				continue
			}
		}
		if start >= 0 {
			word(i)
		}
		if !unicode.IsSpace(r) {
			boundary = true
		}
	}
	if start >= 0 {
		word(len(text))
	}
}

// stemPlural removes an English plural ending.
func stemPlural(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
