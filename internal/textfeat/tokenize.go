// Package textfeat turns English text into the tokens and cue words the
// linear models in this module are built on: a tokenizer with a bounded
// cost, a crude stemmer for matching topic terms, negation scopes, and small
// hand-written lexicons of sentiment, negation and stance-bearing verbs.
//
// Tokenize is the tokenizer of the linear models only: the shipped models
// were trained on its tokens (package analysis's doc lists the module's
// tokenizers and what each is for).
//
// Everything here is deterministic and allocation-light; nothing holds state
// between calls.
package textfeat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxTokens bounds the tokens Tokenize returns; longer texts are cut there,
// so the cost of featurising a 100 KB text is bounded.
const MaxTokens = 400

// Token kinds that Tokenize emits in place of the text they stand for.
const (
	Number = "<num>" // a token of digits (and separators)
	URL    = "<url>" // a web address
)

// Tokenize appends the lower-cased word and punctuation tokens of text to
// dst, at most MaxTokens of them, and returns the extended slice. Words are
// runs of letters, digits and inner apostrophes or hyphens; the punctuation
// marks , . ; : ? ! become tokens of their own (they end negation scopes); other symbols are
// dropped. Contractions are split the way the Penn Treebank does and "n't"
// is spelled "not" ("don't" gives "do", "not"; "can't" gives "ca", "not" and
// is then mapped to "can", "not"). Web addresses become URL and numbers
// Number.
func Tokenize(dst []string, text string) []string {
	start := len(dst)
	for len(text) > 0 && len(dst)-start < MaxTokens {
		// Next whitespace-separated field.
		i := 0
		for i < len(text) {
			r, size := utf8.DecodeRuneInString(text[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += size
		}
		text = text[i:]
		j := 0
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += size
		}
		field := text[:j]
		text = text[j:]
		if field == "" {
			break
		}
		if isURL(field) {
			dst = append(dst, URL)
			continue
		}
		dst = splitField(dst, field, start)
	}
	if len(dst)-start > MaxTokens {
		dst = dst[:start+MaxTokens]
	}
	return dst
}

func isURL(f string) bool {
	return strings.Contains(f, "://") || strings.HasPrefix(f, "www.") || strings.HasPrefix(f, "(www.") ||
		(strings.Contains(f, "@") && strings.Contains(f, "."))
}

// splitField appends the tokens of one whitespace-free field.
func splitField(dst []string, f string, start int) []string {
	i := 0
	for i < len(f) && len(dst)-start < MaxTokens {
		r, size := utf8.DecodeRuneInString(f[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i + size
			for j < len(f) {
				r2, s2 := utf8.DecodeRuneInString(f[j:])
				if unicode.IsLetter(r2) || unicode.IsDigit(r2) {
					j += s2
					continue
				}
				// Inner apostrophe, hyphen, period or comma inside numbers.
				if (r2 == '\'' || r2 == '’' || r2 == '-' || r2 == '.' || r2 == ',') && j+s2 < len(f) {
					r3, _ := utf8.DecodeRuneInString(f[j+s2:])
					if unicode.IsLetter(r3) || unicode.IsDigit(r3) {
						if (r2 == '.' || r2 == ',') && !(unicode.IsDigit(r) && unicode.IsDigit(r3)) {
							break
						}
						j += s2
						continue
					}
				}
				break
			}
			dst = appendWord(dst, f[i:j])
			i = j
		case r == ',' || r == '.' || r == ';' || r == ':' || r == '?' || r == '!':
			p := f[i : i+size]
			if n := len(dst); n > start && dst[n-1] == p {
				// Collapse runs such as "..." or "?!?".
			} else {
				dst = append(dst, p)
			}
			i += size
		default:
			i += size
		}
	}
	return dst
}

// appendWord lower-cases w, splits contractions and classifies numbers.
func appendWord(dst []string, w string) []string {
	w = lower(w)
	w = strings.ReplaceAll(w, "’", "'")
	digits := 0
	for _, r := range w {
		if unicode.IsDigit(r) {
			digits++
		}
	}
	if digits > 0 && digits*2 >= len(w) {
		return append(dst, Number)
	}
	switch w {
	case "n't":
		return append(dst, "not")
	case "ca", "wo":
		// Already split "ca n't" / "wo n't" as in the UKP tokenisation.
		if w == "ca" {
			return append(dst, "can")
		}
		return append(dst, "will")
	case "cannot":
		return append(dst, "can", "not")
	case "can't":
		return append(dst, "can", "not")
	case "won't":
		return append(dst, "will", "not")
	}
	if strings.HasSuffix(w, "n't") && len(w) > 3 {
		return append(dst, w[:len(w)-3], "not")
	}
	if k := strings.IndexByte(w, '\''); k > 0 {
		// "it's" -> "it", "'s"; "people's" -> "people", "'s".
		return append(dst, w[:k], w[k:])
	}
	return append(dst, w)
}

// lower lower-cases s, without allocating when it is lower case already.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			return strings.ToLower(s)
		}
	}
	return s
}

// IsPunct reports whether tok is one of the punctuation tokens Tokenize
// emits.
func IsPunct(tok string) bool {
	switch tok {
	case ",", ".", ";", ":", "?", "!":
		return true
	}
	return false
}

// Informative reports whether tokens look like English text that a model
// can judge: they must hold at least one word of two or more Latin letters,
// and a text of eight or more words must contain at least one English
// function word (IsStopword or IsNegation). Text of only punctuation,
// numbers, URLs or non-Latin script, and longer text in another language
// ("Atomkraft ist gefährlich und teuer, sagen viele Leute hier"), is not
// informative.
func Informative(tokens []string) bool {
	latinWord, words, function := false, 0, false
	for _, t := range tokens {
		if t == URL || t == Number || IsPunct(t) {
			continue
		}
		words++
		if IsStopword(t) || IsNegation(t) {
			function = true
		}
		if latinWord {
			continue
		}
		latin := 0
		for _, r := range t {
			if unicode.Is(unicode.Latin, r) {
				latin++
			}
		}
		latinWord = latin >= 2
	}
	return latinWord && (words < 8 || function)
}

// Stem returns a light suffix-stripping stem of a lower-case word, enough to
// match topic terms with their inflections: "cloning", "clones", "cloned" and
// "clone" all give "clon"; "legalization", "legalize" and "legalizing" give
// "legal"; "controlled" gives "control". Stems keep at least three bytes.
func Stem(w string) string {
	// Suffixes are tried in order; the first that fits is removed.
	for _, suf := range [...]string{
		"izations", "isations", "ization", "isation", "izing", "ising", "ations", "ation",
		"ized", "ised", "izes", "ises", "ize", "ise", "ings", "ing", "ions", "ion",
		"ies", "ied", "ed", "es", "s",
	} {
		if len(w)-len(suf) >= 3 && strings.HasSuffix(w, suf) {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	// Undouble a final consonant left by "-ed"/"-ing" ("controll").
	if n := len(w); n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		w = w[:n-1]
	} else if n >= 4 && strings.HasSuffix(w, "ll") {
		w = w[:n-1]
	}
	if n := len(w); n >= 4 && (w[n-1] == 'e' || w[n-1] == 'y') {
		w = w[:n-1]
	}
	return w
}
