package filter

import (
	"strings"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/nlp"
)

// Noise rejects debate-portal noise, the sentences of a debate that argue
// nothing (Touché 2022 team Pearl used such a blocklist):
//
//   - "noise-empty": no letter or digit at all ("...", "?!", "").
//   - "noise-greeting": a sentence opening with a greeting ("Hello", "Hi",
//     "Greetings", "Good evening", "Dear …", "Welcome").
//   - "noise-debate-talk": talk about the debate itself: "I accept", "accept
//     this debate", "my opponent", "thank you", "thanks for", "good luck",
//     "vote Pro/Con", "please vote", "I look forward", "extend my
//     arguments", "forfeit", "over to you", "this round", "next round", …
//     (77 built-in phrases of up to four words, plus Extra).
//   - "noise-round-header": headings of four words or fewer that open with
//     "Round", "Rebuttal(s)", "Contention", "Argument(s)", "Conclusion",
//     "Introduction", "Definitions", "Observation", "Sources", "Part", …, or
//     any heading of five words or fewer ending in a colon.
//   - "noise-reference": URLs, citation marks ("[1]", "(3)"), "Sources:",
//     "Retrieved from", numbers and years with at most two other words; or a
//     bibliography entry: "[n]" followed by a URL, "(2010)" or "retrieved".
//
// Phrases match whole words, case-insensitively, with ’ read as '. "My
// opponent's claim ignores the data" is rejected: debate portals are full of
// such sentences and Touché assessors judged them poorly.
//
// Noise is pure.
type Noise struct {
	// Extra holds more debate-talk phrases, matched like the built-in ones
	// (lower case, words separated by single spaces).
	Extra []string
}

// Check implements Filter.
func (n Noise) Check(s corpus.Sentence) (bool, Reason) {
	if r := n.reason(s.Text); r != noReason {
		return false, r
	}
	return true, noReason
}

func (Noise) pure() {}

func (n Noise) reason(text string) Reason {
	// Long texts are not headers or greetings, but can still hold debate
	// talk; the phrase scan is linear.
	w := nlp.Words(nil, text)
	if len(w) == 0 {
		return noiseEmpty
	}
	padded := " " + strings.Join(w, " ") + " "
	switch w[0] {
	case "hello", "hi", "hey", "greetings", "dear", "welcome", "hiya", "howdy":
		return noiseGreeting
	case "thanks", "thx", "cheers", "bye", "goodbye", "congratulations", "congrats":
		if len(w) <= 3 {
			return noiseDebateTalk
		}
	case "good":
		if len(w) > 1 && (w[1] == "morning" || w[1] == "evening" || w[1] == "afternoon" || w[1] == "day") {
			return noiseGreeting
		}
	}
	off := make([]int, len(w)+1) // off[i]: where w[i] starts in padded
	off[0] = 1
	for i, x := range w {
		off[i+1] = off[i] + len(x) + 1
	}
	for i := range w {
		phrase := w[i]
		for k := 1; ; k++ {
			if isDebateTalk(phrase) {
				return noiseDebateTalk
			}
			if k == maxDebateTalkWords || i+k == len(w) {
				break
			}
			phrase = padded[off[i] : off[i+k+1]-1]
		}
	}
	for _, p := range n.Extra {
		if p = strings.TrimSpace(strings.ToLower(p)); p != "" && strings.Contains(padded, " "+p+" ") {
			return noiseDebateTalk
		}
	}
	if isReference(text, w) {
		return noiseReference
	}
	if isHeader(text, w) {
		return noiseRoundHeader
	}
	return noReason
}

func isHeader(text string, w []string) bool {
	trimmed := strings.TrimSpace(text)
	if strings.HasSuffix(trimmed, ":") && len(w) <= 5 {
		return true
	}
	if len(w) > 4 {
		return false
	}
	switch w[0] {
	case "round", "r", "rebuttal", "rebuttals", "contention", "contentions", "argument", "arguments",
		"conclusion", "conclusions", "introduction", "intro", "definitions", "definition", "observation",
		"observations", "sources", "source", "references", "part", "point", "points", "opening", "closing",
		"summary", "framework", "refutation", "refutations", "counterarguments", "counterargument", "c", "p":
		return true
	}
	return false
}

