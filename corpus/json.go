package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/pystr"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/nlp"
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

	// With Workers > 1 (see readJSONAhead):
	ahead    []*aheadArgument // decoded, being split, oldest first
	aheadErr error            // what stopped decoding ahead: io.EOF or an error
	queue    *splitQueue      // nil until the first Read with Workers > 1
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

	repaired int // texts that held invalid UTF-8, see repairJSON
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
	if r.Workers > 1 || r.json.queue != nil {
		return r.readJSONAhead() // once begun, to the end
	}
	ja, err := r.decodeJSON()
	if err != nil {
		return Argument{}, err
	}
	a, err := r.jsonArgument(ja)
	if err != nil {
		return Argument{}, err
	}
	if err := r.defaultSplitter(); err != nil {
		return Argument{}, err
	}
	j := r.json
	j.split = splitSentences(&a, r.Splitter, j.split)
	r.Repaired += ja.repaired
	return a, nil
}

// decodeJSON decodes the next argument, or returns io.EOF after the last.
func (r *Reader) decodeJSON() (*jsonArgument, error) {
	j := r.json
	if j.stage == jsonStart {
		if err := r.jsonOpen(); err != nil {
			return nil, err
		}
	}
	if j.stage == jsonDone {
		return nil, io.EOF
	}
	if !j.dec.More() {
		if err := r.jsonClose(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	r.record++
	j.lines.mark(j.dec.InputOffset())
	ja := &jsonArgument{Context: jsonContext{SourceText: sourceText{keep: r.KeepSourceText}}}
	if err := j.dec.Decode(ja); err != nil {
		return nil, r.jsonError(j.lines.markedLine(), err)
	}
	if raw := j.lines.since(j.dec.InputOffset()); !utf8.Valid(raw) {
		if err := r.repairJSON(ja, raw); err != nil {
			return nil, err
		}
	}
	return ja, nil
}

// repairJSON decodes again the raw bytes of an argument that is not valid
// UTF-8, each run of invalid bytes replaced by U+FFFD as the CSV reader
// replaces them (encoding/json would replace each byte), and sets
// ja.repaired to the number of its texts that held invalid bytes: those that
// decode differently when the runs are replaced by another character. An
// id that held invalid bytes is an error.
func (r *Reader) repairJSON(ja *jsonArgument, raw []byte) error {
	raw = bytes.TrimLeft(raw, " \t\r\n,")
	fixed := jsonArgument{Context: jsonContext{SourceText: sourceText{keep: r.KeepSourceText}}}
	marked := fixed
	if err := json.Unmarshal(bytes.ToValidUTF8(raw, []byte("\uFFFD")), &fixed); err != nil {
		return r.jsonError(r.json.lines.markedLine(), err)
	}
	if err := json.Unmarshal(bytes.ToValidUTF8(raw, []byte("\uFFFE")), &marked); err != nil {
		return r.jsonError(r.json.lines.markedLine(), err)
	}
	if fixed.ID != marked.ID {
		return r.parseError(r.json.lines.markedLine(), "id", fmt.Errorf("argument id %s is not valid UTF-8", quote.Q(fixed.ID)))
	}
	texts, other := fixed.texts(), marked.texts()
	for i := range texts {
		if *texts[i] != *other[i] {
			fixed.repaired++
		}
	}
	*ja = fixed
	return nil
}

// texts returns the texts of ja that a repair counts, in a fixed order.
func (ja *jsonArgument) texts() []*string {
	c := &ja.Context
	t := []*string{&ja.Conclusion, &c.SourceID, &c.DiscussionTitle, &c.SourceTitle, &c.SourceURL, &c.SourceDomain,
		&c.PreviousArgumentID, &c.NextArgumentID, &c.AcquisitionTime, &c.SourceText.text}
	for i := range ja.Premises {
		t = append(t, &ja.Premises[i].Text)
	}
	return t
}

// defaultSplitter sets r.Splitter to prose's segmentation if it is nil.
func (r *Reader) defaultSplitter() error {
	if r.Splitter != nil {
		return nil
	}
	s, err := nlp.NewProseSplitter()
	if err != nil {
		return err
	}
	r.Splitter = s
	return nil
}

// aheadArgument is an argument decoded ahead of Read, whose sentences a
// goroutine is splitting.
type aheadArgument struct {
	a        Argument
	repaired int           // its texts that held invalid UTF-8
	done     chan struct{} // closed when a.Sentences is set
	panicked any           // what the Splitter panicked with, if it did
}

// readJSONAhead is readJSON for Workers > 1. It decodes and checks up to
// 4×Workers arguments ahead, in order, on the calling goroutine, and queues
// them for splitting by up to Workers goroutines; it returns the oldest
// when its split is done, splitting it itself if no goroutine has begun. The error that stops decoding (io.EOF at the
// end) is returned after the arguments decoded before it, so the arguments
// and errors are those of the synchronous path, in its order.
func (r *Reader) readJSONAhead() (Argument, error) {
	j := r.json
	if j.queue == nil {
		j.queue = &splitQueue{max: max(r.Workers, 1)}
	}
	q := j.queue
	for len(j.ahead) < q.max*aheadPerWorker && j.aheadErr == nil {
		ja, err := r.decodeJSON()
		var a Argument
		if err == nil {
			a, err = r.jsonArgument(ja)
		}
		if err == nil && q.splitter == nil {
			// Where the synchronous path makes it too: after the first
			// argument is decoded and checked.
			err = r.defaultSplitter()
			q.splitter = r.Splitter // fixed from here on
		}
		if err != nil {
			j.aheadErr = err
			break
		}
		p := &aheadArgument{a: a, repaired: ja.repaired, done: make(chan struct{})}
		j.ahead = append(j.ahead, p)
		q.push(p)
	}
	if len(j.ahead) == 0 {
		return Argument{}, j.aheadErr
	}
	p := j.ahead[0]
	n := copy(j.ahead, j.ahead[1:])
	j.ahead[n] = nil
	j.ahead = j.ahead[:n]
	if q.take(p) {
		// No goroutine has begun it: split it here rather than wait.
		j.split = q.split(p, j.split)
	}
	<-p.done
	if p.panicked != nil {
		panic(p.panicked) // in the caller's goroutine, as the synchronous path would
	}
	r.Repaired += p.repaired
	return p.a, nil
}

// aheadPerWorker is how many arguments per worker readJSONAhead keeps
// decoded ahead.
const aheadPerWorker = 4

// A splitQueue splits the sentences of queued arguments, oldest first, on
// up to max goroutines. A goroutine is started when an argument is queued
// and fewer than max run, and it ends when it finds the queue empty, so
// none outlives the work queued.
type splitQueue struct {
	max      int
	splitter nlp.Splitter // set before the first push

	mu      sync.Mutex
	queued  []*aheadArgument // not yet taken, oldest first
	running int              // goroutines started and not ended
}

// push queues p for splitting.
func (q *splitQueue) push(p *aheadArgument) {
	q.mu.Lock()
	q.queued = append(q.queued, p)
	start := q.running < q.max
	if start {
		q.running++
	}
	q.mu.Unlock()
	if start {
		go q.work()
	}
}

// take removes p from the queue if no goroutine has taken it yet, and
// reports whether it did.
func (q *splitQueue) take(p *aheadArgument) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.queued) == 0 || q.queued[0] != p {
		return false
	}
	n := copy(q.queued, q.queued[1:])
	q.queued[n] = nil
	q.queued = q.queued[:n]
	return true
}

