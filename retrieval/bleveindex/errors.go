package bleveindex

import "errors"

// Errors callers branch on; they are returned wrapped.
var (
	// ErrNoIndex: Open was given a path that holds no bleve index. When
	// the path does not exist, the error also wraps fs.ErrNotExist.
	ErrNoIndex = errors.New("no index")
	// ErrExists: Build was given a path that already holds an index.
	ErrExists = errors.New("index already exists")
	// ErrQuery: a query text is not valid in bleve's query-string syntax.
	ErrQuery = errors.New("malformed query")
	// ErrClosed: the Index was closed.
	ErrClosed = errors.New("index closed")
)
