// Package punkt finds sentence boundaries exactly as the English sentence
// tokenizer of github.com/neurosnap/sentences (v1.1.2) does, Punkt with
// that package's English additions, quirks included, but without its
// per-call allocations and regular expressions: about twenty times faster.
//
// The boundaries are the same as those of
// english.NewSentenceTokenizer(nil).SentencePositions for every input; the
// package's tests check that against the original on the embedded args.me
// sample and by fuzzing.
//
// With the Prose model, a Tokenizer finds the boundaries of the sentence
// segmenter of github.com/jdkato/prose/v2 (v2.0.0) instead, checked the
// same way against prose itself. prose builds on an older neurosnap/sentences
// (v1.0.6) with its own English rules, so it differs from English in:
//   - the model data, and the abbreviation "mt";
//   - no CJK sentence punctuation: "。", "！", "？" and "；" neither end
//     words nor sentences, and "。" is no period;
//   - the sentence-end characters: "?" or "!" at the end (not in a word
//     that holds "Yahoo!"), a period, "?" or "!" followed by a closing
//     quote or parenthesis other than "'" after a period, or ".[", ".(",
//     ".\"", "?[", "?(", "![", "!(" anywhere;
//   - its multi-punctuation pass: ellipses break before a capital or a
//     frequent sentence starter, a break after punctuation that can be
//     sentence-internal (a closing quote or parenthesis) is undone before
//     a lower-case word that is no frequent starter, a period that is not
//     a break becomes one before a capitalised word seen in lower case,
//     and words like "F.B.I." are abbreviations unless the orthographic or
//     sentence-starter heuristic says a sentence starts after them. List
//     numbers and coordinates get no special treatment.
//
// prose also drops the sentence break of a last word holding both a
// newline and a space; such a word is always the whole text and ends it,
// so that rule never moves a boundary, and it is not reproduced.
package punkt

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Orthographic context flags, as in github.com/neurosnap/sentences.
const (
	orthoBegUc = 1 << 1
	orthoMidUc = 1 << 2
	orthoUnkUc = 1 << 3
	orthoBegLc = 1 << 4
	orthoMidLc = 1 << 5
	orthoUnkLc = 1 << 6
	orthoUc    = orthoBegUc + orthoMidUc + orthoUnkUc
	orthoLc    = orthoBegLc + orthoMidLc + orthoUnkLc
)

// numberType is the type of a token that ends in a number.
const numberType = "##number##"

// A Tokenizer finds sentence boundaries with a Model. It keeps scratch
// buffers between calls, so it is not safe for concurrent use: give each
// goroutine its own (they may share the Model).
type Tokenizer struct {
	m    *Model
	text string // being split
	toks []token
	buf  []byte
}

// NewTokenizer returns a Tokenizer using m.
func NewTokenizer(m *Model) *Tokenizer {
	return &Tokenizer{m: m}
}

// token is a word of the text with its annotations.
type token struct {
	start, end int // the word, trimmed of white space: text[start:end]
	pos        int // byte offset in the text just after the word
	sentBreak  bool
	abbr       bool
	// special is false for words that no annotation can make a sentence
	// break or an abbreviation (see isSpecial).
	special bool
}

// AppendBreaks appends to dst the byte offsets in text where sentences
// end, in increasing order, and returns the extended slice: the offset
// after each word that ends a sentence, then len(text). Sentences are the
// text between consecutive offsets (from 0), with surrounding white space.
// They are the offsets that SentencePositions of the English tokenizer of
// github.com/neurosnap/sentences returns.
func (t *Tokenizer) AppendBreaks(dst []int, text string) []int {
	t.text = text
	t.tokenize(text)
	toks := t.toks
	// The three passes of the original, over the words that can change
	// (tokenize kept only those and the words after them).
	for i := range toks {
		if toks[i].special {
			t.typeAnnotation(&toks[i])
		}
	}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].special {
			t.tokenAnnotation(&toks[i], &toks[i+1])
		}
	}
	for i := 0; i+1 < len(toks); i++ {
		switch {
		case !toks[i].special:
		case t.m.prose:
			t.proseMultiPunctAnnotation(&toks[i], &toks[i+1])
		default:
			t.multiPunctAnnotation(&toks[i], &toks[i+1])
		}
	}
	for i := range toks {
		if toks[i].sentBreak {
			dst = append(dst, toks[i].pos)
		}
	}
	t.toks = t.toks[:0]
	t.text = ""
	return append(dst, len(text))
}

