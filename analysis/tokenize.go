package analysis

import (
	"unicode/utf8"

	"github.com/blevesearch/segment"
)

// ASCII character classes of UAX#29 word segmentation.
const (
	clOther  = iota
	clLetter // ALetter
	clDigit  // Numeric
	clExtend // ExtendNumLet: '_'
	clMidL   // MidLetter: ':'
	clMidNL  // MidNumLet and Single_Quote: '.', '\''
	clMidN   // MidNum: ',', ';'
)

var asciiClass = func() (t [128]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = clLetter
		t[c-'a'+'A'] = clLetter
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = clDigit
	}
	t['_'] = clExtend
	t[':'] = clMidL
	t['.'], t['\''] = clMidNL, clMidNL
	t[','], t[';'] = clMidN, clMidN
	return t
}()

// appendWords appends the word tokens of text to dst, as bleve's unicode
// tokenizer (blevesearch/segment, UAX#29) finds them: segments of any type
// but None. ASCII takes a fast path that applies the UAX#29 rules for
// ASCII directly (WB5–WB13b); only the stretches of text around other
// characters go to segment (see nextSpan), so that a sentence with one
// accented word is not segmented whole.
func appendWords(dst [][]byte, types []int, text []byte) ([][]byte, []int) {
	if !utf8.Valid(text) {
		// segment stops at invalid UTF-8 (the corpus readers repair it);
		// it is given the whole text, as before spans, to lose what it
		// always lost.
		return unicodeWords(dst, types, text)
	}
	for i := 0; i < len(text); {
		ascii, end := nextSpan(text, i)
		if ascii {
			dst = asciiWords(dst, text[i:end])
		} else {
			dst, types = unicodeWords(dst, types, text[i:end])
		}
		i = end
	}
	return dst, types
}

// nextSpan returns the end of the span of text that starts at i, and
// whether it is all ASCII. Spans end where UAX#29 always breaks and no
// state of the tokenizer (emoji sequences included) or of Unicode
// normalization and case folding carries over: after a space that an
// ASCII character other than a space follows (WB3d, WB4 and WB5–WB13b all
// need a letter, digit or joiner on the left; a space composes with
// nothing and an ASCII character with nothing before it). A non-ASCII span
// runs from such a point before its first non-ASCII byte to such a point
// after its last; an ASCII span runs up to the next non-ASCII span. So
// segmenting (or folding) span by span gives what segmenting the whole
// text gives.
func nextSpan(text []byte, i int) (ascii bool, end int) {
	n := len(text)
	j := i
	for j < n && text[j] < utf8.RuneSelf {
		j++
	}
	if j == n {
		return true, n
	}
	// The last cut at or before j; a cut needs an ASCII non-space byte
	// after the space, so it lies before j.
	for q := j - 2; q >= i; q-- {
		if text[q] == ' ' && text[q+1] != ' ' {
			return true, q + 1
		}
	}
	// The span starts at i (a cut, or the start); it holds text[j], and
	// ends at the first cut after it.
	for k := j + 1; k < n; k++ {
		if text[k-1] == ' ' && text[k] < utf8.RuneSelf && text[k] != ' ' {
			return false, k
		}
	}
	return false, n
}

// asciiWords appends the word tokens of ASCII text to dst (UAX#29 for
// ASCII).
func asciiWords(dst [][]byte, text []byte) [][]byte {
	n := len(text)
	for i := 0; i < n; {
		c := asciiClass[text[i]]
		if c != clLetter && c != clDigit && c != clExtend {
			i++
			continue
		}
		j := i + 1
		for j < n {
			prev, cur := asciiClass[text[j-1]], asciiClass[text[j]]
			if cur == clLetter || cur == clDigit || cur == clExtend {
				j++ // WB5, WB8, WB9, WB10, WB13a, WB13b
				continue
			}
			if j+1 < n {
				next := asciiClass[text[j+1]]
				if prev == clLetter && next == clLetter && (cur == clMidL || cur == clMidNL) {
					j += 2 // WB6, WB7
					continue
				}
				if prev == clDigit && next == clDigit && (cur == clMidN || cur == clMidNL) {
					j += 2 // WB11, WB12
					continue
				}
			}
			break
		}
		dst = append(dst, text[i:j])
		i = j
	}
	return dst
}

