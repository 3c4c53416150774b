package corpus

import "errors"

// errNoCorpusFile is returned by Open and OpenReader for a tar archive that
// holds no regular file named *.csv or *.json.
var errNoCorpusFile = errors.New("corpus: no .csv or .json file in the archive")

// errNoArguments is Read's error for a file without arguments.
var errNoArguments = errors.New("the corpus has no arguments")

// The package's errors; they are returned wrapped, with the file,
// argument or sentence they are about. ErrNotInStore is the one callers
// branch on with errors.Is.
var (
	// errDuplicateID is returned by a Reader for an argument id an earlier
	// record had, and by BuildStore when two arguments, or two sentences,
	// have the same id.
	errDuplicateID = errors.New("duplicate id")
	// ErrNotInStore is wrapped by the errors of the steps that look a
	// retrieved id up in a Store and do not find it (filter.SelectHits,
	// the pair builders, lexical.DoubleIndex, the systems): the index and the
	// store were built from different corpora, or the hits are of another
	// unit (arguments where sentences were wanted).
	ErrNotInStore = errors.New("corpus: not in the store")
)
