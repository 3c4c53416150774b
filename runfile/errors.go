package runfile

import (
	"errors"
	"fmt"
)

// Sentinel errors. They are returned wrapped with context (the topic, the
// docid, the line); test for them with errors.Is.
var (
	// ErrField reports an empty field, whitespace inside a field, an unknown
	// stance value, or a tag that differs from the run's first tag.
	ErrField = errors.New("invalid field")
	// ErrScore reports a NaN or infinite score, or a score that cannot be
	// parsed.
	ErrScore = errors.New("invalid score")
	// ErrDuplicate reports a docid listed twice for one topic, or a topic
	// written (or listed in two separate blocks) twice.
	ErrDuplicate = errors.New("duplicate")
	// ErrOrder reports a run whose scores increase down a topic's list, or
	// whose ranks do not increase down the list.
	ErrOrder = errors.New("out of order")
	// ErrCount reports a topic with fewer or more results than the Rules
	// allow.
	ErrCount = errors.New("wrong number of results")
	// ErrStance reports a stance that the Rules do not allow.
	ErrStance = errors.New("stance not allowed")
	// ErrPair reports a docid that is not a sentence pair "first,second"
	// where the Rules require one.
	ErrPair = errors.New("not a sentence pair")
	// ErrTopic reports a topic that is not in the Rules' topic list.
	ErrTopic = errors.New("unknown topic")
	// ErrMissingTopic reports a topic of the Rules' topic list that the run
	// does not contain.
	ErrMissingTopic = errors.New("missing topic")
	// ErrFieldCount reports a line that does not have exactly six fields.
	ErrFieldCount = errors.New("wrong number of fields")
	// ErrClosed reports a write to a closed Writer or FileWriter.
	ErrClosed = errors.New("writer closed")
)

// A ParseError reports a malformed line of a run file.
type ParseError struct {
	File  string // the file name, if known (Reader.Name)
	Line  int    // 1-based line number
	Field string // "qid", "stance", "docid", "rank", "score" or "tag"; "" for the whole line
	Err   error  // the problem; wraps a sentinel such as ErrFieldCount or ErrScore
}

// Error returns "runfile: FILE:LINE: field FIELD: problem", leaving out the
// parts that are unknown.
func (e *ParseError) Error() string {
	where := fmt.Sprintf("line %d", e.Line)
	if e.File != "" {
		where = e.File + ":" + fmt.Sprint(e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("runfile: %s: field %s: %v", where, e.Field, e.Err)
	}
	return fmt.Sprintf("runfile: %s: %v", where, e.Err)
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }
