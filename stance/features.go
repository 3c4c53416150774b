package stance

import (
	"sort"
	"strings"

	"github.com/argsearch/argsearch/internal/linear"
	"github.com/argsearch/argsearch/internal/textfeat"
)

// FeatureVersion names the topic-aware feature extractor of Model; it is
// stored in model files and checked when they are read.
const FeatureVersion = "stance/1"

// negationWindow is how many tokens a negation cue's scope reaches at most;
// a punctuation token ends it earlier.
const negationWindow = 4

// nearWindow is how far from a topic term a word counts as near it.
const nearWindow = 3

// A topicTerms holds the stems of a topic's content words.
type topicTerms struct {
	stems []string
	key   string // the stems sorted and joined: identifies the topic
}

func newTopicTerms(topic string) topicTerms { return topicTermsOf(topic, false) }

// topicTermsOf returns the topic's terms; with propositional set, direction
// words ("ban", "legalize") and negation cues are left out, so that what is
// matched is the proposition's subject, not its verb.
func topicTermsOf(topic string, propositional bool) topicTerms {
	var buf [16]string
	var t topicTerms
	for _, w := range textfeat.Tokenize(topic, buf[:0]) {
		if textfeat.IsStopword(w) || textfeat.IsPunct(w) || w == textfeat.URL || w == textfeat.Number {
			continue
		}
		if propositional && (textfeat.Direction(w) != 0 || textfeat.IsNegation(w)) {
			continue
		}
		s := textfeat.Stem(w)
		dup := false
		for _, x := range t.stems {
			dup = dup || x == s
		}
		if !dup {
			t.stems = append(t.stems, s)
		}
	}
	sorted := append([]string(nil), t.stems...)
	sort.Strings(sorted)
	t.key = strings.Join(sorted, "+")
	return t
}

func (t topicTerms) matches(tok string) bool {
	if len(t.stems) == 0 || textfeat.IsPunct(tok) {
		return false
	}
	s := textfeat.Stem(tok)
	for _, x := range t.stems {
		if s == x {
			return true
		}
	}
	return false
}

// stanceFeatures adds the topic-aware stance features of toks to v and
// normalises it:
//
//   - word unigrams and bigrams over the text with topic terms replaced by
//     "<T>", and words in a negation scope prefixed "NOT_" (a scope runs
//     from a negation cue for up to four words, ending at punctuation);
//   - unigrams conjoined with the topic (they help within a topic and are
//     inert on unseen topics);
//   - words within three tokens of a topic term, marked "near";
//   - sentiment-bearing words, flipped inside a negation scope, counted
//     overall and near the topic;
//   - direction words (ban/abolish versus allow/legalize, flipped by
//     negation) that govern a following topic term;
//   - whether the topic is mentioned at all.
func stanceFeatures(topic topicTerms, toks []string, v *linear.Vector) {
	a := annotate(topic, toks)
	n := len(toks)
	isTopic, negated, nearT, mentions := a.isTopic, a.negated, a.nearT, a.mentions
	word := func(i int) string {
		if isTopic[i] {
			return "<T>"
		}
		return toks[i]
	}
	prev := "<s>"
	pos, neg, nearPos, nearNeg := 0, 0, 0, 0
	for i := range toks {
		w := word(i)
		mark := ""
		if negated[i] {
			mark = "NOT_"
		}
		v.Add3(1, "u", mark, w)
		v.Add3(1, "b", prev, w)
		prev = w
		if !isTopic[i] {
			v.Add3(0.5, "tu", topic.key, w)
		}
		if nearT[i] && !isTopic[i] {
			v.Add3(1, "near", mark, w)
		}
		s := textfeat.Sentiment(toks[i])
		if negated[i] {
			s = -s
		}
		switch s {
		case 1:
			pos++
			if nearT[i] {
				nearPos++
			}
		case -1:
			neg++
			if nearT[i] {
				nearNeg++
			}
		}
		if d := textfeat.Direction(toks[i]); d != 0 {
			if negated[i] {
				d = -d
			}
			for j := i + 1; j <= min(n-1, i+nearWindow); j++ {
				if isTopic[j] {
					if d > 0 {
						v.Add2(1, "dirT", "+")
					} else {
						v.Add2(1, "dirT", "-")
					}
					break
				}
			}
		}
	}
	v.Add3(1, "b", prev, "</s>")
	v.Add2(float32(min(pos, 4))/2, "sent", "+")
	v.Add2(float32(min(neg, 4))/2, "sent", "-")
	v.Add2(float32(min(nearPos, 3)), "nearsent", "+")
	v.Add2(float32(min(nearNeg, 3)), "nearsent", "-")
	switch {
	case pos > neg:
		v.Add2(1, "balance", "+")
	case neg > pos:
		v.Add2(1, "balance", "-")
	default:
		v.Add2(1, "balance", "0")
	}
	if mentions > 0 {
		v.Add2(1, "topic", "mentioned")
	} else {
		v.Add2(1, "topic", "absent")
	}
	v.Normalize()
}

// An annotation marks, for each token of a text, whether it is a topic term,
// inside a negation scope, or near a topic term.
type annotation struct {
	isTopic, negated, nearT []bool
	mentions                int // number of topic-term tokens
}

func annotate(topic topicTerms, toks []string) annotation {
	n := len(toks)
	flags := make([]bool, 3*n)
	a := annotation{isTopic: flags[:n:n], negated: flags[n : 2*n : 2*n], nearT: flags[2*n:]}
	scope := 0
	for i, t := range toks {
		a.isTopic[i] = topic.matches(t)
		if a.isTopic[i] {
			a.mentions++
			for j := max(0, i-nearWindow); j <= min(n-1, i+nearWindow); j++ {
				a.nearT[j] = true
			}
		}
		switch {
		case textfeat.IsPunct(t):
			scope = 0
		case textfeat.IsNegation(t):
			scope = negationWindow
		case scope > 0:
			a.negated[i] = true
			scope--
		}
	}
	return a
}
