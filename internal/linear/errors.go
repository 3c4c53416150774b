package linear

import "errors"

// Errors callers can branch on with errors.Is.
var (
	// ErrFormat is wrapped by the errors Read returns for input that is not a
	// well-formed model file: a foreign or newer format, a truncated or corrupt
	// stream, or inconsistent contents.
	ErrFormat = errors.New("linear: bad model file")
	// ErrNoExamples is returned by Train when it has nothing to learn from.
	ErrNoExamples = errors.New("linear: no training examples")
)
