package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/stance"
)

// jsonState is the state of a Reader of the args.me JSON format.
type jsonState struct {
	dec   *json.Decoder
	lines *lineCounter
	stage int // jsonStart, jsonArray or jsonDone
	// inObject is set when the arguments array is the value of the
	// "arguments" key of the top-level object (not the top-level value).
	inObject bool
	split    []string // reused by the splitter
}

const (
	jsonStart = iota
	jsonArray
	jsonDone
)

type jsonArgument struct {
	ID         string        `json:"id"`
	Conclusion string        `json:"conclusion"`
	Premises   []jsonPremise `json:"premises"`
	Context    jsonContext   `json:"context"`
}

type jsonPremise struct {
	Text   string `json:"text"`
	Stance string `json:"stance"`
}

type jsonContext struct {
	SourceID           string     `json:"sourceId"`
	DiscussionTitle    string     `json:"discussionTitle"`
	SourceTitle        string     `json:"sourceTitle"`
	SourceURL          string     `json:"sourceUrl"`
	SourceDomain       string     `json:"sourceDomain"`
	PreviousArgumentID string     `json:"previousArgumentInSourceId"`
	NextArgumentID     string     `json:"nextArgumentInSourceId"`
	AcquisitionTime    string     `json:"acquisitionTime"`
	SourceText         sourceText `json:"sourceText"`
}

// sourceText decodes the source text only when asked to; otherwise the
// value is skipped without unescaping or copying it.
type sourceText struct {
	keep bool
	text string
}

func (t *sourceText) UnmarshalJSON(b []byte) error {
	if !t.keep || string(b) == "null" {
		return nil
	}
	return json.Unmarshal(b, &t.text)
}

func (r *Reader) readJSON() (Argument, error) {
	j := r.json
	if j.stage == jsonStart {
		if err := r.jsonOpen(); err != nil {
			return Argument{}, err
		}
	}
	if j.stage == jsonDone {
		return Argument{}, io.EOF
	}
	if !j.dec.More() {
		if err := r.jsonClose(); err != nil {
			return Argument{}, err
		}
		return Argument{}, io.EOF
	}
	r.record++
	j.lines.mark(j.dec.InputOffset())
	ja := jsonArgument{Context: jsonContext{SourceText: sourceText{keep: r.KeepSourceText}}}
	if err := j.dec.Decode(&ja); err != nil {
		return Argument{}, r.jsonError(j.lines.markedLine(), err)
	}
	return r.jsonArgument(&ja)
}

// jsonOpen reads up to the '[' of the arguments array.
func (r *Reader) jsonOpen() error {
	j := r.json
	tok, err := j.dec.Token()
	if err == io.EOF {
		return r.parseError(0, "", errors.New(`empty input, want {"arguments": [...]}`))
	}
	if err != nil {
		return r.jsonError(0, err)
	}
	switch tok {
	case json.Delim('['): // a bare array of arguments
		j.stage = jsonArray
		return nil
	case json.Delim('{'):
	default:
		return r.parseError(1, "", fmt.Errorf(`found %v, want {"arguments": [...]}`, tok))
	}
	j.inObject = true
	for {
		key, err := r.jsonKey()
		if err != nil {
			return err
		}
		if key == "" {
			return r.parseError(0, "", errors.New(`no "arguments" array`))
		}
		if key != "arguments" {
			var skip json.RawMessage
			if err := j.dec.Decode(&skip); err != nil {
				return r.jsonError(0, err)
			}
			continue
		}
		tok, err := j.dec.Token()
		if err != nil {
			return r.jsonError(0, err)
		}
		if tok != json.Delim('[') {
			return r.parseError(0, "arguments", fmt.Errorf("found %v, want an array", tok))
		}
		j.stage = jsonArray
		return nil
	}
}

// jsonKey reads the next key of the top-level object, or returns "" at its
// end.
func (r *Reader) jsonKey() (string, error) {
	tok, err := r.json.dec.Token()
	if err != nil {
		return "", r.jsonError(0, err)
	}
	switch tok := tok.(type) {
	case string:
		if tok == "" {
			return "", r.parseError(0, "", errors.New(`empty key in the top-level object`))
		}
		return tok, nil
	case json.Delim: // '}': the object's end
		return "", nil
	}
	return "", r.parseError(0, "", fmt.Errorf("found %v, want a key", tok))
}

// jsonClose reads the rest of the input after the arguments array and
// checks that nothing but other keys of the top-level object follows.
func (r *Reader) jsonClose() error {
	j := r.json
	r.record = 0
	if _, err := j.dec.Token(); err != nil { // the array's ']'
		return r.jsonError(0, err)
	}
	if j.inObject {
		for {
			key, err := r.jsonKey()
			if err != nil {
				return err
			}
			if key == "" {
				break
			}
			var skip json.RawMessage
			if err := j.dec.Decode(&skip); err != nil {
				return r.jsonError(0, err)
			}
		}
	}
	// Read to the end, so that trailing garbage, a truncated gzip or a bad
	// checksum is reported.
	tok, err := j.dec.Token()
	if err == nil {
		return r.parseError(0, "", fmt.Errorf("found %v after the end of the top-level JSON value", tok))
	}
	if err != io.EOF {
		return r.jsonError(0, err)
	}
	j.stage = jsonDone
	return nil
}

