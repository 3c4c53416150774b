package corpus

import "errors"

// errNoCorpusFile is returned by Open and OpenReader for a tar archive that
// holds no regular file named *.csv or *.json.
var errNoCorpusFile = errors.New("corpus: no .csv or .json file in the archive")

// errNoArguments is Read's error for a file without arguments.
var errNoArguments = errors.New("the corpus has no arguments")

// Errors callers can branch on with errors.Is; they are returned wrapped,
// with the file, argument or sentence they are about. Malformed input is a
// *ParseError.
var (
	// ErrDuplicateID is returned by a Reader for an argument id an earlier
	// record had, and by BuildStore when two arguments, or two sentences,
	// have the same id.
	ErrDuplicateID = errors.New("corpus: duplicate id")
)
