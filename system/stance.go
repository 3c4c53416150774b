package system

import (
	"context"
	"fmt"
	"reflect"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// stanceRule returns the stance step of a system (stance.Rule): the
// args.me labels of store, and model when it is not nil.
func stanceRule(store *corpus.Store, model stance.Model) stance.Rule {
	r := stance.Rule{Labels: store.Stance}
	if !isNil(model) {
		r.Model = model
	}
	return r
}

// isNil reports whether v is nil or holds a nil pointer (a model field
// set to a nil *classify.StanceModel means no model, not a model to call).
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// tagCandidates fills in the stance of each candidate towards topic, and
// its confidence, by the rule (stance.Rule.Sentence).
func tagCandidates(ctx context.Context, r stance.Rule, topic string, cands []pairing.Candidate) error {
	for i := range cands {
		c := &cands[i]
		var err error
		if c.Stance, c.StanceConfidence, err = r.Sentence(ctx, topic, c.Sentence.ID, c.Sentence.Text); err != nil {
			return fmt.Errorf("system: %w", err)
		}
	}
	return nil
}

// stanceResults returns the pairs as a run's results, with the sides the
// rule gives them (stance.Rule.Sides).
func stanceResults(r stance.Rule, topic string, pairs []pairing.Scored) []runfile.Result {
	sp := make([]stance.PairText, len(pairs))
	for i, p := range pairs {
		sp[i] = stance.PairText{Stance: p.Stance, FirstID: p.First.ID, First: p.First.Text, Second: p.Second.Text}
	}
	sides := r.Sides(topic, sp)
	out := make([]runfile.Result, len(pairs))
	for i, p := range pairs {
		out[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: sides[i]}
	}
	return out
}

// Stances returns the stances the Pipeline's runs hold, as its stance.Rule
// says (stance.Rule.Stances): PRO and CON, or "Q0" alone with NoStance. A
// command checks its run against them; a System of one's own that writes
// other stances says so with a method of the same name.
func (p Pipeline) Stances() []stance.Stance {
	if p.NoStance {
		return stance.Rule{Off: true}.Stances()
	}
	return []stance.Stance{stance.Pro, stance.Con} // stance.Rule.Stances with a model (the shipped one, or StanceModel)
}

// Stances returns the stances Baseline's runs hold: PRO, CON and "Q0"
// (stance.Rule.Stances without a model).
func (Baseline) Stances() []stance.Stance { return stance.Rule{}.Stances() }

// Stances returns the stances Swordsman's runs hold: PRO, CON and "Q0"
// (stance.Rule.Stances without a model).
func (Swordsman) Stances() []stance.Stance { return stance.Rule{}.Stances() }
