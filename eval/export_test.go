package eval

// ParseError lets the tests of package eval_test look into the errors of
// malformed lines.
type ParseError = parseError

// Len returns the number of judgments, for the tests.
func (q *Qrels) Len() int { return q.n }