// unicodeWords is appendWords for any text, by segment, plus emoji: as
// Lucene 8's StandardTokenizer does (and segment does not), an emoji
// sequence is a token (a pictograph with its variation selector, skin-tone
// modifier, keycap or tag characters, and further pictographs joined by
// ZWJ).
func unicodeWords(dst [][]byte, types []int, text []byte) ([][]byte, []int) {
	var err error
	var toks [][]byte
	toks, types, _, err = segment.SegmentWordsDirect(text, nil, types[:0])
	if err != nil {
		types = types[:min(len(types), len(toks))]
	}
	off := 0
	emoji, start, end, joined, regional := false, 0, 0, false, 0
	flush := func() {
		if emoji {
			dst = append(dst, text[start:end])
			emoji = false
		}
	}
	for i, t := range toks {
		if i >= len(types) {
			break
		}
		if types[i] != segment.None {
			flush()
			dst = append(dst, t)
			off += len(t)
			continue
		}
		for j, r := range string(t) {
			o := off + j
			n := utf8.RuneLen(r)
			if n < 0 {
				n = 1
			}
			switch {
			case emoji && (isEmojiModifier(r) || r == 0xFE0F || r == 0x20E3 || (r >= 0xE0020 && r <= 0xE007F)):
				end = o + n
			case emoji && r == 0x200D:
				end, joined = o+n, true
			case emoji && joined && isPictograph(r):
				end, joined = o+n, false
			case emoji && isRegional(r) && regional == 1:
				end, regional = o+n, 2 // a flag: a pair of regional indicators
			default:
				flush()
				if isPictograph(r) || isEmojiModifier(r) {
					emoji, start, end, joined, regional = true, o, o+n, false, 0
					if isRegional(r) {
						regional = 1
					}
				}
			}
		}
		off += len(t)
	}
	flush()
	return dst, types
}

func isEmojiModifier(r rune) bool { return r >= 0x1F3FB && r <= 0x1F3FF }

func isRegional(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

// isPictograph approximates Unicode's Extended_Pictographic property
// (which Go's unicode package lacks) by its blocks.
func isPictograph(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF:
		return !isEmojiModifier(r)
	case r >= 0x2600 && r <= 0x27BF, r >= 0x2B00 && r <= 0x2BFF, r >= 0x2300 && r <= 0x23FF:
		return true
	case r == 0x00A9, r == 0x00AE, r == 0x203C, r == 0x2049, r == 0x2122, r == 0x2139,
		r >= 0x2194 && r <= 0x21AA, r >= 0x25AA && r <= 0x25FE, r == 0x2934, r == 0x2935,
		r == 0x3030, r == 0x303D, r == 0x3297, r == 0x3299:
		return true
	}
	return false
}

// maxTokenRunes is Lucene's StandardTokenizer default maximum token length:
// longer tokens are split into pieces of this many characters.
const maxTokenRunes = 255

// splitLong appends tok to dst, cut into pieces of at most maxTokenRunes
// runes.
func splitLong(dst [][]byte, tok []byte) [][]byte {
	for len(tok) > maxTokenRunes {
		n, i := 0, 0
		for i < len(tok) && n < maxTokenRunes {
			_, size := utf8.DecodeRune(tok[i:])
			i += size
			n++
		}
		if i == len(tok) {
			break
		}
		dst = append(dst, tok[:i])
		tok = tok[i:]
	}
	return append(dst, tok)
}

// onlyUnderscores reports whether tok is made of '_' alone; segment makes
// such runs a token, Lucene does not.
func onlyUnderscores(tok []byte) bool {
	for _, c := range tok {
		if c != '_' {
			return false
		}
	}
	return true
}
