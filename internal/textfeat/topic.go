package textfeat

import (
	"slices"
	"strings"
)

// NegationWindow is how many tokens a negation cue's scope reaches at most;
// a punctuation token ends it earlier.
const NegationWindow = 4

// NearWindow is how far from a topic term a word counts as near it.
const NearWindow = 3

// A Topic holds the stems of a topic's content words.
type Topic struct {
	Stems []string
	Key   string // the stems sorted and joined: identifies the topic
}

// NewTopic returns the terms of a topic text. With propositional set,
// direction words ("ban", "legalize") and negation cues are left out, so
// that what is matched is the proposition's subject, not its verb.
func NewTopic(topic string, propositional bool) Topic {
	var buf [16]string
	var t Topic
	for _, w := range Tokenize(buf[:0], topic) {
		if IsStopword(w) || IsPunct(w) || w == URL || w == Number {
			continue
		}
		if propositional && (Direction(w) != 0 || IsNegation(w)) {
			continue
		}
		if s := Stem(w); !slices.Contains(t.Stems, s) {
			t.Stems = append(t.Stems, s)
		}
	}
	sorted := slices.Clone(t.Stems)
	slices.Sort(sorted)
	t.Key = strings.Join(sorted, "+")
	return t
}

// Matches reports whether the token tok is one of the topic's terms.
func (t Topic) Matches(tok string) bool {
	if len(t.Stems) == 0 || IsPunct(tok) {
		return false
	}
	return slices.Contains(t.Stems, Stem(tok))
}

// An Annotation marks, for each token of a text, whether it is a topic
// term, inside a negation scope, or near a topic term.
type Annotation struct {
	IsTopic, Negated, Near []bool
	Mentions               int // number of topic-term tokens
}

// Annotate annotates the tokens of a text (from Tokenize) for a topic.
func Annotate(topic Topic, toks []string) Annotation {
	n := len(toks)
	flags := make([]bool, 3*n)
	a := Annotation{IsTopic: flags[:n:n], Negated: flags[n : 2*n : 2*n], Near: flags[2*n:]}
	scope := 0
	for i, t := range toks {
		a.IsTopic[i] = topic.Matches(t)
		if a.IsTopic[i] {
			a.Mentions++
			for j := max(0, i-NearWindow); j <= min(n-1, i+NearWindow); j++ {
				a.Near[j] = true
			}
		}
		switch {
		case IsPunct(t):
			scope = 0
		case IsNegation(t):
			scope = NegationWindow
		case scope > 0:
			a.Negated[i] = true
			scope--
		}
	}
	return a
}

// TopicPolarity returns the direction a topic states about its subject:
// -1 for a topic that asks to ban, abolish, restrict or condemn something
// ("Should bottled water be banned?", "This house believes that advertising
// is harmful"), or that negates its proposition ("states should not
// subsidize tobacco"); +1 otherwise. The first direction word (Direction) or
// negative evaluation decides, flipped by a negation before it; a negation
// alone gives -1. A stance towards the topic is the topic's polarity times
// the text's sentiment towards the subject.
func TopicPolarity(topic string) int {
	var buf [32]string
	neg := 1
	for _, w := range Tokenize(buf[:0], topic) {
		if IsNegation(w) || w == "never" {
			neg = -neg
			continue
		}
		d := 0
		switch w {
		case "against", "for", "pro", "anti": // prepositions more often than stances in a topic
		case "harmful", "criminal", "criminalise", "disband", "forbidding", "wrong", "bad", "dangerous",
			"unjustified", "immoral", "evil", "unethical", "unfair":
			d = -1
		default:
			d = Direction(w)
		}
		if d != 0 {
			return d * neg
		}
	}
	return neg
}
