package runfile

import (
	"errors"
	"fmt"
)

// Sentinel errors. They are returned wrapped with context (the topic, the
// docid, the line); test for them with errors.Is.
var (
	// ErrField reports an empty field, whitespace inside a field, a line
	// without six fields, an unknown stance value, or a tag that differs
	// from the run's first tag.
	ErrField = errors.New("invalid field")
	// ErrScore reports a NaN or infinite score, or a score that cannot be
	// parsed.
	ErrScore = errors.New("invalid score")
	// ErrDuplicate reports a docid listed twice for one topic, or a topic
	// written (or listed in two separate blocks) twice.
	ErrDuplicate = errors.New("duplicate")
	// ErrCount reports a topic with fewer or more results than the Rules
	// allow, and a run without any line ("the run is empty").
	ErrCount = errors.New("wrong number of results")
	// ErrRules reports what else the Rules forbid: a stance they do not
	// allow, a docid that is not a sentence pair "first,second" where they
	// require one, a topic outside their topic list, or one of its topics
	// that the run does not contain.
	ErrRules = errors.New("against the rules")
)

// errOrder reports a run whose scores increase down a topic's list, or
// whose ranks do not increase down the list (Validate).
var errOrder = errors.New("out of order")

// errClosed reports a write to a closed Writer.
var errClosed = errors.New("writer closed")

// The kinds of ErrRules and ErrField, which say what they are in messages
// and are ErrRules or ErrField to errors.Is.
var (
	errStance       = kind{"stance not allowed", ErrRules}
	errPair         = kind{"not a sentence pair", ErrRules}
	errTopic        = kind{"unknown topic", ErrRules}
	errMissingTopic = kind{"missing topic", ErrRules}
	errFieldCount   = kind{"wrong number of fields", ErrField}
	errEmpty        = kind{"the run is empty", ErrCount}
)

// A kind is an error of its own words that is also a sentinel.
type kind struct {
	msg string
	is  error
}

func (k kind) Error() string        { return k.msg }
func (k kind) Is(target error) bool { return target == k.is }

// A ParseError reports a malformed line of a run file.
type ParseError struct {
	File  string // the file name, if known (Reader.Name)
	Line  int    // 1-based line number
	Field string // "qid", "stance", "docid", "rank", "score" or "tag"; "" for the whole line
	Err   error  // the problem; wraps a sentinel such as ErrField or ErrScore
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
