package eval

import "errors"

// Errors callers can branch on with errors.Is. They are returned wrapped,
// with the topic, document or line they are about. Errors about a run (a
// document listed twice, a NaN score) wrap package runfile's sentinels,
// which own the run format.
var (
	// ErrQrelsLine reports a qrels line without four fields or with a
	// label that is not an integer.
	ErrQrelsLine = errors.New("malformed judgment")
	// ErrJudgedTwice reports a (topic, document) pair judged twice.
	ErrJudgedTwice = errors.New("document judged twice for one topic")
	// ErrMismatch reports aligned judgment files that do not judge the
	// same (topic, document) pairs.
	ErrMismatch = errors.New("eval: judgment files judge different pairs")
	// ErrNotEmbedded reports a year and dimension for which no official
	// judgments are embedded.
	ErrNotEmbedded = errors.New("eval: no official judgments embedded")
	// ErrUnknownMeasure reports a measure name Evaluate does not compute.
	ErrUnknownMeasure = errors.New("eval: unknown measure")
	// ErrCutoff reports a cutoff list that is not a list of distinct
	// positive integers, or cutoffs given to a measure that takes none.
	ErrCutoff = errors.New("eval: bad cutoffs")
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
	// ErrNotMappable reports a document id of a run that ArgumentRun
	// cannot map to an argument: neither a sentence id nor a pair of them.
	ErrNotMappable = errors.New("eval: not a sentence or a pair of sentences")
)
