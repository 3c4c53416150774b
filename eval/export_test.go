package eval

// ParseError lets the tests of package eval_test look into the errors of
// malformed lines.
type ParseError = parseError

// ErrUnknownMeasure lets the tests of package eval_test check the errors
// of unknown measures and cutoffs.
var ErrUnknownMeasure = errUnknownMeasure
