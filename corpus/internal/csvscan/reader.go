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
// needed to hold a whole record.
const bufferSize = 1 << 20

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
	// Skip empty lines.
	for {
		if r.pos == r.end && !r.fill() {
			if err := r.readError(); err != nil {
				return nil, err
			}
			return nil, io.EOF
		}
		c := r.buf[r.pos]
		if c == '\n' {
			r.pos++
			r.line++
			continue
		}
		if c != '\r' {
			break
		}
		if r.pos+1 == r.end && !r.fill() {
			if err := r.readError(); err != nil {
				return nil, err
			}
			r.pos++ // a lone '\r' at the end of the input
			return nil, io.EOF
		}
		if r.buf[r.pos+1] != '\n' {
			break // reported by the field scan
		}
		r.pos += 2
		r.line++
	}

	// Offsets below are from the start of the record, r.buf[r.pos], which
	// fill may move.
	r.spans = r.spans[:0]
	i := 0 // next byte to scan
	n := r.end - r.pos
	more := func() bool { // read more input; false at its end
		ok := r.fill()
		n = r.end - r.pos
		return ok
	}
	next := 0 // length of the record with its line break, once known
fields:
	for {
		if i == n && !more() {
			// After a ',' at the end of the input: one more, empty field.
			if err := r.readError(); err != nil {
				return nil, err
			}
			r.spans = append(r.spans, span{start: i, end: i})
			next = i
			break fields
		}
		if r.buf[r.pos+i] != '"' {
			start := i
			for {
				j := indexSpecial(r.buf[r.pos+i : r.pos+n])
				if j < 0 {
					i = n
					if !more() {
						if err := r.readError(); err != nil {
							return nil, err
						}
						r.spans = append(r.spans, span{start: start, end: i})
						next = i
						break fields
					}
					continue
				}
				i += j
				switch r.buf[r.pos+i] {
				case ',':
					r.spans = append(r.spans, span{start: start, end: i})
					i++
					continue fields
				case '\n':
					r.spans = append(r.spans, span{start: start, end: i})
					next = i + 1
					break fields
				case '"':
					return nil, r.syntaxError(i, len(r.spans), csv.ErrBareQuote)
				case '\r':
					if i+1 == n && !more() {
						if err := r.readError(); err != nil {
							return nil, err
						}
						r.spans = append(r.spans, span{start: start, end: i})
						next = i + 1
						break fields
					}
					if r.buf[r.pos+i+1] != '\n' {
						return nil, r.syntaxError(i, len(r.spans), ErrBareCR)
					}
					r.spans = append(r.spans, span{start: start, end: i})
					next = i + 2
					break fields
				}
			}
		}
		// A quoted field.
		i++
		f := span{start: i, quoted: true}
		for {
			j := bytes.IndexByte(r.buf[r.pos+i:r.pos+n], '"')
			if j < 0 {
				i = n
				if !more() {
					if err := r.readError(); err != nil {
						return nil, err
					}
					return nil, r.syntaxError(n, len(r.spans), errTruncated)
				}
				continue
			}
			i += j // the quote
			if i+1 == n && !more() {
				if err := r.readError(); err != nil {
					return nil, err
				}
				f.end = i
				r.spans = append(r.spans, f)
				next = i + 1
				break fields
			}
			switch r.buf[r.pos+i+1] {
			case '"':
				f.escaped = true
				i += 2
				continue
			case ',':
				f.end = i
				r.spans = append(r.spans, f)
				i += 2
				continue fields
			case '\n':
				f.end = i
				r.spans = append(r.spans, f)
				next = i + 2
				break fields
			case '\r':
				if i+2 == n && !more() {
					if err := r.readError(); err != nil {
						return nil, err
					}
					f.end = i
					r.spans = append(r.spans, f)
					next = i + 2
					break fields
				}
				if r.buf[r.pos+i+2] == '\n' {
					f.end = i
					r.spans = append(r.spans, f)
					next = i + 3
					break fields
				}
			}
			return nil, r.syntaxError(i, len(r.spans), csv.ErrQuote)
		}
	}

	// The record is rec[:next]; count its lines and undo doubled quotes.
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
	return r.fields, nil
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
