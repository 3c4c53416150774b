package system

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// labelsRule returns the stance step of the baselines: a stance.Rule with
// the args.me labels of store and no model.
func labelsRule(store *corpus.Store) stance.Rule {
	return stance.Rule{Labels: store.Stance}
}

// tagCandidates fills in the stance of each candidate towards topic, and
// its confidence, by the stance step d (stance.Decider.Sentence).
func tagCandidates(ctx context.Context, d stance.Decider, topic string, cands []pairing.Candidate) error {
	for i := range cands {
		c := &cands[i]
		var err error
		if c.Stance, c.StanceConfidence, err = d.Sentence(ctx, topic, c.Sentence.ID, c.Sentence.Text); err != nil {
			return fmt.Errorf("system: %w", err)
		}
	}
	return nil
}

// stanceResults returns the pairs as a run's results, with the sides the
// stance step d gives them (stance.Decider.Sides).
func stanceResults(d stance.Decider, topic string, pairs []pairing.Scored) []runfile.Result {
	sp := make([]stance.PairText, len(pairs))
	for i, p := range pairs {
		sp[i] = stance.PairText{Stance: p.Stance, FirstID: p.First.ID, First: p.First.Text, Second: p.Second.Text}
	}
	sides := d.Sides(topic, sp)
	out := make([]runfile.Result, len(pairs))
	for i, p := range pairs {
		out[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: sides[i]}
	}
	return out
}

// Stances returns the stances Baseline's runs hold: PRO, CON and "Q0"
// (stance.Rule.Stances without a model).
func (Baseline) Stances() []stance.Stance { return stance.Rule{}.Stances() }

// Stances returns the stances Swordsman's runs hold: PRO, CON and "Q0"
// (stance.Rule.Stances without a model).
func (Swordsman) Stances() []stance.Stance { return stance.Rule{}.Stances() }
