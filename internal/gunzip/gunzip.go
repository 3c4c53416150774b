// Package gunzip reads input that may be gzip-compressed, telling it by its
// first two bytes (gzip's magic, 1f 8b), not by a file name: the readers
// of run files and judgments read a file.gz as they read the file.
//
// A damaged or truncated stream is an error whose message starts with
// "gzip: ", never an early end of the input: a truncated stream is an
// error wrapping io.ErrUnexpectedEOF.
package gunzip

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
)

// magic starts every gzip stream (RFC 1952).
const magic = "\x1f\x8b"

// Is reports whether b starts as a gzip stream does.
func Is(b []byte) bool { return bytes.HasPrefix(b, []byte(magic)) }

// Reader returns br itself when its input does not start with gzip's
// magic bytes, and otherwise a reader of the decompressed stream (all its
// members, as gzip -d reads them), whose errors start with "gzip: ". It
// peeks at br without consuming anything, so the plain input is read
// whole.
func Reader(br *bufio.Reader) (io.Reader, error) {
	head, err := br.Peek(len(magic))
	if !Is(head) {
		if err == io.EOF || err == bufio.ErrBufferFull {
			err = nil // a short input: not gzip
		}
		return br, err
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, Error(err)
	}
	return Errors(zr), nil
}

// Bytes returns b itself when it does not start with gzip's magic bytes,
// and otherwise its decompressed content (every member).
func Bytes(b []byte) ([]byte, error) {
	if !Is(b) {
		return b, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, Error(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(Errors(zr)); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// Errors returns a reader of zr, a reader of a gzip stream (such as
// github.com/klauspost/compress/gzip's), whose errors but io.EOF are
// named as Error names them.
func Errors(zr io.Reader) io.Reader { return &reader{zr: zr} }

// reader gives the errors of a gzip stream gzip's prefix.
type reader struct {
	zr  io.Reader
	err error
}

func (r *reader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err := r.zr.Read(p)
	if err != nil && err != io.EOF {
		err = Error(err)
	}
	if err != nil {
		r.err = err
	}
	return n, err
}

// Error names gzip in the message of err, an error of a gzip reader or of
// gzip.NewReader, once ("gzip: invalid header"), and a truncated stream
// as one ("gzip: the stream is truncated", wrapping io.ErrUnexpectedEOF).
func Error(err error) error {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF), err == io.EOF:
		// gzip.NewReader gives io.EOF for a stream of the two magic bytes
		// alone.
		return fmt.Errorf("gzip: the stream is truncated: %w", io.ErrUnexpectedEOF)
	case strings.HasPrefix(err.Error(), "gzip: "):
		return err
	}
	return fmt.Errorf("gzip: %w", err)
}
