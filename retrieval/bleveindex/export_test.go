package bleveindex

// The unexported errors, for the tests of package bleveindex_test.
var (
	ErrExists = errExists
	ErrClosed = errClosed
)