// isReference reports a text that is only URLs and citation material.
func isReference(text string, w []string) bool {
	lower := strings.ToLower(text)
	trimmed := strings.TrimSpace(lower)
	if !strings.Contains(lower, "://") && !strings.Contains(lower, "www.") && !hasDomainSuffix(lower) {
		// No URL: only the words count.
		other := 0
		for _, x := range w {
			if !allDigits(x) && !isCitationWord(x) {
				other++
			}
		}
		if other == 0 {
			return true
		}
		return strings.HasPrefix(trimmed, "[") && isBibliographyEntry(trimmed, 0)
	}
	urls, other := 0, 0
	for _, f := range strings.Fields(lower) {
		if isURLField(f) {
			urls++
			continue
		}
		for _, x := range nlp.Words(nil, f) {
			if !allDigits(x) && !isCitationWord(x) {
				other++
			}
		}
	}
	if isBibliographyEntry(trimmed, urls) {
		return true
	}
	if urls > 0 {
		return other <= 2
	}
	return other == 0
}

// isBibliographyEntry reports "[n] …" with a URL, "retrieved" or a year
// in parentheses.
func isBibliographyEntry(trimmed string, urls int) bool {
	if !strings.HasPrefix(trimmed, "[") {
		return false
	}
	end := strings.IndexByte(trimmed, ']')
	return end > 1 && allDigits(trimmed[1:end]) &&
		(urls > 0 || strings.Contains(trimmed, "retrieved") || hasParenYear(trimmed))
}

func hasDomainSuffix(lower string) bool {
	for _, tld := range domainSuffixes() {
		if strings.Contains(lower, tld) {
			return true
		}
	}
	return false
}

// isURLField reports a whitespace-separated field that is a URL or a bare
// domain ("example.com/x").
func isURLField(f string) bool {
	f = strings.Trim(f, "()[]<>.,;:\"'")
	if strings.Contains(f, "://") || strings.HasPrefix(f, "www.") {
		return true
	}
	for _, tld := range domainSuffixes() {
		if i := strings.Index(f, tld); i > 0 && (i+len(tld) == len(f) || f[i+len(tld)] == '/') {
			return true
		}
	}
	return false
}

func isCitationWord(x string) bool {
	switch x {
	case "source", "sources", "reference", "references", "retrieved", "accessed", "available",
		"online", "cited", "works", "bibliography", "citation", "citations", "ibid", "et", "al", "p", "pp",
		"http", "https", "www", "com", "org", "net", "gov", "edu", "html", "htm", "pdf", "php", "aspx":
		return true
	}
	return false
}

// domainSuffixes returns the endings that mark bare domains and file
// links.
func domainSuffixes() [9]string {
	return [...]string{".com", ".org", ".net", ".gov", ".edu", ".co.uk", ".html", ".htm", ".pdf"}
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func hasParenYear(s string) bool {
	for i := 0; i+6 <= len(s); i++ {
		if s[i] == '(' && s[i+5] == ')' && allDigits(s[i+1:i+5]) {
			return true
		}
	}
	return false
}

// isDebateTalk reports whether phrase is one of the built-in debate-talk
// phrases; a test checks it against the list.
func isDebateTalk(phrase string) bool {
	switch phrase {
	case "accept my challenge", "accept my debate", "accept the debate", "accept this challenge",
		"accept this debate", "acceptance only", "accepted the debate", "accepted this debate",
		"accepting my debate", "accepting the debate", "accepting this challenge",
		"accepting this debate", "arguments extended", "back to you", "best of luck",
		"extend all arguments", "extend all my arguments", "extend my arguments", "final round",
		"first round", "first round is acceptance", "for accepting", "forfeit", "forfeited",
		"forfeiting", "forfeits", "fourth round", "fun debate", "good debate", "good luck",
		"great debate", "i accept", "i extend", "i gladly accept", "i happily accept", "i look forward",
		"i rest my case", "i shall accept", "i will accept", "in round", "last round", "look forward to",
		"looking forward to", "many thanks", "my opponent", "my opponent's", "my opponents",
		"next round", "over to con", "over to pro", "over to you", "please vote", "previous round",
		"round is acceptance", "round is for acceptance", "rounds for acceptance", "second round",
		"thank you", "thanks again", "thanks for", "thanks to", "the contender", "the floor is yours",
		"the instigator", "third round", "this debate", "this round", "vote con", "vote for con",
		"vote for me", "vote for pro", "vote for the con", "vote for the pro", "vote pro",
		"votes to con", "votes to pro", "your turn":
		return true
	}
	return false
}

// maxDebateTalkWords is the length of the longest debate-talk phrase.
const maxDebateTalkWords = 4
