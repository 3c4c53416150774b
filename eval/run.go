package eval

import (
	"fmt"
	"io"
	"math"
	"strconv"
)

// Result is one retrieved document of a run.
type Result struct {
	DocID string
	Score float64
	// Stance is the run's second column: PRO, CON, NEU or NO in Touché
	// runs, or Q0 when there is none. The measures ignore it.
	Stance string
}

// Run maps topic ids to the documents retrieved for them. The order of the
// results does not matter: Evaluate ranks them by score, then document id,
// both descending, as trec_eval does.
type Run map[string][]Result

// ReadRun reads a TREC run: one "qid stance docid rank score tag" line per
// result, fields separated by spaces or tabs. The rank column is ignored
// (trec_eval ranks by score) and so is the tag; both must be present. The
// score is a decimal number; NaN is an error wrapping ErrScore. A document
// listed twice for one topic is an error wrapping ErrDuplicate. Blank lines
// are skipped. Errors are *ParseError values naming the line and field.
//
// ReadRun is this package's own minimal reader, so that the evaluator stands
// alone; it accepts the lines real runs hold (tabs or spaces, ranks from 0).
func ReadRun(r io.Reader) (Run, error) {
	run := make(Run)
	type key struct{ topic, doc string }
	var seen map[key]struct{}
	hint := func(n int) { seen = make(map[key]struct{}, n) }
	err := linesHint(r, hint, func(line int, f []string) error {
		if len(f) != 6 {
			return &ParseError{Line: line, Err: fmt.Errorf("%w: got %d, want 6 (qid stance docid rank score tag)", ErrFieldCount, len(f))}
		}
		score, err := strconv.ParseFloat(f[4], 64)
		if err != nil && !isRangeError(err) {
			return &ParseError{Line: line, Field: "score", Err: fmt.Errorf("score %q is not a number", f[4])}
		}
		if math.IsNaN(score) {
			return &ParseError{Line: line, Field: "score", Err: ErrScore}
		}
		topic, doc := f[0], f[2]
		if _, dup := seen[key{topic, doc}]; dup {
			return &ParseError{Line: line, Field: "docid", Err: fmt.Errorf("%w: topic %q, document %q", ErrDuplicate, topic, doc)}
		}
		seen[key{topic, doc}] = struct{}{}
		run[topic] = append(run[topic], Result{DocID: doc, Score: score, Stance: f[1]})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return run, nil
}

// isRangeError reports whether err is strconv's out-of-range error, for
// which ParseFloat returns ±Inf or ±0 like C's strtod, which trec_eval uses.
func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}
