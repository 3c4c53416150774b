// Package csvscan reads CSV records exactly as written: RFC 4180, the
// format of Python's csv writer in its default excel dialect (comma
// separated, '"' quotes doubled inside quoted fields, "\r\n" at the end of
// each record).
//
// It differs from encoding/csv in what it keeps: a quoted field is returned
// byte for byte, with its "\r\n", lone '\r' and '\n' as they are in the
// input (encoding/csv turns "\r\n" into "\n"), and only its doubled quotes
// are undone. On input without '\r' the two agree record for record, error
// for error, and the errors wrap the same sentinels (csv.ErrQuote,
// csv.ErrBareQuote).
//
// The fields of a record are slices of the Reader's buffer, valid until the
// next Read: nothing is copied unless the field has doubled quotes to undo,
// and even then it is undone in place.
package csvscan

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
)

// ErrBareCR is wrapped by the *ParseError for a '\r' outside quotes that is
// not followed by '\n'. Python's csv writer quotes every field holding a
// '\r', so such input is not from it (it may be old Mac line ends, which
// this reader does not guess at).
var ErrBareCR = errors.New(`bare \r in non-quoted field`)

// errTruncated is the error of a quoted field still open at the end of the
// input: a truncated file.
var errTruncated = fmt.Errorf("%w in quoted field: %w", io.ErrUnexpectedEOF, csv.ErrQuote)

// A ParseError reports malformed CSV, with positions as csv.ParseError
// gives them: lines are 1-based and count '\n', columns are 1-based byte
// offsets in the line.
type ParseError struct {
	StartLine int   // line where the record starts
	Line      int   // line where the error was found
	Column    int   // column where the error was found
	Field     int   // 0-based index of the field in its record
	Err       error // csv.ErrQuote, csv.ErrBareQuote or ErrBareCR, possibly wrapped
}

