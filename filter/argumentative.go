package filter

import (
	"fmt"
	"math"

	"github.com/argsearch/argsearch/corpus"
)

// A Scorer rates how argumentative a text is: a claim or a premise scores
// high, "Thanks, I look forward to the next round" low. Scores are
// expected in [0, 1] (a probability), but any scale works with a matching
// threshold. Any model plugs in (the shipped argumentativeness model,
// classify.ArgumentModel, a remote classifier, a lexicon). A Scorer must
// be safe for concurrent use, as Select calls it from several goroutines.
type Scorer interface {
	Score(text string) float64
}

// Argumentative rejects sentences whose Scorer score is below Threshold
// ("not-argumentative") or NaN ("argumentative-nan"). It is pure.
type Argumentative struct {
	// Scorer is the argumentativeness model; nil means the environment's
	// (Bind: the shipped one). Check with a nil Scorer is a programming
	// error and panics.
	Scorer Scorer
	// Threshold is the least score kept, in [0, 1]; 0 means 0.5, the
	// threshold Touché 2022's teams used with a probability.
	Threshold float64
}

// defaultThreshold is Argumentative.Threshold's default.
const defaultThreshold = 0.5

// Check implements Filter.
func (a Argumentative) Check(s corpus.Sentence) (bool, Reason) {
	if a.Scorer == nil {
		panic("filter: Argumentative with a nil Scorer")
	}
	threshold := a.Threshold
	if threshold == 0 {
		threshold = defaultThreshold
	}
	x := a.Scorer.Score(s.Text)
	switch {
	case math.IsNaN(x):
		return false, argumentativeNaN
	case x < threshold:
		return false, notArgumentative
	}
	return true, noReason
}

func (Argumentative) pure() {}

// Bind returns the filter with env's argumentativeness model when its
// Scorer is nil (see Env); a Threshold that is NaN or outside [0, 1] is an
// error.
func (a Argumentative) Bind(env Env) (Filter, error) {
	if t := a.Threshold; math.IsNaN(t) || t < 0 || t > 1 {
		return nil, fmt.Errorf("filter: Argumentative.Threshold %v: a score in [0, 1] (0 means %v)", t, defaultThreshold)
	}
	if a.Scorer == nil {
		m, err := env.ArgumentModel()
		if err != nil {
			return nil, fmt.Errorf("filter: Argumentative: %w", err)
		}
		a.Scorer = m
	}
	return a, nil
}