// jsonError turns an error of encoding/json into a *ParseError.
func (r *Reader) jsonError(line int, err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if te.Field == "" {
			return r.parseError(line, "", fmt.Errorf("found JSON %s, want an argument object", te.Value))
		}
		return r.parseError(line, te.Field, fmt.Errorf("found JSON %s, want %v", te.Value, te.Type))
	case errors.As(err, &se):
		return r.parseError(line, "", fmt.Errorf("byte offset %d: %w", se.Offset, err))
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return r.parseError(line, "", fmt.Errorf("unexpected end of input: %w", io.ErrUnexpectedEOF))
	}
	return r.parseError(line, "", fmt.Errorf("reading: %w", err))
}

// jsonArgument turns a decoded JSON argument into an Argument, splitting
// its sentences.
func (r *Reader) jsonArgument(ja *jsonArgument) (Argument, error) {
	if ja.ID == "" {
		return Argument{}, r.parseError(r.json.lines.markedLine(), "id", errors.New("empty or missing argument id"))
	}
	c := ja.Context
	a := Argument{
		ID:         ja.ID,
		Conclusion: ja.Conclusion,
		Context: Context{
			SourceID:           c.SourceID,
			DiscussionTitle:    c.DiscussionTitle,
			SourceTitle:        c.SourceTitle,
			SourceURL:          c.SourceURL,
			SourceDomain:       c.SourceDomain,
			PreviousArgumentID: c.PreviousArgumentID,
			NextArgumentID:     c.NextArgumentID,
			AcquisitionTime:    c.AcquisitionTime,
			SourceText:         c.SourceText.text,
		},
	}
	if a.Context.SourceDomain == "" {
		a.Context.SourceDomain = domainOf(a.Context.SourceURL)
	}
	if r.Splitter == nil {
		s, err := NewEnglishSplitter()
		if err != nil {
			return Argument{}, err
		}
		r.Splitter = s
	}
	if len(ja.Premises) > 0 {
		a.Premises = make([]Premise, len(ja.Premises))
	}
	j := r.json
	k := 0
	for i, p := range ja.Premises {
		st, err := stance.Parse(p.Stance)
		if err != nil {
			return Argument{}, r.parseError(j.lines.markedLine(), "premises["+strconv.Itoa(i)+"].stance", err)
		}
		a.Premises[i] = Premise{Text: p.Text, Stance: st}
		j.split = r.Splitter.Split(j.split[:0], p.Text)
		for _, s := range j.split {
			if !hasTwoWords(s) {
				continue
			}
			k++
			a.Sentences = append(a.Sentences, Sentence{ID: SentenceID(a.ID, PremiseKind, k), Text: s})
		}
	}
	if conc := trimSpace(a.Conclusion); hasTwoWords(conc) {
		a.Sentences = append(a.Sentences, Sentence{ID: SentenceID(a.ID, ConclusionKind, 1), Text: conc})
	}
	clear(j.split)
	return a, nil
}

// hasTwoWords reports whether s has at least two whitespace-separated
// words, the processed corpus's threshold for keeping a sentence.
func hasTwoWords(s string) bool {
	words := 0
	inWord := false
	for _, c := range s {
		if isSpace(c) {
			inWord = false
		} else if !inWord {
			inWord = true
			words++
			if words == 2 {
				return true
			}
		}
	}
	return false
}

// isSpace is Python's str.isspace for one character, which str.split and
// str.strip use: Unicode white space plus the separators \x1c-\x1f.
func isSpace(c rune) bool {
	if c < utf8.RuneSelf {
		return c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1c && c <= 0x1f
	}
	return unicode.IsSpace(c)
}

// trimSpace is Python's str.strip().
func trimSpace(s string) string {
	start := 0
	for start < len(s) {
		c, n := utf8.DecodeRuneInString(s[start:])
		if !isSpace(c) {
			break
		}
		start += n
	}
	end := len(s)
	for end > start {
		c, n := utf8.DecodeLastRuneInString(s[start:end])
		if !isSpace(c) {
			break
		}
		end -= n
	}
	return s[start:end]
}

// lineCounter passes the input through to the JSON decoder, keeping the
// bytes from the last marked offset on, so that the line of the argument
// that starts there can be found when an error needs it.
type lineCounter struct {
	r     io.Reader
	buf   []byte // input from offset base-start on
	start int    // index in buf of offset base
	base  int64  // the marked offset
	line  int    // line number at offset base, from 1
}

func (l *lineCounter) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.buf = append(l.buf, p[:n]...)
	return n, err
}

// mark moves the mark to offset off in the input, which must not be before
// the previous mark and not after the input read so far.
func (l *lineCounter) mark(off int64) {
	k := off - l.base
	if k < 0 || k > int64(len(l.buf)-l.start) {
		return
	}
	l.line += bytes.Count(l.buf[l.start:l.start+int(k)], []byte{'\n'})
	l.start += int(k)
	l.base = off
	if l.start > len(l.buf)/2 {
		n := copy(l.buf, l.buf[l.start:])
		l.buf = l.buf[:n]
		l.start = 0
	}
}

// markedLine returns the line (from 1) of the first byte at or after the
// mark that is not white space or a comma: where the JSON value after the
// mark starts, when it has been read.
func (l *lineCounter) markedLine() int {
	line := l.line
	for _, c := range l.buf[l.start:] {
		switch c {
		case '\n':
			line++
		case ' ', '\t', '\r', ',':
		default:
			return line
		}
	}
	return line
}
