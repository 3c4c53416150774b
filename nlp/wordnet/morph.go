package wordnet

import "strings"

// This file is WordNet 3.0's morphy (morph.c's morphstr and morphword) and
// its index lookup's spelling variants (search.c's getindex), written
// anew over spaces where WordNet writes underscores. It returns the same
// base forms in the same order, including morphy's quirks: the rules
// give at most one base form per word (the first rule whose result is a
// lemma), an exception list entry hides the rules, and adverbs have
// exceptions only.

// rule is a detachment rule: a suffix and what replaces it.
type rule struct{ suffix, ending string }

// rules returns morphy's detachment rules for a part of speech, in the
// order morphy tries them.
func rules(p partOfSpeech) []rule {
	switch p {
	case posNoun:
		return []rule{{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}}
	case posVerb:
		return []rule{{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}}
	case posAdj:
		return []rule{{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}}
	}
	return nil
}

// strend reports whether s ends in suffix and is longer than it.
func strend(s, suffix string) bool {
	return len(suffix) < len(s) && strings.HasSuffix(s, suffix)
}

// wordbase applies a rule to a word, or returns it unchanged.
func wordbase(word string, r rule) string {
	if strend(word, r.suffix) {
		return word[:len(word)-len(r.suffix)] + r.ending
	}
	return word
}

// variants returns the spellings an index lookup tries for a word, as
// getindex does: the word, hyphens for spaces, spaces for hyphens, neither
// spaces nor hyphens, no periods; those that differ from the word, each
// once.
func variants(s string) []string {
	out := make([]string, 1, 5)
	out[0] = s
	add := func(v string) {
		if v != "" && !contains(out, v) {
			out = append(out, v)
		}
	}
	if strings.IndexByte(s, ' ') >= 0 {
		add(strings.ReplaceAll(s, " ", "-"))
	}
	if strings.IndexByte(s, '-') >= 0 {
		add(strings.ReplaceAll(s, "-", " "))
	}
	if strings.ContainsAny(s, " -") {
		add(strings.Map(func(r rune) rune {
			if r == ' ' || r == '-' {
				return -1
			}
			return r
		}, s))
	}
	if strings.IndexByte(s, '.') >= 0 {
		add(strings.ReplaceAll(s, ".", ""))
	}
	return out
}

// defined reports whether the index has a spelling variant of s.
func (pt *part) defined(s string) bool {
	for _, v := range variants(s) {
		if _, ok := pt.index[v]; ok {
			return true
		}
	}
	return false
}

// morphword returns the base form of one word: its first exception, or
// the first rule's result that is defined.
func (w *WordNet) morphword(word string, p partOfSpeech) (string, bool) {
	pt := w.part(p)
	if bases := pt.exc[word]; len(bases) > 0 {
		return bases[0], true
	}
	if p == posAdv {
		return "", false
	}
	stem, end := word, ""
	if p == posNoun {
		switch {
		case strend(word, "ful"):
			stem, end = word[:strings.LastIndexByte(word, 'f')], "ful"
		case strend(word, "ss") || len(word) <= 2:
			return "", false
		}
	}
	for _, r := range rules(p) {
		if b := wordbase(stem, r); b != stem && pt.defined(b) {
			return b + end, true
		}
	}
	return "", false
}

// countWords counts the words of s separated by runs of spaces, and of
// hyphens too if hyphens is set (morph.c's cntwords).
func countWords(s string, hyphens bool) int {
	n := 1
	sep := false
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || hyphens && s[i] == '-' {
			if !sep {
				n++
			}
			sep = true
		} else {
			sep = false
		}
	}
	return n
}

// morphs returns the base forms of a normalised word that morphy gives,
// in order. They may not be in the index.
func (w *WordNet) morphs(str string, p partOfSpeech) []string {
	pt := w.part(p)
	if bases := pt.exc[str]; len(bases) > 0 && bases[0] != str {
		return bases // morphstr then gives the rest of the line
	}
	if p != posVerb {
		if b, ok := w.morphword(str, p); ok && b != str {
			return []string{b}
		}
	}
	if p == posVerb && countWords(str, false) > 1 && hasPreposition(str) {
		if b, ok := w.morphprep(str); ok {
			return []string{b}
		}
		return nil
	}
	// Each word of a collocation on its own.
	var b strings.Builder
	st := 0
	for n := countWords(str, true); n > 1; n-- {
		i := strings.IndexAny(str[st:], " -")
		if i < 0 {
			return nil
		}
		end := st + i
		if m, ok := w.morphword(str[st:end], p); ok {
			b.WriteString(m)
		} else {
			b.WriteString(str[st:end])
		}
		b.WriteByte(str[end])
		st = end + 1
	}
	if m, ok := w.morphword(str[st:], p); ok {
		b.WriteString(m)
	} else {
		b.WriteString(str[st:])
	}
	if s := b.String(); s != str && pt.defined(s) {
		return []string{s}
	}
	return nil
}

// hasPreposition reports whether a word after the first is one of the
// prepositions after which morphy takes a verb collocation ("give up") to
// be a verb and a preposition.
func hasPreposition(s string) bool {
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return false
		}
		s = s[i+1:]
		for _, p := range [...]string{"to", "at", "of", "on", "off", "in", "out", "up", "down", "from", "with", "into", "for", "about", "between"} {
			if strings.HasPrefix(s, p) && (len(s) == len(p) || s[len(p)] == ' ') {
				return true
			}
		}
	}
}

// morphprep finds the base form of a verb collocation with a
// preposition, taking the first word to be the verb and, in collocations
// of three words or more, the last to be a noun.
func (w *WordNet) morphprep(s string) (string, bool) {
	pt := w.part(posVerb)
	first := strings.IndexByte(s, ' ')
	last := strings.LastIndexByte(s, ' ')
	rest := s[first:]
	end, hasEnd := "", false
	if first != last {
		if lw, ok := w.morphword(s[last+1:], posNoun); ok {
			end, hasEnd = s[first:last+1]+lw, true
		}
	}
	verb := s[:first]
	for i := 0; i < len(verb); i++ {
		c := verb[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return "", false
		}
	}
	try := func(base string) (string, bool) {
		if r := base + rest; pt.defined(r) {
			return r, true
		}
		if hasEnd {
			if r := base + end; pt.defined(r) {
				return r, true
			}
		}
		return "", false
	}
	if bases := pt.exc[verb]; len(bases) > 0 && bases[0] != verb {
		if r, ok := try(bases[0]); ok {
			return r, true
		}
	}
	for _, r := range rules(posVerb) {
		if b := wordbase(verb, r); b != verb {
			if r, ok := try(b); ok {
				return r, true
			}
		}
	}
	if hasEnd && verb+end != s {
		return verb + end, true
	}
	return "", false
}