// tokenize splits text into words at white space and after the CJK
// sentence punctuation, as DefaultWordTokenizer.Tokenize does: a word ends
// at a white space or CJK punctuation character, or at the text's last
// byte when that starts a character (so a final word ending in a
// multi-byte character is not a token); when there is no word, the whole
// text is one.
func (t *Tokenizer) tokenize(text string) {
	n := len(text)
	if n == 0 {
		return
	}
	toks := t.toks[:0]
	last := 0
	punct := false    // a '.', '?' or '!' since last
	keepNext := false // the previous word was special
	words := 0
	for i := 0; i < n; {
		at := i
		cjk := false
		if c := text[i]; c < utf8.RuneSelf {
			i++
			switch asciiClass[c] {
			case classPunct:
				punct = true
				fallthrough
			case classOther:
				if at != n-1 {
					continue
				}
			}
		} else {
			r, size := utf8.DecodeRuneInString(text[i:])
			i += size
			cjk = !t.m.prose && isCJKPunct(r)
			if !cjk && !unicode.IsSpace(r) && at != n-1 {
				continue
			}
		}
		if cjk {
			at += 3 // len(string(r)) for all four of them
		}
		cursor := at
		if at == n-1 {
			cursor = n
		}
		word := trimSpace(text[last:cursor])
		if word == "" {
			continue
		}
		special := punct || !t.m.prose && word[len(word)-1] >= utf8.RuneSelf
		if cursor == n || cjk {
			special = t.isSpecial(word) // may hold bytes not yet scanned
		}
		// Only special words act on themselves and their successor, so
		// only they and their successors are kept: toks[i+1] is the word
		// after toks[i] whenever toks[i] is special.
		if special || keepNext {
			start := cursor - len(word) // the word ends at cursor unless cursor is n
			if cursor == n {
				start = last + strings.Index(text[last:cursor], word)
			}
			toks = append(toks, token{start: start, end: start + len(word), pos: cursor, special: special})
		}
		words++
		keepNext = special
		last = cursor
		punct = false
	}
	if words == 0 {
		toks = append(toks, token{start: 0, end: n, pos: n, special: t.isSpecial(text)})
	}
	t.toks = toks
}

