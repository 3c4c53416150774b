package comparative

import (
	"io"

	"github.com/klauspost/compress/gzip"
)

// newGzipReader decompresses r with klauspost/compress's gzip (as package
// corpus does): a truncated stream ends in io.ErrUnexpectedEOF, never in a
// silent io.EOF.
func newGzipReader(r io.Reader) (io.Reader, error) {
	return gzip.NewReader(r)
}
