package filter

import (
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
// ("not-argumentative") or NaN ("argumentative-nan"). A nil Scorer is a
// programming error and panics. It is pure.
type Argumentative struct {
	Scorer    Scorer
	Threshold float64 // the zero value keeps every non-negative score
}

// Check implements Filter.
func (a Argumentative) Check(s corpus.Sentence) (bool, Reason) {
	if a.Scorer == nil {
		panic("filter: Argumentative with a nil Scorer")
	}
	x := a.Scorer.Score(s.Text)
	switch {
	case math.IsNaN(x):
		return false, argumentativeNaN
	case x < a.Threshold:
		return false, notArgumentative
	}
	return true, noReason
}

// Pure implements Pure.
func (Argumentative) Pure() {}
