package comparative

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
)

// A Passage is one line of the Task 2 passage corpus
// (touche-task2-passages-version-002.jsonl): a passage of about 250 words
// from a ClueWeb12 page.
type Passage struct {
	ID          string // "id": the ClueWeb12 page and the passage's number, "clueweb12-0004wb-78-20304___1"
	Contents    string // "contents": the passage text, as the file holds it
	ChatNoirURL string // "chatNoirUrl": the page in ChatNoir's ClueWeb12 cache
	// Other holds the line's other keys with their JSON values verbatim
	// (the docT5query-expanded version of the corpus, for example, may add
	// one), so that reading loses nothing; nil when there are none.
	Other map[string]json.RawMessage
}

// A passageReader reads the passage corpus line by line (ReadPassages).
// It is not safe for concurrent use.
type passageReader struct {
	name string // names the input in errors

	src  io.Reader
	br   *bufio.Reader
	line int
	buf  []byte
	err  error // sticky
}

var (
	errNotObject = errors.New("not a JSON object")
	errNotString = errors.New("not a string")
	errMissing   = errors.New("missing")
	errTwice     = errors.New("given twice")
)

// open looks at the first bytes: a gzip stream is decompressed.
func (r *passageReader) open() error {
	if r.src == nil {
		return fmt.Errorf("comparative: %s: nil reader", r.nameOr("passages"))
	}
	br := bufio.NewReaderSize(r.src, 64<<10)
	magic, err := br.Peek(2)
	if err != nil && err != io.EOF {
		return fmt.Errorf("comparative: %s: %w", r.nameOr("passages"), err)
	}
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := newGzipReader(br)
		if err != nil {
			return fmt.Errorf("comparative: %s: %w", r.nameOr("passages"), err)
		}
		br = bufio.NewReaderSize(zr, 64<<10)
	}
	r.br = br
	return nil
}

func (r *passageReader) nameOr(s string) string {
	if r.name != "" {
		return r.name
	}
	return s
}

// read returns the next passage, or io.EOF after the last one. A malformed
// line is reported with its file, line and field; other errors (I/O, a
// truncated gzip stream) are sticky.
func (r *passageReader) read() (Passage, error) {
	if r.br == nil && r.err == nil {
		if err := r.open(); err != nil {
			r.err = err
		}
	}
	for {
		raw, err := r.readLine()
		if err != nil {
			return Passage{}, err
		}
		r.line++
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		return r.parse(raw)
	}
}

func (r *passageReader) readLine() ([]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	b, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		r.buf = append(r.buf[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = r.br.ReadSlice('\n')
			r.buf = append(r.buf, b...)
		}
		b = r.buf
	}
	switch {
	case err == io.EOF:
		r.err = io.EOF
		if len(b) == 0 {
			return nil, io.EOF
		}
	case err != nil:
		r.err = fmt.Errorf("comparative: %s: line %d: %w", r.nameOr("passages"), r.line+1, err)
		return nil, r.err
	default:
		b = b[:len(b)-1]
	}
	return b, nil
}

func (r *passageReader) fail(field string, err error) error {
	return &parseError{File: r.name, Line: r.line, Field: field, Err: err}
}

// parse reads one line's object: the common line (see parseFast) directly,
// any other through parseTokens.
func (r *passageReader) parse(raw []byte) (Passage, error) {
	if p, ok := parseFast(raw); ok {
		return p, nil
	}
	return r.parseTokens(raw)
}

// parseTokens reads one line's object with encoding/json, key by key, so
// that an error can name its field.
func (r *passageReader) parseTokens(raw []byte) (Passage, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	tok, err := d.Token()
	if err != nil {
		return Passage{}, r.fail("object", fmt.Errorf("%w: %v", errNotObject, err))
	}
	if delim, ok := tok.(json.Delim); !ok || delim != '{' {
		return Passage{}, r.fail("object", fmt.Errorf("%w: starts with %s", errNotObject, tokenText(tok)))
	}
	var p Passage
	seen := make(map[string]bool, 3)
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return Passage{}, r.fail("object", fmt.Errorf("%w: %v", errNotObject, err))
		}
		key, ok := tok.(string)
		if !ok {
			return Passage{}, r.fail("object", fmt.Errorf("%w: a key is %s", errNotObject, tokenText(tok)))
		}
		if seen[key] {
			return Passage{}, r.fail(key, errTwice)
		}
		seen[key] = true
		var dst *string
		switch key {
		case "id":
			dst = &p.ID
		case "contents":
			dst = &p.Contents
		case "chatNoirUrl":
			dst = &p.ChatNoirURL
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return Passage{}, r.fail(key, fmt.Errorf("%w: %v", errNotObject, err))
		}
		if dst == nil {
			if p.Other == nil {
				p.Other = make(map[string]json.RawMessage)
			}
			p.Other[key] = append(json.RawMessage(nil), v...)
			continue
		}
		if len(v) == 0 || v[0] != '"' {
			return Passage{}, r.fail(key, fmt.Errorf("%w: %.40s", errNotString, v))
		}
		if err := json.Unmarshal(v, dst); err != nil {
			return Passage{}, r.fail(key, err)
		}
	}
	if _, err := d.Token(); err != nil { // the closing '}'
		return Passage{}, r.fail("object", fmt.Errorf("%w: %v", errNotObject, err))
	}
	if rest := bytes.TrimSpace(raw[d.InputOffset():]); len(rest) > 0 {
		return Passage{}, r.fail("object", fmt.Errorf("%w: data after the object: %.40q", errNotObject, rest))
	}
	switch {
	case !seen["id"]:
		return Passage{}, r.fail("id", errMissing)
	case p.ID == "":
		return Passage{}, r.fail("id", errors.New("empty"))
	case !seen["contents"]:
		return Passage{}, r.fail("contents", errMissing)
	}
	return p, nil
}

func tokenText(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		return string(t)
	case string:
		return fmt.Sprintf("the string %q", t)
	case nil:
		return "null"
	}
	return fmt.Sprint(tok)
}

// ReadPassages reads the passage corpus from r: one JSON object per line with
// the keys "id", "contents" and "chatNoirUrl" (those of ir_datasets'
// TouchePassageDocs), plain or gzip-compressed (recognised by its magic
// bytes). It streams: memory does not grow with the file.
//
// A line that is not a JSON object, a key whose value is not a string, a
// missing or empty "id", a missing "contents", a key given twice or data
// after the object is an error naming the file (name; "passages" when
// empty), the line and the field; a truncated gzip stream is an error too. Blank lines are skipped.
// Strings are read as encoding/json reads them: invalid UTF-8 becomes
// U+FFFD.
//
// To index passages with retrieval/lexical, give each as a corpus.Argument
// of one sentence, the passage itself, and build the sentence unit:
//
//	corpus.Argument{ID: p.ID, Sentences: []corpus.Sentence{{ID: p.ID, Text: p.Contents}}}
//
// The sequence reads r once and ends after the first error.
func ReadPassages(r io.Reader, name string) iter.Seq2[Passage, error] {
	pr := &passageReader{src: r, name: name}
	return func(yield func(Passage, error) bool) {
		for {
			p, err := pr.read()
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(Passage{}, err)
				return
			}
			if !yield(p, nil) {
				return
			}
		}
	}
}
