package comparative

import (
	"io"

	"github.com/argsearch/argsearch/internal/gunzip"
	"github.com/klauspost/compress/gzip"
)

// newGzipReader decompresses r with klauspost/compress's gzip (as package
// corpus does): a truncated stream ends in an error ("gzip: the stream is
// truncated", wrapping io.ErrUnexpectedEOF), never in a silent io.EOF, and
// every error names gzip once.
func newGzipReader(r io.Reader) (io.Reader, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, gunzip.Error(err)
	}
	return gunzip.Errors(zr), nil
}
