package main

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/topics"
)

// generatedTopics returns the topics of the quick path (no -i): the real
// Touché 2022 Task 2 topics, with their numbers, texts and objects, and a
// function that rewrites a generated passage (corpustest.WritePassages of
// c) so that it speaks of them: the generator writes comparisons of the
// two objects of each of its own topics (corpustest.ComparativeTopics),
// whose words become those of the real topic in the same place. The
// passages stay generated, so nothing of a run on them is judged; but the
// run answers the real topics, and -evaluate scores it as it scores any
// other run.
func generatedTopics(c corpustest.Config) ([]topics.Topic, func(string) string, error) {
	d, err := comparative.Load(2022)
	if err != nil {
		return nil, nil, err
	}
	gen := corpustest.ComparativeTopics(c)
	if len(gen) < len(d.Topics) {
		return nil, nil, fmt.Errorf("%d generated topics for the %d of 2022", len(gen), len(d.Topics))
	}
	words := make(map[string]string, 2*len(d.Topics))
	for i, t := range d.Topics {
		if len(t.Objects) != 2 {
			return nil, nil, fmt.Errorf("topic %s of 2022 has %d objects, want 2", t.ID, len(t.Objects))
		}
		for j, o := range gen[i].Objects {
			words[o] = t.Objects[j]
		}
	}
	return d.Topics, func(s string) string { return replaceWords(s, words) }, nil
}

// replaceWords replaces in s each word (a run of letters, ASCII or not)
// that words maps, as it is or with its first letter capitalized (at the
// start of a sentence), by its value, capitalized alike.
func replaceWords(s string, words map[string]string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if !isWordByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		w := s[i:j]
		r, ok := words[w]
		if !ok && 'A' <= w[0] && w[0] <= 'Z' {
			if r, ok = words[string(w[0]-'A'+'a')+w[1:]]; ok {
				r = capitalize(r)
			}
		}
		if ok {
			b.WriteString(s[last:i])
			b.WriteString(r)
			last = j
		}
		i = j
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// isWordByte reports whether c belongs to a word: an ASCII letter or a
// byte of a non-ASCII character.
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// capitalize upper-cases an ASCII first letter.
func capitalize(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
