package bleveindex

import "errors"

var (
	// errNoIndex: Open was given a path that holds no bleve index (the
	// error wraps fs.ErrNotExist too, which callers branch on).
	errNoIndex = errors.New("no index")
	// errQuery: a query text is not valid in bleve's query-string syntax.
	errQuery = errors.New("malformed query")
	// errExists: Build was given a path that already holds an index.
	errExists = errors.New("index already exists")
	// errClosed: the Index was closed.
	errClosed = errors.New("index closed")
)
