package main

import (
	"html"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

// isBlockTag reports whether the HTML element name ends a line of text
// in ChatNoir's plain rendering; other tags (<em>, <a>, <b>, …) are
// dropped in place.
func isBlockTag(name string) bool {
	switch name {
	case "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "footer",
		"h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section",
		"table", "td", "th", "title", "tr", "ul":
		return true
	}
	return false
}

// plainText turns the HTML subset of ChatNoir's plain rendering of a page
// into text: block elements become line breaks, other tags vanish, and
// character references are decoded. Runs of spaces within a line are
// collapsed and empty lines dropped. A "<" that starts no tag is text.
func plainText(page string) string {
	var b strings.Builder
	for {
		lt := strings.IndexByte(page, '<')
		gt := -1
		if lt >= 0 {
			gt = strings.IndexByte(page[lt:], '>')
		}
		if lt < 0 || gt < 0 || !isTagStart(page[lt+1:]) {
			if lt < 0 || gt < 0 {
				b.WriteString(page)
				break
			}
			b.WriteString(page[:lt+1])
			page = page[lt+1:]
			continue
		}
		b.WriteString(page[:lt])
		if isBlockTag(tagName(page[lt+1 : lt+gt])) {
			b.WriteByte('\n')
		}
		page = page[lt+gt+1:]
	}
	var out []string
	for line := range strings.Lines(html.UnescapeString(b.String())) {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// isTagStart reports whether s (the text after a "<") starts a tag, an
// end tag, a comment or a declaration.
func isTagStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r == '/' || r == '!' || r < utf8.RuneSelf && unicode.IsLetter(r)
}

// tagName returns the lower-case element name of a tag's inside
// ("/P class=x" gives "p").
func tagName(tag string) string {
	tag = strings.TrimPrefix(tag, "/")
	end := strings.IndexFunc(tag, func(r rune) bool { return unicode.IsSpace(r) || r == '/' })
	if end >= 0 {
		tag = tag[:end]
	}
	return strings.ToLower(tag)
}

// sentences yields the sentences of a plain text: each line is split after
// ".", "!" or "?" (and any closing quotes or brackets) where a space and
// an upper-case letter, digit or opening quote follow. It is a simple rule
// that suits web text; abbreviations such as "Dr. Smith" split too, which
// costs the scores little.
func sentences(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for line := range strings.Lines(text) {
			line = strings.TrimSpace(line)
			for line != "" {
				end := sentenceEnd(line)
				if s := strings.TrimSpace(line[:end]); s != "" && !yield(s) {
					return
				}
				line = strings.TrimSpace(line[end:])
			}
		}
	}
}

// sentenceEnd returns the length of the first sentence of line.
func sentenceEnd(line string) int {
	for i := 0; i < len(line); i++ {
		if c := line[i]; c != '.' && c != '!' && c != '?' {
			continue
		}
		j := i + 1
		for j < len(line) && strings.IndexByte(`"')]`, line[j]) >= 0 {
			j++
		}
		if j >= len(line) || line[j] != ' ' {
			continue
		}
		next, _ := utf8.DecodeRuneInString(strings.TrimLeft(line[j:], " "))
		if unicode.IsUpper(next) || unicode.IsDigit(next) || strings.ContainsRune(`"'“‘([`, next) {
			return j
		}
	}
	return len(line)
}
