package pairing

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// terms appends to dst the content terms of text for similarity: maximal
// runs of letters and digits, lower-cased, without stop words and one-letter
// words, with a plural "s" removed ("taxes" → "taxe", "policies" →
// "policy"). This is deliberately cheap: it has to run over every candidate
// sentence.
func terms(dst []string, text string) []string {
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.ToLower(text[start:end])
		start = -1
		if utf8.RuneCountInString(w) < 2 || isStopword(w) {
			return
		}
		dst = append(dst, stem(w))
	}
	for i, r := range text {
		if isWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if r == '\'' || r == '’' { // keep "don't" as one (stop) word
			if start >= 0 && i+1 < len(text) {
				if n, _ := utf8.DecodeRuneInString(text[i+len(string(r)):]); unicode.IsLetter(n) {
					continue
				}
			}
		}
		flush(i)
	}
	flush(len(text))
	return dst
}

// stem removes an English plural ending.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// countWords counts the whitespace-separated words of text that hold at
// least one letter or digit, so "-" and "..." are not words.
func countWords(text string) int {
	n := 0
	in, alnum := false, false
	for _, r := range text {
		if unicode.IsSpace(r) {
			if in && alnum {
				n++
			}
			in, alnum = false, false
			continue
		}
		in = true
		if !alnum && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			alnum = true
		}
	}
	if in && alnum {
		n++
	}
	return n
}

// isStopword reports whether w (lower case) is an English function word:
// the usual Lucene/SMART core plus contractions, which carry no topic.
func isStopword(w string) bool {
	switch w {
	case "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
		"are", "aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between",
		"both", "but", "by", "can", "can't", "cannot", "could", "couldn't", "did", "didn't", "do",
		"does", "doesn't", "doing", "don't", "don’t", "down", "during", "each", "few", "for", "from",
		"further", "get", "got", "had", "hadn't", "has", "hasn't", "have", "haven't", "having", "he",
		"he'd", "he'll", "he's", "her", "here", "here's", "hers", "herself", "him", "himself", "his",
		"how", "how's", "i", "i'd", "i'll", "i'm", "i've", "if", "in", "into", "is", "isn't", "it",
		"it's", "its", "itself", "it’s", "just", "let's", "may", "me", "might", "more", "most", "must",
		"mustn't", "my", "myself", "no", "nor", "not", "of", "off", "on", "once", "one", "ones", "only",
		"or", "other", "ought", "our", "ours", "ourselves", "out", "over", "own", "same", "shall",
		"shan't", "she", "she'd", "she'll", "she's", "should", "shouldn't", "so", "some", "such", "than",
		"that", "that's", "the", "their", "theirs", "them", "themselves", "then", "there", "there's",
		"these", "they", "they'd", "they'll", "they're", "they've", "this", "those", "through", "to",
		"too", "under", "until", "up", "us", "very", "was", "wasn't", "we", "we'd", "we'll", "we're",
		"we've", "were", "weren't", "what", "what's", "when", "when's", "where", "where's", "which",
		"while", "who", "who's", "whom", "why", "why's", "will", "with", "won't", "would", "wouldn't",
		"you", "you'd", "you'll", "you're", "you've", "your", "yours", "yourself", "yourselves":
		return true
	}
	return false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
