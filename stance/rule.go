package stance

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/internal/nilctx"
)

// A Rule is the library's one decision of the stances a Touché 2022 system
// writes; every system of package system, and the library's examples,
// decide stances with it. It is the pair-stance step of a system, apart
// from how the sentences were retrieved and paired:
//
//   - A sentence's stance (Sentence) is its argument's args.me label
//     towards the topic (Labels) where the labels reveal one, else Model's
//     tag, else Unknown.
//   - A pair's side (Sides) is its stance (Combine of its sentences'
//     stances, as the pair builders give it) when that is Pro or Con; else
//     its first sentence's args.me label when that reveals one; else the
//     side Model leans to over its two sentences read together (Side), so
//     that every pair gets PRO or CON. Without a Model, a pair the labels
//     are silent on is Unknown, which a run writes as "Q0".
//
// The zero Rule has no labels and no model. A Rule with only Labels is
// what the baselines use. A Rule is safe for concurrent use when Labels
// and Model are.
type Rule struct {
	// Labels returns the args.me label towards topic of the argument of
	// the sentence with id sentenceID, with its confidence (as
	// corpus.Store.Stance gives it), or Unknown; nil means no labels.
	Labels func(topic, sentenceID string) (Stance, float64)
	// Model tags the sentences the labels are silent on and leans pairs to
	// a side; nil means none (classify.ShippedStanceModel is the shipped
	// one).
	Model Model
	// Force gives every sentence Pro or Con: one that the labels and
	// Model's tag leave without a side takes the side Model leans to, with
	// its confidence. A pair builder, which never pairs opposite stances,
	// then pairs only sentences of one side.
	Force bool
	// Off writes no stance: Sentence gives Unknown and Sides gives every
	// pair Unknown ("Q0").
	Off bool
}

// A Model is a stance model as a Rule uses it: a Tagger that also says how
// far a text leans towards Pro and to which side. *classify.StanceModel is
// one.
type Model interface {
	Tagger
	// Lean is how far text leans towards Pro for topic, in [−1, 1].
	Lean(topic, text string) float64
	// Side is the side text leans to, Pro or Con, with a confidence.
	Side(topic, text string) (Stance, float64)
}

// A PairText is what a Rule reads of a pair of sentences: their combined
// stance (Combine) and their texts, and the id of the first sentence,
// whose args.me label decides when the combined stance takes no side.
type PairText struct {
	Stance        Stance
	FirstID       string
	First, Second string
}

// A Decider is the stance step of a system (system.Pipeline.Stance): it
// decides the stance of each candidate sentence, which a pair builder reads
// (pairing.Candidate.Stance), and then the side each pair is written with.
// Rule is the library's; one of one's own plugs in the same way. A Decider
// may also say which stances its runs hold with a method Stances()
// []Stance, as Rule does (the commands check runs against them).
type Decider interface {
	// Sentence returns the stance towards topic of the sentence with id
	// sentenceID and text, and its confidence in [0, 1].
	Sentence(ctx context.Context, topic, sentenceID, text string) (Stance, float64, error)
	// Sides returns the side each pair is written with, in order.
	Sides(topic string, pairs []PairText) []Stance
}

// Env is what a stance step may take from the environment a system runs it
// in (system.Env gives it to a system.Pipeline's Stance). A Decider that
// needs it has a method
//
//	Bind(env Env) (Decider, error)
//
// which returns it ready, what it lacks filled in from env; a system calls
// it for every topic, and uses a Decider without it as it is.
type Env interface {
	// Labels is the corpus's args.me label towards topic of the argument
	// of the sentence with id sentenceID, with its confidence
	// (corpus.Store.Stance).
	Labels(topic, sentenceID string) (Stance, float64)
	// Model is the stance model (the shipped one,
	// classify.ShippedStanceModel).
	Model() (Model, error)
}

// Bind returns the rule with env's args.me labels when its Labels is nil,
// and env's stance model when its Model is nil (see Env); a Rule that is
// Off takes neither. In a system.Pipeline, the zero Rule is thus the
// library's stance step: the labels, then the shipped model, PRO or CON
// for every pair.
func (r Rule) Bind(env Env) (Decider, error) {
	if r.Off {
		return r, nil
	}
	if r.Labels == nil {
		r.Labels = env.Labels
	}
	if r.Model == nil {
		m, err := env.Model()
		if err != nil {
			return nil, fmt.Errorf("stance: Rule: %w", err)
		}
		r.Model = m
	}
	return r, nil
}

// Sentence returns the stance towards topic of the sentence with id
// sentenceID and text, and its confidence (which Combine weighs), as the
// rule says. A sentence the model cannot take (CheckInput) is an error
// naming it.
func (r Rule) Sentence(ctx context.Context, topic, sentenceID, text string) (Stance, float64, error) {
	if err := nilctx.Check(ctx, "stance: Rule.Sentence"); err != nil {
		return Unknown, 0, err
	}
	if r.Off {
		return Unknown, 0, nil
	}
	s, conf := Unknown, 0.0
	if r.Labels != nil {
		s, conf = r.Labels(topic, sentenceID)
	}
	if s != Unknown || r.Model == nil {
		return s, conf, nil
	}
	s, conf, err := r.Model.Tag(ctx, topic, text)
	if err != nil {
		return Unknown, 0, fmt.Errorf("stance: stance of sentence %s: %w", sentenceID, err)
	}
	if r.Force && s != Pro && s != Con {
		s, conf = r.Model.Side(topic, text)
	}
	return s, conf, nil
}

// Sides returns the side the rule gives each pair for topic, in order.
func (r Rule) Sides(topic string, pairs []PairText) []Stance {
	out := make([]Stance, len(pairs))
	if r.Off {
		return out
	}
	var leans leanCache
	if r.Model != nil {
		leans = leanCache{m: r.Model, leans: map[string]float64{}}
	}
	labels := map[string]Stance{} // sentence id → its argument's args.me label towards topic
	for i, p := range pairs {
		s := p.Stance
		if s != Pro && s != Con {
			if l := r.label(topic, p.FirstID, labels); l == Pro || l == Con {
				s = l
			}
		}
		switch {
		case s == Pro || s == Con:
		case r.Model == nil:
			s = Unknown
		default:
			s = Side(leans, topic, s, p.First, p.Second)
		}
		out[i] = s
	}
	return out
}

// Stances returns the stances the rule may give a pair, in the order
// Touché's rules list them: Unknown alone when Off; Pro and Con with a
// Model; Pro, Con and Unknown without one (where the labels are silent).
func (r Rule) Stances() []Stance {
	switch {
	case r.Off:
		return []Stance{Unknown}
	case r.Model != nil:
		return []Stance{Pro, Con}
	}
	return []Stance{Pro, Con, Unknown}
}

// label returns the args.me label towards topic of a sentence's argument,
// remembered in labels by sentence id (many pairs share a sentence).
func (r Rule) label(topic, sentenceID string, labels map[string]Stance) Stance {
	if r.Labels == nil {
		return Unknown
	}
	l, ok := labels[sentenceID]
	if !ok {
		l, _ = r.Labels(topic, sentenceID)
		labels[sentenceID] = l
	}
	return l
}

// leanCache remembers the model's lean of each text (a sentence is in
// many pairs).
type leanCache struct {
	m interface {
		Lean(topic, text string) float64
	}
	leans map[string]float64 // text → lean
}

func (c leanCache) Lean(topic, text string) float64 {
	v, ok := c.leans[text]
	if !ok {
		v = c.m.Lean(topic, text)
		c.leans[text] = v
	}
	return v
}
