package eval

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unsafe"

	"github.com/argsearch/argsearch/internal/gunzip"
)

// A parseError reports a malformed line of a qrels file (or of a z-score
// file, ReadZScores). Line counts from 1, including blank lines. Field names
// the column ("qid", "iter", "docid", "label"; "mean", "sd"), or is empty
// when the line as a whole is wrong. (Run files are read by package
// runfile, whose ParseError names the run's columns.)
type parseError struct {
	Line  int
	Field string
	Err   error

	format string // "qrels" ("") or "z-score"
}

// Error implements error.
func (e *parseError) Error() string {
	format := e.format
	if format == "" {
		format = "qrels"
	}
	if e.Field == "" {
		return fmt.Sprintf("eval: %s line %d: %v", format, e.Line, e.Err)
	}
	return fmt.Sprintf("eval: %s line %d, field %s: %v", format, e.Line, e.Field, e.Err)
}

// Unwrap returns the underlying error.
func (e *parseError) Unwrap() error { return e.Err }

// lines calls fn for every line of r that is not blank (only whitespace)
// or a comment (starting with '#', as trec_eval reads qrels), with its 1-based number and its whitespace-separated fields. The fields
// are substrings of one string holding the whole input, so fn may keep them
// without copying. fields is reused between calls.
func lines(r io.Reader, fn func(line int, fields []string) error) error {
	text, err := readAllString(r)
	if err != nil {
		return err
	}
	fields := make([]string, 0, 8)
	for n := 1; len(text) > 0; n++ {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, ""
		}
		if len(line) > 0 && line[0] == '#' {
			continue
		}
		fields = splitFields(fields[:0], line)
		if len(fields) == 0 {
			continue
		}
		if err := fn(n, fields); err != nil {
			return err
		}
	}
	return nil
}

// readAllString reads r to its end, decompressing a gzip stream (told by
// its magic bytes, gunzip.Is). The buffer is sized up front when r
// knows its size (files, bytes and strings readers), and it becomes the
// returned string without a copy: nothing else refers to it afterwards.
func readAllString(r io.Reader) (string, error) {
	var buf bytes.Buffer
	switch s := r.(type) {
	case interface{ Stat() (os.FileInfo, error) }:
		if fi, err := s.Stat(); err == nil && fi.Mode().IsRegular() {
			buf.Grow(int(fi.Size()) + bytes.MinRead)
		}
	case interface{ Len() int }:
		buf.Grow(s.Len() + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(r); err != nil {
		return "", fmt.Errorf("eval: reading: %w", err)
	}
	data := buf.Bytes()
	if gunzip.Is(data) {
		var err error
		if data, err = gunzip.Bytes(data); err != nil {
			return "", fmt.Errorf("eval: %w", err)
		}
	}
	if len(data) == 0 {
		return "", nil
	}
	return unsafe.String(&data[0], len(data)), nil
}

// splitFields appends the fields of s, separated by C isspace characters
// (space, \t, \n, \v, \f, \r) as in trec_eval, to dst.
func splitFields(dst []string, s string) []string {
	start := -1
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}
