package filter

import (
	"math"

	"github.com/argsearch/argsearch/corpus"
)

// A Scorer rates how argumentative a text is: a claim or a premise scores
// high, "Thanks, I look forward to the next round" low. Scores are
// expected in [0, 1] (a probability), but any scale works with a matching
// threshold. Any model plugs in (the shipped argumentativeness model,
// classify.ArgumentModel, a remote classifier, a lexicon); ScorerFunc
// adapts a function. A Scorer must be safe for concurrent use, as Select
// calls it from several goroutines.
type Scorer interface {
	Score(text string) float64
}

// ScorerFunc adapts a function to the Scorer interface.
type ScorerFunc func(text string) float64

// Score calls f(text).
func (f ScorerFunc) Score(text string) float64 { return f(text) }

// Argumentative rejects sentences whose Scorer score is below Threshold
// (NotArgumentative) or NaN (ArgumentativeNaN). A nil Scorer is a
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
		return false, ArgumentativeNaN
	case x < a.Threshold:
		return false, NotArgumentative
	}
	return true, Kept
}

// Pure implements Pure.
func (Argumentative) Pure() {}