func (e *ParseError) Error() string {
	if e.StartLine != e.Line {
		return fmt.Sprintf("csvscan: record on line %d; parse error on line %d, column %d: %v", e.StartLine, e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("csvscan: parse error on line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// bufferSize is the initial size of the Reader's buffer; it doubles as
// needed to hold a whole record. fill reads into at least half of it, so
// that a bufio.Reader of 1 MiB underneath (corpus.Open's) reads straight
// into it instead of copying through its own buffer.
const bufferSize = 2 << 20

// A Reader reads CSV records from an io.Reader.
//
// A record ends at "\r\n" or "\n" outside quotes, or at the end of the
// input (a final record needs no line break; a lone '\r' just before the
// end of the input ends it too). Empty lines between records are skipped,
// as encoding/csv does. A quoted field may hold anything, line breaks
// included; a '"' inside it is written twice. A quote inside a field that
// does not start with one, text after a closing quote, a lone '\r' outside
// quotes and a quoted field left open at the end of the input (a truncated
// file; the error also wraps io.ErrUnexpectedEOF) are *ParseErrors. An
// error of the underlying reader is returned as it is.
//
// Errors are sticky. A Reader is not safe for concurrent use.
type Reader struct {
	r    io.Reader
	buf  []byte
	pos  int   // start of the unread bytes buf[pos:end]
	end  int   // end of the buffered bytes
	rerr error // error of r, once the buffered bytes are used up
	err  error // sticky error of Read

	line      int // line of buf[pos]
	startLine int // line where the last record read starts

	spans  []span
	fields [][]byte
}

// span is a field's contents, as offsets from the start of its record.
type span struct {
	start, end int
	quoted     bool // quoted field: count its newlines
	escaped    bool // holds doubled quotes to undo
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r, line: 1}
}

// Line returns the line where the record last returned by Read starts.
func (r *Reader) Line() int { return r.startLine }

// Read returns the fields of the next record, or io.EOF after the last one.
// The slices point into the Reader's buffer and are valid only until the
// next call of Read; the slice of fields is reused too.
func (r *Reader) Read() ([][]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	fields, err := r.read()
	if err != nil {
		r.err = err
		return nil, err
	}
	return fields, nil
}

// fill reads more input into the buffer, moving the unread bytes to its
// front first and growing it when they fill more than half of it. It
// reports whether it read anything; when not, r.rerr is set.
func (r *Reader) fill() bool {
	if r.rerr != nil {
		return false
	}
	if r.buf == nil {
		r.buf = make([]byte, bufferSize)
	}
	if r.pos > 0 {
		r.end = copy(r.buf, r.buf[r.pos:r.end])
		r.pos = 0
	}
	if r.end > len(r.buf)/2 {
		r.buf = append(r.buf[:r.end], make([]byte, len(r.buf))...)
		r.buf = r.buf[:cap(r.buf)]
	}
	for range 100 {
		n, err := r.r.Read(r.buf[r.end:])
		if n < 0 || n > len(r.buf)-r.end {
			r.rerr = fmt.Errorf("csvscan: reader returned %d bytes for a buffer of %d", n, len(r.buf)-r.end)
			return false
		}
		r.end += n
		if err != nil {
			r.rerr = err
		}
		if n > 0 {
			return true
		}
		if err != nil {
			return false
		}
	}
	r.rerr = io.ErrNoProgress
	return false
}

// atEnd is called when the input has no more bytes: it returns nil at the
// end of the input and the reader's error otherwise.
func (r *Reader) readError() error {
	if r.rerr == io.EOF {
		return nil
	}
	return r.rerr
}

func (r *Reader) read() ([][]byte, error) {
	if err := r.skipBlankLines(); err != nil {
		return nil, err
	}
	// Offsets below are from the start of the record, r.buf[r.pos], which
	// fill may move.
	r.spans = r.spans[:0]
	s := recordScan{r: r, n: r.end - r.pos}
	for {
		if s.i == s.n && !s.more() {
			// After a ',' at the end of the input: one more, empty field.
			if err := r.readError(); err != nil {
				return nil, err
			}
			r.spans = append(r.spans, span{start: s.i, end: s.i})
			s.next = s.i
			break
		}
		var end bool
		var err error
		if r.buf[r.pos+s.i] != '"' {
			end, err = s.plainField()
		} else {
			end, err = s.quotedField()
		}
		if err != nil {
			return nil, err
		}
		if end {
			break
		}
	}
	return r.finish(s.next), nil
}

// skipBlankLines moves past empty lines. At the end of the input it
// returns io.EOF, or the error that ended it.
func (r *Reader) skipBlankLines() error {
	for {
		if r.pos == r.end && !r.fill() {
			if err := r.readError(); err != nil {
				return err
			}
			return io.EOF
		}
		c := r.buf[r.pos]
		if c == '\n' {
			r.pos++
			r.line++
			continue
		}
		if c != '\r' {
			return nil
		}
		if r.pos+1 == r.end && !r.fill() {
			if err := r.readError(); err != nil {
				return err
			}
			r.pos++ // a lone '\r' at the end of the input
			return io.EOF
		}
		if r.buf[r.pos+1] != '\n' {
			return nil // reported by the field scan
		}
		r.pos += 2
		r.line++
	}
}

// A recordScan is the state of read while it finds the fields of one
// record: i is the next byte to scan and n the bytes read so far, both
// from the start of the record (r.buf[r.pos]), and next the length of the
// record with its line break, once known.
type recordScan struct {
	r          *Reader
	i, n, next int
}

// more reads more input; false at its end.
func (s *recordScan) more() bool {
	ok := s.r.fill()
	s.n = s.r.end - s.r.pos
	return ok
}

// plainField scans an unquoted field that starts at s.i and adds its span;
// end reports that it ends the record.
func (s *recordScan) plainField() (end bool, err error) {
	r := s.r
	start := s.i
	for {
		j := indexSpecial(r.buf[r.pos+s.i : r.pos+s.n])
		if j < 0 {
			s.i = s.n
			if !s.more() {
				if err := r.readError(); err != nil {
					return false, err
				}
				r.spans = append(r.spans, span{start: start, end: s.i})
				s.next = s.i
				return true, nil
			}
			continue
		}
		s.i += j
		switch r.buf[r.pos+s.i] {
		case ',':
			r.spans = append(r.spans, span{start: start, end: s.i})
			s.i++
			return false, nil
		case '\n':
			r.spans = append(r.spans, span{start: start, end: s.i})
			s.next = s.i + 1
			return true, nil
		case '"':
			return false, r.syntaxError(s.i, len(r.spans), csv.ErrBareQuote)
		case '\r':
			if s.i+1 == s.n && !s.more() {
				if err := r.readError(); err != nil {
					return false, err
				}
				r.spans = append(r.spans, span{start: start, end: s.i})
				s.next = s.i + 1
				return true, nil
			}
			if r.buf[r.pos+s.i+1] != '\n' {
				return false, r.syntaxError(s.i, len(r.spans), ErrBareCR)
			}
			r.spans = append(r.spans, span{start: start, end: s.i})
			s.next = s.i + 2
			return true, nil
		}
	}
}

// quotedField scans a quoted field whose opening quote is at s.i and adds
// its span; end reports that it ends the record.
func (s *recordScan) quotedField() (end bool, err error) {
	r := s.r
	s.i++
	f := span{start: s.i, quoted: true}
	for {
		j := bytes.IndexByte(r.buf[r.pos+s.i:r.pos+s.n], '"')
		if j < 0 {
			s.i = s.n
			if !s.more() {
				if err := r.readError(); err != nil {
					return false, err
				}
				return false, r.syntaxError(s.n, len(r.spans), errTruncated)
			}
			continue
		}
		s.i += j // the quote
		if s.i+1 == s.n && !s.more() {
			if err := r.readError(); err != nil {
				return false, err
			}
			return s.endQuoted(f, 1), nil
		}
		switch r.buf[r.pos+s.i+1] {
		case '"':
			f.escaped = true
			s.i += 2
			continue
		case ',':
			f.end = s.i
			r.spans = append(r.spans, f)
			s.i += 2
			return false, nil
		case '\n':
			return s.endQuoted(f, 2), nil
		case '\r':
			if s.i+2 == s.n && !s.more() {
				if err := r.readError(); err != nil {
					return false, err
				}
				return s.endQuoted(f, 2), nil
			}
			if r.buf[r.pos+s.i+2] == '\n' {
				return s.endQuoted(f, 3), nil
			}
		}
		return false, r.syntaxError(s.i, len(r.spans), csv.ErrQuote)
	}
}

// endQuoted adds the quoted field f, whose closing quote is at s.i, as the
// last of the record, which ends skip bytes after that quote; it returns
// true (the record's end).
func (s *recordScan) endQuoted(f span, skip int) bool {
	f.end = s.i
	s.r.spans = append(s.r.spans, f)
	s.next = s.i + skip
	return true
}

// finish turns the spans of the record r.buf[r.pos:r.pos+next] into its
// fields, counts its lines, undoes doubled quotes and moves past it.
func (r *Reader) finish(next int) [][]byte {
	rec := r.buf[r.pos : r.pos+next]
	r.startLine = r.line
	r.fields = r.fields[:0]
	for _, f := range r.spans {
		b := rec[f.start:f.end]
		if f.quoted {
			r.line += bytes.Count(b, newline)
			if f.escaped {
				b = unescape(b)
			}
		}
		r.fields = append(r.fields, b)
	}
	if next > 0 && rec[next-1] == '\n' {
		r.line++
	}
	r.pos += next
	return r.fields
}

var newline = []byte{'\n'}

// indexSpecial returns the index of the first byte of b that ends or breaks
// an unquoted field: ',', '\n', '\r' or '"'; or -1.
func indexSpecial(b []byte) int {
	for i, c := range b {
		if c <= '"' || c == ',' {
			if c == ',' || c == '\n' || c == '\r' || c == '"' {
				return i
			}
		}
	}
	return -1
}

// unescape undoes the doubled quotes of b in place and returns the result,
// a prefix of b.
func unescape(b []byte) []byte {
	w := bytes.IndexByte(b, '"') + 1 // keep the first quote of the pair
	for r := w + 1; r < len(b); {
		j := bytes.IndexByte(b[r:], '"')
		if j < 0 {
			w += copy(b[w:], b[r:])
			break
		}
		w += copy(b[w:], b[r:r+j+1])
		r += j + 2
	}
	return b[:w]
}

// syntaxError returns the *ParseError for the byte at offset i of the
// record being read (i may be the end of the input), in its field k.
func (r *Reader) syntaxError(i, k int, err error) error {
	rec := r.buf[r.pos : r.pos+i]
	extra := 0
	if i > 0 && i == r.end-r.pos && rec[i-1] == '\n' {
		// At the end of input after a '\n': encoding/csv places this
		// just after the '\n', on the line it ends.
		rec = rec[:i-1]
		extra = 1
	}
	lineStart := bytes.LastIndexByte(rec, '\n') + 1
	return &ParseError{
		StartLine: r.line,
		Line:      r.line + bytes.Count(rec, newline),
		Column:    len(rec) - lineStart + 1 + extra,
		Field:     k,
		Err:       err,
	}
}
