package lexical

import "github.com/blevesearch/segment"

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
// but None. Pure ASCII text takes a fast path that applies the UAX#29
// rules for ASCII directly (WB5–WB13b); other text goes to segment.
func appendWords(dst [][]byte, types []int, text []byte) ([][]byte, []int) {
	for _, c := range text {
		if c >= 0x80 {
			return unicodeWords(dst, types, text)
		}
	}
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
	return dst, types
}

// unicodeWords is appendWords for any text, by segment.
func unicodeWords(dst [][]byte, types []int, text []byte) ([][]byte, []int) {
	start := len(dst)
	var err error
	var toks [][]byte
	toks, types, _, err = segment.SegmentWordsDirect(text, dst[start:], types[:0])
	if err != nil {
		types = types[:min(len(types), len(toks))]
	}
	dst = dst[:start]
	for i, t := range toks {
		if i < len(types) && types[i] != segment.None {
			dst = append(dst, t)
		}
	}
	return dst, types
}
