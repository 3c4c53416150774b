package eval

import "errors"

// Errors callers can branch on with errors.Is. They are returned wrapped,
// with the topic, document or line they are about. Errors about a run (a
// document listed twice, a NaN score) wrap package runfile's sentinels,
// which own the run format; a malformed qrels line is an error naming its line and field.
var (
	// ErrNoTopics reports that no topic has both judgments and results,
	// which trec_eval also refuses ("No queries with both results and
	// relevance info"). Options.Complete avoids it when there are
	// judgments.
	ErrNoTopics = errors.New("eval: no topic has both results and judgments")
	// ErrTooFewTopics reports a statistic asked of fewer values than it
	// needs.
	ErrTooFewTopics = errors.New("eval: too few topics")
	// ErrNothingJudged reports a run none of whose documents the
	// judgments know: Evaluate returns its all-zero evaluation together
	// with it (see Evaluate).
	ErrNothingJudged = errors.New("eval: nothing judged")
)

// Errors wrapped in others' messages, for this package's own tests.
var (
	// errUnknownMeasure reports a measure name Evaluate does not compute,
	// or cutoffs that are not distinct positive integers (or given to a
	// measure that takes none), or a cutoff k < 1.
	errUnknownMeasure = errors.New("eval: unknown measure or cutoff")
	errQrelsLine      = errors.New("malformed judgment")
	errJudgedTwice    = errors.New("document judged twice for one topic")
	errLabelTooLarge  = errors.New("label of 2^20 or more")
	errZScoreLine     = errors.New("malformed z-score line")
	errMismatch       = errors.New("eval: judgment files judge different pairs")
	errNotMappable    = errors.New("eval: not a sentence or a pair of sentences")
)

// errNilQrels is the error of a measure given no qrels (a nil *Qrels).
var errNilQrels = errors.New("eval: nil qrels (ReadQrels, NewQrels or Judgments.Qrels give them)")

// errNotEmbedded reports a year for which no official judgments are
// embedded.
var errNotEmbedded = errors.New("eval: no official judgments embedded")

// errEmptyRun is the error of a run without a line: "eval: the run is
// empty", which errors.Is takes for ErrNoTopics.
var errEmptyRun error = emptyRun{}

// emptyRun is errEmptyRun's type.
type emptyRun struct{}

func (emptyRun) Error() string        { return "eval: the run is empty" }
func (emptyRun) Is(target error) bool { return target == ErrNoTopics }
