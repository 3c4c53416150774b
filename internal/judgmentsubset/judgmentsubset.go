// Package judgmentsubset keeps the judgments of some topics: what the
// experiment package does with the Env's topics, examples/hidejudgments
// with the topics of a simulation and examples/trainranker with the
// training topics of a fold.
package judgmentsubset

import (
	"fmt"

	"github.com/argsearch/argsearch/eval"
)

// Topics returns the judgments of j on the topics ids alone, every
// dimension of j kept, under j's name.
func Topics(j *eval.Judgments, ids []string) (*eval.Judgments, error) {
	keep := make(map[string]bool, len(ids))
	for _, id := range ids {
		keep[id] = true
	}
	dims := j.Dimensions()
	qrels := make([]*eval.Qrels, len(dims))
	for i, d := range dims {
		var kept []eval.Judgment
		for jd := range j.Qrels(d).All() {
			if keep[jd.Topic] {
				kept = append(kept, jd)
			}
		}
		var err error
		if qrels[i], err = eval.NewQrels(kept); err != nil {
			return nil, fmt.Errorf("judgmentsubset: %s: %w", d, err)
		}
	}
	return eval.NewJudgments(j.Name, dims, qrels)
}
