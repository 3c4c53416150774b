package bleveindex

import "errors"

// Errors callers branch on; they are returned wrapped.
var (
	// ErrNoIndex: Open was given a path that holds no bleve index. When
	// the path does not exist, the error also wraps fs.ErrNotExist.
	ErrNoIndex = errors.New("no index")
	// ErrQuery: a query text is not valid in bleve's query-string syntax.
	ErrQuery = errors.New("malformed query")
)

var (
	// errExists: Build was given a path that already holds an index.
	errExists = errors.New("index already exists")
	// errClosed: the Index was closed.
	errClosed = errors.New("index closed")
)
