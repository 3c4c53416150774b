package chatnoir

import (
	"html"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// snippetLead is how many words a snippet shows before its first match.
const snippetLead = 5

// A span is a word of a text, by byte offsets.
type span struct{ start, end int }

// wordSpans returns the words of text: runs of letters, digits and marks,
// with an apostrophe between two letters inside a word ("don't").
func wordSpans(text string) []span {
	var out []span
	start := -1
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
		if !inWord && start >= 0 && (r == '\'' || r == '’') {
			next, _ := utf8.DecodeRuneInString(text[i+n:])
			inWord = unicode.IsLetter(next)
		}
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			out = append(out, span{start, i})
			start = -1
		}
		i += n
	}
	if start >= 0 {
		out = append(out, span{start, len(text)})
	}
	return out
}

// matches marks the words of text whose terms (by the index's analysis)
// include one of the query's.
func (h *Handler) matches(text string, words []span, query map[string]bool) []bool {
	hit := make([]bool, len(words))
	if len(query) == 0 {
		return hit
	}
	h.words.With(func(terms func([]string, string) []string) {
		var buf []string
		for i, w := range words {
			buf = terms(buf[:0], text[w.start:w.end])
			for _, t := range buf {
				if query[t] {
					hit[i] = true
					break
				}
			}
		}
	})
	return hit
}

// snippet returns the passage of snippetWords words of text that holds the
// most words matching the query (the first such, begun a few words before
// its first match), HTML-escaped, white space collapsed, the matching
// words in <em>.
func (h *Handler) snippet(text string, query map[string]bool) string {
	words := wordSpans(text)
	if len(words) == 0 {
		return html.EscapeString(strings.TrimSpace(collapse(text)))
	}
	hit := h.matches(text, words, query)
	best, bestAt, count := -1, 0, 0
	for i := range words {
		if hit[i] {
			count++
		}
		if i >= snippetWords && hit[i-snippetWords] {
			count--
		}
		if (i >= snippetWords-1 || i == len(words)-1) && count > best {
			best, bestAt = count, max(0, i-snippetWords+1)
		}
	}
	// Begin a few words before the window's first match, keeping its
	// matches.
	if first := slices.Index(hit[bestAt:], true); first >= 0 {
		bestAt = min(max(bestAt, bestAt+first-snippetLead), max(0, len(words)-snippetWords))
	}
	end := min(bestAt+snippetWords, len(words))
	from, to := words[bestAt].start, len(text)
	if bestAt == 0 {
		from = 0
	}
	if end < len(words) {
		to = words[end].start
	}
	return render(text, words[bestAt:end], hit[bestAt:end], from, to)
}

// highlightAll returns the whole of text (a title) escaped and highlighted.
func (h *Handler) highlightAll(text string, query map[string]bool) string {
	words := wordSpans(text)
	return render(text, words, h.matches(text, words, query), 0, len(text))
}

// render writes text[from:to], HTML-escaped with white space collapsed, with
// <em> around the words that hit.
func render(text string, words []span, hit []bool, from, to int) string {
	var b strings.Builder
	at := from
	for i, w := range words {
		if w.start < from || w.end > to {
			continue
		}
		b.WriteString(html.EscapeString(collapse(text[at:w.start])))
		if hit[i] {
			b.WriteString("<em>")
		}
		b.WriteString(html.EscapeString(text[w.start:w.end]))
		if hit[i] {
			b.WriteString("</em>")
		}
		at = w.end
	}
	b.WriteString(html.EscapeString(collapse(text[at:to])))
	return strings.TrimSpace(b.String())
}

// collapse replaces each run of white space in s by one space.
func collapse(s string) string {
	if !strings.ContainsFunc(s, unicode.IsSpace) {
		return s
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}