// trimSpace is strings.TrimSpace, faster at ASCII white space.
func trimSpace(s string) string {
	for len(s) > 0 && s[0] < utf8.RuneSelf && asciiClass[s[0]] == classSpace {
		s = s[1:]
	}
	for len(s) > 0 && s[len(s)-1] < utf8.RuneSelf && asciiClass[s[len(s)-1]] == classSpace {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && (s[0] >= utf8.RuneSelf || s[len(s)-1] >= utf8.RuneSelf) {
		return strings.TrimSpace(s)
	}
	return s
}

// isSpecial reports whether any annotation can make tok a sentence break
// or an abbreviation: whether it has a '.', '?' or '!' in it or, except
// for prose, ends in a multi-byte character (such as "。" or a closing
// quote).
func (t *Tokenizer) isSpecial(tok string) bool {
	if !t.m.prose && tok != "" && tok[len(tok)-1] >= utf8.RuneSelf {
		return true
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < utf8.RuneSelf && asciiClass[tok[i]] == classPunct {
			return true
		}
	}
	return false
}

// Classes of ASCII characters for tokenize.
const (
	classOther = iota
	classSpace // what unicode.IsSpace accepts
	classPunct // '.', '?', '!'
)

var asciiClass = [utf8.RuneSelf]uint8{
	'\t': classSpace, '\n': classSpace, '\v': classSpace, '\f': classSpace, '\r': classSpace, ' ': classSpace,
	'.': classPunct, '?': classPunct, '!': classPunct,
}

func isCJKPunct(r rune) bool {
	switch r {
	case '。', '；', '！', '？':
		return true
	}
	return false
}

// typeAnnotation is TypeBasedAnnotation: sentence-ending punctuation is a
// break; a word ending in a period is an abbreviation when its type is a
// known one, else a break.
func (t *Tokenizer) typeAnnotation(k *token) {
	tok := t.text[k.start:k.end]
	if t.m.prose && proseHasSentEndChars(tok) || !t.m.prose && hasSentEndChars(tok) {
		k.sentBreak = true
		return
	}
	if !t.hasPeriodFinal(tok) || strings.HasSuffix(tok, "..") {
		return
	}
	// The original cuts the word at its length in runes minus one, in
	// bytes: for a word with multi-byte characters, more than the period.
	t.buf = appendLower(t.buf[:0], tok[:utf8.RuneCountInString(tok)-1])
	lower := t.buf
	lastHyph := lower
	if h := bytes.LastIndexByte(lower, '-'); h >= 0 {
		lastHyph = lower[h+1:]
	}
	if t.m.abbrevs[string(lower)] || t.m.abbrevs[string(lastHyph)] {
		k.abbr = true
	} else {
		k.sentBreak = true
	}
}

// tokenAnnotation is TokenBasedAnnotation for the pair one, two: the
// collocation, orthographic, frequent-starter, ellipsis, initial and
// ordinal heuristics of Punkt.
func (t *Tokenizer) tokenAnnotation(one, two *token) {
	oneTok, twoTok := t.text[one.start:one.end], t.text[two.start:two.end]
	if !t.hasPeriodFinal(oneTok) {
		return
	}
	t.buf = appendTypeNoPeriod(t.buf[:0], oneTok)
	nTyp := len(t.buf)
	t.buf = append(t.buf, ',')
	t.buf = appendTypeNoSentPeriod(t.buf, twoTok, two.sentBreak)
	typ := t.buf[:nTyp]
	nextTyp := t.buf[nTyp+1:]
	initial := isInitial(oneTok)

	if t.m.collocations[string(t.buf)] {
		one.sentBreak = false
		one.abbr = true
		return
	}
	if (one.abbr || strings.HasSuffix(oneTok, "..")) && !initial {
		if t.orthoHeuristic(twoTok, nextTyp) == 1 {
			one.sentBreak = true
			return
		}
		if firstUpper(twoTok) && t.m.starters[string(nextTyp)] {
			one.sentBreak = true
			return
		}
	}
	if oneTok == "." && twoTok == "." {
		one.sentBreak = false
		two.sentBreak = false
		return
	}
	if initial || string(typ) == numberType {
		h := t.orthoHeuristic(twoTok, nextTyp)
		if h == 0 {
			one.sentBreak = false
			one.abbr = true
			return
		}
		if h == -1 && initial && firstUpper(twoTok) && t.m.ortho[string(nextTyp)]&orthoLc == 0 {
			one.sentBreak = false
			one.abbr = true
		}
	}
}

// multiPunctAnnotation is the English MultiPunctWordAnnotation for the
// pair one, two: list numbers are no breaks, and abbreviations like
// "F.B.I." or words ending in punctuation and a quote are breaks only on
// orthographic or sentence-starter evidence.
func (t *Tokenizer) multiPunctAnnotation(one, two *token) {
	oneTok, twoTok := t.text[one.start:one.end], t.text[two.start:two.end]
	if isListNumber(oneTok) || oneTok == "N°." {
		one.sentBreak = false
		return
	}
	if strings.HasSuffix(oneTok, ".") && twoTok == "." {
		one.sentBreak = false
		return
	}
	unreliable := hasUnreliableEndChars(oneTok)
	coordTwo := isCoordinatePartTwo(oneTok)
	if !hasMultiPunctAbbr(oneTok) && oneTok != "." && !unreliable && !coordTwo {
		return
	}
	if isInitial(oneTok) {
		return
	}
	one.abbr = true
	one.sentBreak = false
	t.buf = appendTypeNoSentPeriod(t.buf[:0], twoTok, two.sentBreak)
	nextTyp := t.buf
	if t.orthoHeuristic(twoTok, nextTyp) == 1 {
		one.sentBreak = true
		return
	}
	if firstUpper(twoTok) && (t.m.starters[string(nextTyp)] || unreliable || oneTok == "." || coordTwo) {
		one.sentBreak = true
	}
}

// orthoHeuristic is OrthoContext.Heuristic: 1 if k starts a sentence, 0 if
// it does not, -1 if unknown. typ is k's TypeNoSentPeriod.
func (t *Tokenizer) orthoHeuristic(tok string, typ []byte) int {
	m := t.m
	switch tok {
	case ";", ":", ",", ".", "!", "?":
		return 0
	case "；", "：", "，", "。", "！", "？":
		if !m.prose {
			return 0
		}
	}
	ctx := m.ortho[string(typ)]
	if firstUpper(tok) && ctx&orthoLc != 0 && ctx&orthoMidUc == 0 {
		return 1
	}
	if firstLower(tok) && (ctx&orthoUc != 0 || ctx&orthoBegLc == 0) {
		return 0
	}
	return -1
}

// appendTypeNoSentPeriod appends tok's type, without a final period when
// it is a sentence break.
func appendTypeNoSentPeriod(dst []byte, tok string, sentBreak bool) []byte {
	if sentBreak {
		return appendTypeNoPeriod(dst, tok)
	}
	return appendType(dst, tok)
}

// appendTypeNoPeriod appends tok's type without its final period.
func appendTypeNoPeriod(dst []byte, tok string) []byte {
	start := len(dst)
	dst = appendType(dst, tok)
	if len(dst)-start > 1 && dst[len(dst)-1] == '.' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// appendType appends the type of tok, as DefaultWordTokenizer.Type makes
// it: lower case, a final number (the regular expression
// -?[\.,]?\d[\d,\.-]*\.?$) replaced by "##number##", then, unless it is one
// byte long, without commas.
func appendType(dst []byte, tok string) []byte {
	start := len(dst)
	dst = appendLower(dst, tok)
	typ := dst[start:]
	number := false
	if s := numberStart(typ); s >= 0 {
		typ, number = typ[:s], true
	}
	if !number && len(typ) == 1 {
		return dst
	}
	n := start
	for _, c := range typ {
		if c != ',' {
			dst[n] = c
			n++
		}
	}
	dst = dst[:n]
	if number {
		dst = append(dst, numberType...)
	}
	return dst
}

// appendLower appends strings.ToLower(s).
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return append(dst, strings.ToLower(s)...)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// numberStart returns where the leftmost match of -?[\.,]?\d[\d,\.-]*\.?$
// in s starts, or -1.
func numberStart(s []byte) int {
	// The match lies in the trailing run of [0-9,.-] and starts at its
	// first digit, or one or two bytes before for a sign and a point.
	r := len(s)
	for r > 0 && isNumberByte(s[r-1]) {
		r--
	}
	q := r
	for q < len(s) && !isDigit(s[q]) {
		q++
	}
	if q == len(s) {
		return -1
	}
	start := q
	if start > r && (s[start-1] == '.' || s[start-1] == ',') {
		start--
	}
	if start > r && s[start-1] == '-' {
		start--
	}
	return start
}

func isNumberByte(c byte) bool {
	return isDigit(c) || c == ',' || c == '.' || c == '-'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWordByte is \w of Go's regular expressions: [0-9A-Za-z_].
func isWordByte(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// hasPeriodFinal reports whether tok ends in a period: "." or, except for
// prose, "。".
func (t *Tokenizer) hasPeriodFinal(tok string) bool {
	return strings.HasSuffix(tok, ".") || !t.m.prose && strings.HasSuffix(tok, "。")
}

// hasUnreliableEndChars reports whether tok ends in ".", "?" or "!" and a
// closing quote or parenthesis: " ' ) ’ ”.
func hasUnreliableEndChars(tok string) bool {
	n := len(tok)
	if n < 2 {
		return false
	}
	var before byte
	switch c := tok[n-1]; {
	case c == '"' || c == '\'' || c == ')':
		before = tok[n-2]
	case n >= 4 && (strings.HasSuffix(tok, "’") || strings.HasSuffix(tok, "”")):
		before = tok[n-4]
	default:
		return false
	}
	return before == '.' || before == '?' || before == '!'
}

// hasSentEndChars is the English WordTokenizer's HasSentEndChars: tok ends
// in "?" or "!", or in unreliable end characters, or has ".[", ".(", ".\"",
// ".'", "?[", "?(", "![" or "![" in it.
func hasSentEndChars(tok string) bool {
	n := len(tok)
	if n == 0 {
		return false
	}
	if c := tok[n-1]; c == '?' || c == '!' || hasUnreliableEndChars(tok) {
		return true
	}
	for i := 0; i+1 < n; i++ {
		switch tok[i] {
		case '.':
			switch tok[i+1] {
			case '[', '(', '"', '\'':
				return true
			}
		case '?', '!':
			switch tok[i+1] {
			case '[', '(':
				return true
			}
		}
	}
	return false
}

// isInitial matches ^[A-Za-z]\.$.
func isInitial(tok string) bool {
	return len(tok) == 2 && tok[1] == '.' && ('a' <= tok[0] && tok[0] <= 'z' || 'A' <= tok[0] && tok[0] <= 'Z')
}

// isListNumber matches ^\d+.?\)?$, where . is any character but "\n" (an
// invalid byte counting as one).
func isListNumber(tok string) bool {
	i := 0
	for i < len(tok) && isDigit(tok[i]) {
		i++
	}
	if i == 0 {
		return false
	}
	rest := tok[i:]
	if rest == "" || rest == ")" {
		return true
	}
	r, size := utf8.DecodeRuneInString(rest)
	if r == '\n' {
		return false
	}
	rest = rest[size:]
	return rest == "" || rest == ")"
}

// isCoordinatePartTwo matches ^[0-9]*\.[0-9]*\.[0-9]*\.$.
func isCoordinatePartTwo(tok string) bool {
	if !strings.HasSuffix(tok, ".") {
		return false
	}
	dots := 0
	for i := 0; i < len(tok); i++ {
		switch c := tok[i]; {
		case c == '.':
			dots++
		case !isDigit(c):
			return false
		}
	}
	return dots == 3
}

// hasMultiPunctAbbr reports whether ((?:[\w]\.)+[\w]*\.) matches in tok: a
// word character and a period, then word characters and a period.
func hasMultiPunctAbbr(tok string) bool {
	for p := 0; p+2 < len(tok); p++ {
		if tok[p+1] != '.' || !isWordByte(tok[p]) {
			continue
		}
		j := p + 2
		for j < len(tok) && isWordByte(tok[j]) {
			j++
		}
		if j < len(tok) && tok[j] == '.' {
			return true
		}
	}
	return false
}

// firstUpper reports whether tok's first character is upper case (an
// invalid byte is U+FFFD, which is not).
func firstUpper(tok string) bool {
	if tok == "" {
		return false
	}
	if c := tok[0]; c < utf8.RuneSelf {
		return 'A' <= c && c <= 'Z'
	}
	r, _ := utf8.DecodeRuneInString(tok)
	return unicode.IsUpper(r)
}

// firstLower reports whether tok's first character is lower case.
func firstLower(tok string) bool {
	if tok == "" {
		return false
	}
	if c := tok[0]; c < utf8.RuneSelf {
		return 'a' <= c && c <= 'z'
	}
	r, _ := utf8.DecodeRuneInString(tok)
	return unicode.IsLower(r)
}

// proseMultiPunctAnnotation is prose's multiPunctWordAnnotation for the
// pair one, two (see the package documentation).
func (t *Tokenizer) proseMultiPunctAnnotation(one, two *token) {
	oneTok, twoTok := t.text[one.start:one.end], t.text[two.start:two.end]
	periodFinal := strings.HasSuffix(oneTok, ".")
	if periodFinal && twoTok == "." {
		one.sentBreak = false
		two.sentBreak = false
		return
	}
	nonBreak := periodFinal && !one.sentBreak
	ellipsis := looksLikeEllipsis(oneTok)
	internal := one.sentBreak && looksInternal(oneTok)
	var nextTyp []byte
	if nonBreak || ellipsis || internal {
		t.buf = appendTypeNoSentPeriod(t.buf[:0], twoTok, two.sentBreak)
		nextTyp = t.buf
		starter := t.m.starters[string(nextTyp)]
		if ellipsis && (firstUpper(twoTok) || starter) {
			one.sentBreak = true
			return
		}
		if internal && firstLower(twoTok) && !starter {
			one.sentBreak = false
			return
		}
		if nonBreak && firstUpper(twoTok) && t.m.ortho[string(nextTyp)]&orthoLc != 0 {
			one.sentBreak = true
		}
	}
	if !hasMultiPunctAbbr(oneTok) || isInitial(oneTok) {
		return
	}
	one.abbr = true
	one.sentBreak = false
	if nextTyp == nil {
		t.buf = appendTypeNoSentPeriod(t.buf[:0], twoTok, two.sentBreak)
		nextTyp = t.buf
	}
	if t.orthoHeuristic(twoTok, nextTyp) == 1 || firstUpper(twoTok) && t.m.starters[string(nextTyp)] {
		one.sentBreak = true
	}
}

// proseHasSentEndChars is prose's HasSentEndChars: tok ends in "?" or "!",
// or in ".", "?" or "!" and a closing quote or parenthesis (but not ".'"),
// and holds no "Yahoo!"; or it has ".[", ".(", ".\"", "?[", "?(", "![" or
// "!(" in it.
func proseHasSentEndChars(tok string) bool {
	n := len(tok)
	if n == 0 {
		return false
	}
	if c := tok[n-1]; (c == '?' || c == '!' || hasUnreliableEndChars(tok) && !strings.HasSuffix(tok, ".'")) &&
		!strings.Contains(tok, "Yahoo!") {
		return true
	}
	for i := 0; i+1 < n; i++ {
		switch tok[i] {
		case '.':
			switch tok[i+1] {
			case '[', '(', '"':
				return true
			}
		case '?', '!':
			switch tok[i+1] {
			case '[', '(':
				return true
			}
		}
	}
	return false
}

// looksLikeEllipsis reports whether (?:\.\s?){2,}\. matches in tok: three
// periods or more, each separated from the next by at most one white space
// character of regular expressions (\s: tab, newline, form feed, carriage
// return, space).
func looksLikeEllipsis(tok string) bool {
	run := 0 // periods in the chain ending at the last period seen
	gap := 0 // bytes since that period
	for i := 0; i < len(tok); i++ {
		switch c := tok[i]; {
		case c == '.':
			if run > 0 && gap <= 1 {
				run++
			} else {
				run = 1
			}
			gap = 0
			if run == 3 {
				return true
			}
		case gap == 0 && run > 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'):
			gap = 1
		default:
			run, gap = 0, 0
		}
	}
	return false
}

// looksInternal reports whether tok ends in punctuation that can stand
// inside a sentence: ")", "’", "”", "\"" or "'".
func looksInternal(tok string) bool {
	return strings.HasSuffix(tok, ")") || strings.HasSuffix(tok, "’") || strings.HasSuffix(tok, "”") ||
		strings.HasSuffix(tok, "\"") || strings.HasSuffix(tok, "'")
}
