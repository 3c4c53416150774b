package pos

// This file: prose's tokenizer (github.com/jdkato/prose/v2, tokenize.go,
// MIT; NOTICE), ported so that the package does not import prose: prose's
// package initialisation holds all its embedded models (4.4 MB), which a
// program that imports prose carries whether or not it tags.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenize splits text into words as prose does (prose.NewDocument with
// tagging, segmentation and extraction off, then Document.Tokens).
//
// prose's tokenizer slices a word at offsets found in its lower-cased form,
// and panics when lower-casing changes the word's length in bytes (invalid
// UTF-8, "İ", the Kelvin sign). tokenize first replaces invalid bytes with
// U+FFFD and such letters with their lower case (proseSafe), so it never
// panics; text without them is tokenised unchanged.
func tokenize(text string) (words []string) {
	text = proseSafe(text)
	defer func() {
		// Defence in depth: should a word still be sliced out of range,
		// fall back to splitting at white space rather than crash the
		// caller.
		if recover() != nil {
			words = strings.Fields(text)
		}
	}()
	clean := sanitize(text)
	white := false
	start, index := 0, 0
	for index <= len(clean) {
		uc, size := utf8.DecodeRuneInString(clean[index:])
		if size == 0 {
			break
		} else if index == 0 {
			white = unicode.IsSpace(uc)
		}
		if unicode.IsSpace(uc) != white {
			if start < index {
				words = split(words, clean[start:index])
			}
			if uc == ' ' {
				start = index + 1
			} else {
				start = index
			}
			white = !white
		}
		index += size
	}
	if start < index {
		words = split(words, clean[start:index])
	}
	return words
}

// sanitize replaces curly quotes and "&rsquo;" with straight ones, as
// prose's sanitizer does.
func sanitize(text string) string {
	if !strings.ContainsAny(text, "\u201c\u201d\u2018\u2019") && !strings.Contains(text, "&rsquo;") {
		return text
	}
	return strings.NewReplacer("\u201c", `"`, "\u201d", `"`, "\u2018", "'", "\u2019", "'", "&rsquo;", "'").Replace(text)
}

// split appends the words of token (a span without white space, or of
// white space alone) to words, as prose's doSplit makes them: prefixes
// ($, (, ", [) and suffixes (, ) " ] ! ; . ? : ') split off one at a
// time, contractions ('ll, 's, 're, 'm, n't) split before them, and
// emoticons and abbreviations ("U.S.", "Mr.") kept whole. Words of white
// space alone are left out.
func split(words []string, token string) []string {
	add := func(s string) {
		if strings.TrimSpace(s) != "" {
			words = append(words, s)
		}
	}
	var suffixes []string // in reading order
	last := 0
	for token != "" && utf8.RuneCountInString(token) != last {
		if isSpecial(token) {
			add(token)
			break
		}
		last = utf8.RuneCountInString(token)
		lower := strings.ToLower(token)
		if len(token) > 1 && strings.IndexByte(`$("[`, token[0]) >= 0 {
			add(token[:1])
			token = token[1:]
		} else if i := indexAny(lower, "'ll", "'s", "'re", "'m"); i > -1 {
			add(token[:i])
			token = token[i:]
		} else if i := indexAny(lower, "n't"); i > -1 {
			add(token[:i])
			token = token[i:]
		} else if n := len(token); n > 1 && strings.IndexByte(`,)"]!;.?:'`, token[n-1]) >= 0 {
			suffixes = append(suffixes, token[n-1:])
			token = token[:n-1]
		} else {
			add(token)
		}
	}
	for i := len(suffixes) - 1; i >= 0; i-- {
		words = append(words, suffixes[i])
	}
	return words
}

// indexAny returns the index in s of the first of subs (in their order,
// not the leftmost) that s holds and is longer than, or -1: prose's
// hasAnyIndex.
func indexAny(s string, subs ...string) int {
	for _, sub := range subs {
		if i := strings.Index(s, sub); i >= 0 && len(s) > len(sub) {
			return i
		}
	}
	return -1
}

// isSpecial reports whether token is one of prose's emoticons or matches
// its expression of abbreviations, ^(?:[A-Za-z]\.){2,}$|^[A-Z][a-z]{1,2}\.$
// ("U.S.", "e.g.", "Mr.", "Mrs."): such a token is one word.
func isSpecial(token string) bool {
	if isProseEmoticon(token) {
		return true
	}
	n := len(token)
	if n >= 4 && n%2 == 0 {
		dotted := true
		for i := 0; i < n && dotted; i += 2 {
			dotted = isASCIILetter(token[i]) && token[i+1] == '.'
		}
		if dotted {
			return true
		}
	}
	if (n == 3 || n == 4) && token[0] >= 'A' && token[0] <= 'Z' && token[n-1] == '.' {
		for i := 1; i < n-1; i++ {
			if token[i] < 'a' || token[i] > 'z' {
				return false
			}
		}
		return true
	}
	return false
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// isProseEmoticon reports whether token is in prose's list of emoticons,
// which its tokenizer keeps whole.
func isProseEmoticon(token string) bool {
	switch token {
	case "(-8", "(-;", "(-_-)", "(._.)", "(:", "(=", "(o:", "(¬_¬)", "(ಠ_ಠ)", "(╯°□°）╯︵┻━┻",
		"-__-", "8-)", "8-D", "8D", ":(", ":((", ":(((", ":()", ":)))", ":-)", ":-))", ":-)))",
		":-*", ":-/", ":-X", ":-]", ":-o", ":-p", ":-x", ":-|", ":-}", ":0", ":3", ":P", ":]",
		":`(", ":`)", ":`-(", ":o", ":o)", "=(", "=)", "=D", "=|", "@_@", "O.o", "O_o", "V_V",
		"XDD", "[-:", "^___^", "o_0", "o_O", "o_o", "v_v", "xD", "xDD", "¯\\(ツ)/¯":
		return true
	}
	return false
}
