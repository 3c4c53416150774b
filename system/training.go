package system

import (
	"slices"

	"github.com/argsearch/argsearch/pairing"
)

// TrainedOn returns the judged topics the Pipeline's settings were learned
// from, as topic ids by the name of their judgments (eval.Judgments.Name,
// such as "2022"): the topics Advanced's pair weights were learned on
// (ranker_weights.go) when its Pair step is Advanced's, else none. A figure
// of the system on those judgments and topics is in-sample: it tells how
// well the system fits what it learned from, not how it does on topics it
// has not seen; package experiment marks such rows and p-values, asking any
// System (through wrappers' Unwrap methods) for a method TrainedOn()
// map[string][]string. A variant whose pair step was changed (its weights,
// say) is not said to be trained on them; where it still rests on the
// learned weights, say so with experiment.System.TrainedOn.
func (p Pipeline) TrainedOn() map[string][]string {
	if p.Pair == pairing.Pairer(advancedPair()) {
		return rankerTraining()
	}
	return nil
}

// TrainedOn returns every judged topic any of the fused systems was trained
// on (see Pipeline.TrainedOn).
func (f Fusion) TrainedOn() map[string][]string {
	var all map[string][]string
	for _, s := range f.Systems {
		l, ok := s.(interface{ TrainedOn() map[string][]string })
		if !ok {
			continue
		}
		for name, ids := range l.TrainedOn() {
			if all == nil {
				all = map[string][]string{}
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
