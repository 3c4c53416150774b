// Package countio counts the bytes read through a reader, for progress
// shown by bytes of a file that someone else reads (a corpus reader, say).
package countio

import "io"

// A Reader reads from R and counts the bytes in N.
type Reader struct {
	R io.Reader
	N int64 // bytes read so far
}

// Read reads from R and counts the bytes.
func (c *Reader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	return n, err
}
