package system

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// A StanceRule is the library's one decision of the stances a Touché 2022
// system writes; every system of this package, and the library's examples,
// decide stances with it.
//
//   - A sentence's stance (Candidates) is its argument's args.me label
//     towards the topic (corpus.Argument.Stance) where the labels reveal
//     one, else Model's tag (classify.StanceModel.Tag), else Unknown.
//   - A pair's side (Sides) is its stance (stance.Combine of its sentences'
//     stances, as a pairing.Builder and pairing.Complete give it) when that
//     is Pro or Con; else its first sentence's argument's args.me label when
//     that reveals one; else the side Model leans to over its two
//     sentences read together (stance.Side), so that every pair gets PRO or
//     CON. Without a Model, a pair the labels are silent on is Unknown, which
//     a run writes as "Q0".
//
// The zero Model is no model: the args.me labels alone decide, as the
// baselines do. A StanceRule is safe for concurrent use.
type StanceRule struct {
	// Store holds the sentences' arguments, whose args.me labels come
	// first.
	Store *corpus.Store
	// Model tags the sentences the labels are silent on and leans pairs to
	// a side; nil means none (classify.ShippedStanceModel is the shipped one).
	Model *classify.StanceModel
	// Force gives every candidate Pro or Con: one that the labels and
	// Model's tag leave without a side takes the side Model leans to, with
	// its confidence (classify.StanceModel.Side). A pairing.Builder, which
	// never pairs opposite stances, then pairs only sentences of one side.
	Force bool
}

// Candidates fills in the stance of each candidate towards topic (and its
// confidence, which stance.Combine weighs) as the rule says. A sentence
// the model cannot take (stance.CheckInput) is an error naming it.
func (r StanceRule) Candidates(ctx context.Context, topic string, cands []pairing.Candidate) error {
	for i := range cands {
		c := &cands[i]
		c.Stance, c.StanceConfidence = stance.Unknown, 0
		if a, ok := r.argument(c.Sentence.ID); ok {
			c.Stance, c.StanceConfidence = a.Stance(topic)
		}
		if c.Stance != stance.Unknown || r.Model == nil {
			continue
		}
		var err error
		if c.Stance, c.StanceConfidence, err = r.Model.Tag(ctx, topic, c.Sentence.Text); err != nil {
			return fmt.Errorf("system: stance of sentence %s: %w", c.Sentence.ID, err)
		}
		if r.Force && c.Stance != stance.Pro && c.Stance != stance.Con {
			c.Stance, c.StanceConfidence = r.Model.Side(topic, c.Sentence.Text)
		}
	}
	return nil
}

// Sides returns the side the rule gives each pair for topic, in order.
func (r StanceRule) Sides(topic string, pairs []pairing.Scored) []stance.Stance {
	leans := leanCache{m: r.Model, leans: map[string]float64{}}
	labels := map[string]stance.Stance{} // argument id → its args.me label towards topic
	out := make([]stance.Stance, len(pairs))
	for i, p := range pairs {
		s := p.Stance
		if s != stance.Pro && s != stance.Con {
			if l := r.label(topic, p.First.ID, labels); l == stance.Pro || l == stance.Con {
				s = l
			}
		}
		switch {
		case s == stance.Pro || s == stance.Con:
		case r.Model == nil:
			s = stance.Unknown
		default:
			s = stance.Side(leans, topic, s, p.First.Text, p.Second.Text)
		}
		out[i] = s
	}
	return out
}

// results returns the pairs as a run's results, with the rule's sides.
func (r StanceRule) results(_ context.Context, topic string, pairs []pairing.Scored) ([]runfile.Result, error) {
	sides := r.Sides(topic, pairs)
	out := make([]runfile.Result, len(pairs))
	for i, p := range pairs {
		out[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: sides[i]}
	}
	return out, nil
}

// label returns the args.me label towards topic of a sentence's argument,
// remembered in labels by argument id (many pairs share an argument).
func (r StanceRule) label(topic, sentenceID string, labels map[string]stance.Stance) stance.Stance {
	if r.Store == nil {
		return stance.Unknown
	}
	id, ok := r.Store.ArgumentOf(sentenceID)
	if !ok {
		return stance.Unknown
	}
	l, ok := labels[id]
	if !ok {
		if a, found := r.Store.Argument(id); found {
			l, _ = a.Stance(topic)
		}
		labels[id] = l
	}
	return l
}

// argument returns the argument of a sentence.
func (r StanceRule) argument(sentenceID string) (corpus.Argument, bool) {
	if r.Store == nil {
		return corpus.Argument{}, false
	}
	id, ok := r.Store.ArgumentOf(sentenceID)
	if !ok {
		return corpus.Argument{}, false
	}
	return r.Store.Argument(id)
}

// leanCache remembers the model's lean of each text (a sentence is in
// many pairs).
type leanCache struct {
	m     *classify.StanceModel
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
