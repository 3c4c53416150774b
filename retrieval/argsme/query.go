package argsme

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A parsedQuery is a search query in args.me's syntax, taken apart.
type parsedQuery struct {
	// search is the text the bag-of-words index is given: the query as
	// written when it uses no syntax, else its words without the quotes
	// and plus signs.
	search string
	// words is the query's words without the syntax, for Handler.Stance.
	words string
	// required are the phrases and +terms an argument must hold, as
	// written (analysed when matched).
	required []string
}

// parseQuery reads args.me's query syntax: "double quotes" around a phrase,
// which an argument must hold word for word, and + before a term, which an
// argument must hold (+"a phrase" is a phrase). A quote left open runs to the
// end of the query. A + that does not begin a term (inside a word, or
// alone) is an ordinary character. Every other word is matched as the index
// matches words: it ranks, it does not filter.
func parseQuery(q string) parsedQuery {
	var (
		words    []string
		required []string
		syntax   bool
	)
	for i := 0; i < len(q); {
		r, n := utf8.DecodeRuneInString(q[i:])
		switch {
		case unicode.IsSpace(r):
			i += n
		case r == '"' || r == '+' && i+1 < len(q) && q[i+1] == '"':
			syntax = true
			if r == '+' {
				i++
			}
			i++ // the opening quote
			end := strings.IndexByte(q[i:], '"')
			if end < 0 {
				end = len(q) - i
			}
			phrase := q[i : i+end]
			i += end + 1
			if f := strings.Fields(phrase); len(f) > 0 {
				words = append(words, f...)
				required = append(required, phrase)
			}
		default:
			start := i
			for i < len(q) {
				r, n := utf8.DecodeRuneInString(q[i:])
				if unicode.IsSpace(r) || r == '"' && i > start {
					break
				}
				i += n
			}
			word := q[start:i]
			if t, ok := strings.CutPrefix(word, "+"); ok && t != "" {
				syntax = true
				words = append(words, t)
				required = append(required, t)
				continue
			}
			words = append(words, word)
		}
	}
	p := parsedQuery{words: strings.Join(words, " "), required: required, search: q}
	if syntax {
		p.search = p.words
	}
	return p
}