// work splits queued arguments until the queue is empty.
func (q *splitQueue) work() {
	var split []string
	for {
		q.mu.Lock()
		if len(q.queued) == 0 {
			q.running--
			q.mu.Unlock()
			return
		}
		p := q.queued[0]
		n := copy(q.queued, q.queued[1:])
		q.queued[n] = nil
		q.queued = q.queued[:n]
		q.mu.Unlock()
		split = q.split(p, split)
	}
}

// split sets p.a.Sentences and closes p.done, recording a panic of the
// Splitter in p.panicked.
func (q *splitQueue) split(p *aheadArgument, split []string) (out []string) {
	defer func() {
		if v := recover(); v != nil {
			p.panicked = v
			out = nil
		}
		close(p.done)
	}()
	return splitSentences(&p.a, q.splitter, split)
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

// jsonError turns an error of encoding/json into a *formatError.
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

// jsonArgument turns a decoded JSON argument into an Argument, checking
// its id and stances; its Sentences are left for splitSentences.
func (r *Reader) jsonArgument(ja *jsonArgument) (Argument, error) {
	if ja.ID == "" {
		return Argument{}, r.parseError(r.json.lines.markedLine(), "id", errors.New("empty or missing argument id"))
	}
	if err := r.checkID(r.json.lines.markedLine(), ja.ID); err != nil {
		return Argument{}, err
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
	if len(ja.Premises) > 0 {
		a.Premises = make([]Premise, len(ja.Premises))
	}
	for i, p := range ja.Premises {
		st, err := stance.Parse(p.Stance)
		if err != nil {
			return Argument{}, r.parseError(r.json.lines.markedLine(), "premises["+strconv.Itoa(i)+"].stance", err)
		}
		a.Premises[i] = Premise{Text: p.Text, Stance: st}
	}
	return a, nil
}

// splitSentences sets a.Sentences as the processed corpus has them: the
// premises split with s, sentences under two words dropped, the rest
// numbered across premises, then the conclusion. It uses split as scratch
// space and returns it, cleared, for reuse.
func splitSentences(a *Argument, s nlp.Splitter, split []string) []string {
	k := 0
	for _, p := range a.Premises {
		split = s.Split(split[:0], p.Text)
		for _, sent := range split {
			if !hasTwoWords(sent) {
				continue
			}
			k++
			a.Sentences = append(a.Sentences, Sentence{ID: docid.Sentence{Argument: a.ID, Kind: docid.Premise, Number: k}.String(), Text: sent})
		}
	}
	if conc := pystr.TrimSpace(a.Conclusion); hasTwoWords(conc) {
		a.Sentences = append(a.Sentences, Sentence{ID: docid.Sentence{Argument: a.ID, Kind: docid.Conclusion, Number: 1}.String(), Text: conc})
	}
	clear(split)
	return split[:0]
}

// hasTwoWords reports whether s has at least two whitespace-separated
// words, the processed corpus's threshold for keeping a sentence.
func hasTwoWords(s string) bool {
	words := 0
	inWord := false
	for _, c := range s {
		if pystr.IsSpace(c) {
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

// since returns the input from the mark to offset off, which must not be
// after the input read so far.
func (l *lineCounter) since(off int64) []byte {
	k := off - l.base
	if k < 0 || k > int64(len(l.buf)-l.start) {
		return nil
	}
	return l.buf[l.start : l.start+int(k)]
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
