package system

import (
	"slices"

	"github.com/argsearch/argsearch/pairing"
)

// A Training names the judged topics that a system's settings were learned
// from: topic ids by the name of their judgments (eval.Judgments.Name, such
// as "2022"). A figure of the system on those judgments and topics is
// in-sample: it tells how well the system fits what it learned from, not
// how well it does on topics it has not seen. package experiment marks such
// rows and p-values.
type Training map[string][]string

// A Learner is a System that says which judged topics its settings were
// learned from. Advanced is one (its pair weights were learned on the
// embedded 2022 sample's topics), and so is a Fusion of systems one of
// which is. package experiment asks a wrapper (a System with an Unwrap
// method, see System) for the Learner it wraps.
type Learner interface {
	System
	// TrainedOn returns the topics learned from; nil or empty when the
	// system learned from no judged topic.
	TrainedOn() Training
}

// TrainedOn implements Learner: the topics Advanced's pair weights were
// learned on (ranker_weights.go) when the Pipeline's Pair step is
// Advanced's, else none. A variant whose pair step was changed (its
// weights, say) is not said to be trained on them; where it still rests on
// the learned weights, say so with experiment.System.TrainedOn.
func (p Pipeline) TrainedOn() Training {
	if p.Pair == pairing.Pairer(advancedPair()) {
		return rankerTraining()
	}
	return nil
}

// TrainedOn implements Learner: every topic any of the fused systems was
// trained on.
func (f Fusion) TrainedOn() Training {
	var all Training
	for _, s := range f.Systems {
		l, ok := s.(Learner)
		if !ok {
			continue
		}
		for name, ids := range l.TrainedOn() {
			if all == nil {
				all = Training{}
			}
			all[name] = append(slices.Clone(all[name]), ids...)
		}
	}
	for name, ids := range all {
		slices.Sort(ids)
		all[name] = slices.Compact(ids)
	}
	return all
}
