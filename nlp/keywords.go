package nlp

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"github.com/argsearch/argsearch/internal/stopwords"
)

// A keyword is a key phrase of a text and its RAKE score.
type keyword struct {
	Phrase string  // lower-case words joined by single spaces
	Score  float64 // the sum of its words' degree-to-frequency ratios
}

// Keywords returns the key phrases of text by RAKE, Rapid Automatic
// Keyword Extraction (Rose, Engel, Cramer and Cowley, 2010), best first:
// lower-case words joined by single spaces.
//
// The candidates are the maximal runs of words that hold no stop word
// (isStop; nil means Snowball's English stop list) and no phrase delimiter: any
// character but a letter, a digit, white space, an inner apostrophe or an
// inner hyphen. A word is a run of letters and digits (with inner
// apostrophes and hyphens), lower-cased; a word without a letter (a number)
// is a delimiter too. Each word scores its degree (the summed lengths, in
// words, of the candidates it occurs in, each occurrence counted) divided
// by its frequency (its number of occurrences in candidates), and a
// candidate the sum of its words' scores. A candidate that occurs twice
// is listed once; equal scores keep the order of first occurrence. The
// paper's extension to keywords with inner stop words ("axis of evil") is
// not done.
func Keywords(text string, isStop func(string) bool) []string {
	ks := rake(text, isStop)
	phrases := make([]string, len(ks))
	for i, k := range ks {
		phrases[i] = k.Phrase
	}
	return phrases
}

// rake returns the key phrases of text with their scores, best first: see
// Keywords.
func rake(text string, isStop func(string) bool) []keyword {
	if isStop == nil {
		isStop = stopwords.Snowball
	}
	var cands [][]string
	var cur []string
	end := func() {
		if len(cur) > 0 {
			cands = append(cands, cur)
			cur = nil
		}
	}
	for _, tok := range keywordTokens(text) {
		if tok == "" || isStop(tok) || !strings.ContainsFunc(tok, unicode.IsLetter) {
			end()
			continue
		}
		cur = append(cur, tok)
	}
	end()
	degree, freq := map[string]int{}, map[string]int{}
	for _, c := range cands {
		for _, w := range c {
			degree[w] += len(c)
			freq[w]++
		}
	}
	var out []keyword
	seen := map[string]bool{}
	for _, c := range cands {
		phrase := strings.Join(c, " ")
		if seen[phrase] {
			continue
		}
		seen[phrase] = true
		var score float64
		for _, w := range c {
			score += float64(degree[w]) / float64(freq[w])
		}
		out = append(out, keyword{Phrase: phrase, Score: score})
	}
	slices.SortStableFunc(out, func(a, b keyword) int { return cmp.Compare(b.Score, a.Score) })
	return out
}

// keywordTokens splits text into lower-case words and "" for each phrase
// delimiter.
func keywordTokens(text string) []string {
	var toks []string
	rs := []rune(text)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			j := i + 1
			for j < len(rs) {
				if unicode.IsLetter(rs[j]) || unicode.IsDigit(rs[j]) {
					j++
					continue
				}
				// An apostrophe or hyphen between two letters or digits.
				if (rs[j] == '\'' || rs[j] == '’' || rs[j] == '-') && j+1 < len(rs) && (unicode.IsLetter(rs[j+1]) || unicode.IsDigit(rs[j+1])) {
					j += 2
					continue
				}
				break
			}
			toks = append(toks, strings.ToLower(strings.ReplaceAll(string(rs[i:j]), "’", "'")))
			i = j
		case unicode.IsSpace(r):
			i++
		default:
			toks = append(toks, "")
			i++
		}
	}
	return toks
}
