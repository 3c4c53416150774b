package stance

import (
	"context"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/textfeat"
)

// An alignment says how an args.me conclusion relates to a topic.
type alignment int8

// The alignments align distinguishes.
const (
	unrelated alignment = iota // no topic term in the conclusion
	same                       // the conclusion states the topic's proposition
	opposite                   // the conclusion states its negation or opposite
)

// align decides whether conclusion states the same proposition as topic or
// its opposite, and returns the share of the topic's content words (by stem)
// that the conclusion contains, in [0, 1].
//
// The topic's content words leave out its direction words and negation cues
// (in "Should we ban guns?" only "guns" counts). A conclusion without any of
// them is unrelated. Else
// each text gets a polarity: -1 for every negation cue ("not", "no",
// "never", "should not", "n't") and -1 for every word that argues against
// something ("ban", "prohibit", "abolish", "illegal", "oppose", …);
// "allow", "legalize", "keep" and the like count +1 (no flip). Conclusions
// and topics are short, so no scope is computed. The conclusion is the same when the two polarities
// agree and opposite when they differ. For the topic "Should we ban guns?"
// (polarity -1), "Ban guns" is the same; "Guns should not be banned" (one
// negation, one ban: +1) and "Guns should be legal" (+1) are opposite.
func align(topic, conclusion string) (alignment, float64) {
	tt := textfeat.NewTopic(topic, true)
	if len(tt.Stems) == 0 {
		return unrelated, 0
	}
	var b1, b2 [64]string
	ttoks := textfeat.Tokenize(b1[:0], topic)
	ctoks := textfeat.Tokenize(b2[:0], conclusion)
	found := 0
	for _, s := range tt.Stems {
		for _, w := range ctoks {
			if textfeat.Stem(w) == s {
				found++
				break
			}
		}
	}
	if found == 0 {
		return unrelated, 0
	}
	share := float64(found) / float64(len(tt.Stems))
	if polarity(tt, ttoks) == polarity(tt, ctoks) {
		return same, share
	}
	return opposite, share
}

// polarity is -1 to the power of the negation cues and against-words in
// toks that are not topic terms.
func polarity(tt textfeat.Topic, toks []string) int {
	a := textfeat.Annotate(tt, toks)
	p := 1
	for i, w := range toks {
		if textfeat.IsNegation(w) {
			p = -p
			continue
		}
		if textfeat.Direction(w) < 0 && !a.IsTopic[i] {
			p = -p
		}
	}
	return p
}

// ArgsMe maps args.me premise stances onto a topic. In args.me a premise's
// PRO or CON is relative to its argument's conclusion, not to the query:
// ArgsMe aligns the conclusion with the topic and flips the label
// when the conclusion states the opposite of the topic.
//
// The zero value is ready to use and safe for concurrent use.
type ArgsMe struct{}

// Premise returns the stance towards topic of a premise whose stance towards
// conclusion is premise (Pro or Con), with the alignment's topic-word share
// as confidence. It returns Unknown when the conclusion is unrelated to the
// topic or premise is neither Pro nor Con.
func (ArgsMe) Premise(topic, conclusion string, premise Stance) (Stance, float64) {
	if premise != Pro && premise != Con {
		return Unknown, 0
	}
	switch a, share := align(topic, conclusion); a {
	case same:
		return premise, share
	case opposite:
		return premise.opposite(), share
	}
	return Unknown, 0
}

// Tag implements Tagger for a text that is an argument's conclusion (or a
// premise labelled PRO towards it): Pro when it states the topic's
// proposition, Con when it states the opposite, Unknown when unrelated.
func (x ArgsMe) Tag(ctx context.Context, topic, conclusion string) (Stance, float64, error) {
	if err := nilctx.Check(ctx, "stance: ArgsMe.Tag"); err != nil {
		return Unknown, 0, err
	}
	if err := ctx.Err(); err != nil {
		return Unknown, 0, err
	}
	if err := CheckInput(topic, conclusion); err != nil {
		return Unknown, 0, err
	}
	s, c := x.Premise(topic, conclusion, Pro)
	return s, c, nil
}
