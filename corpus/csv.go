package corpus

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/corpus/internal/csvscan"
	"github.com/argsearch/argsearch/internal/pylit"
	"github.com/argsearch/argsearch/stance"
)

// csvHeader is the header of the processed CSV, in order.
var csvHeader = [...]string{"id", "conclusion", "premises", "context", "sentences"}

const (
	colID = iota
	colConclusion
	colPremises
	colContext
	colSentences
)

// The context keys the reader keeps, as indexes into csvState.ctx.
const (
	ctxSourceID = iota
	ctxDiscussionTitle
	ctxSourceTitle
	ctxSourceURL
	ctxSourceDomain
	ctxPrevious
	ctxNext
	ctxAcquisitionTime
	ctxSourceText
	numContextKeys
)

func contextKey(k string) int {
	switch k {
	case "sourceId":
		return ctxSourceID
	case "discussionTitle":
		return ctxDiscussionTitle
	case "sourceTitle":
		return ctxSourceTitle
	case "sourceUrl":
		return ctxSourceURL
	case "sourceDomain":
		return ctxSourceDomain
	case "previousArgumentInSourceId":
		return ctxPrevious
	case "nextArgumentInSourceId":
		return ctxNext
	case "acquisitionTime":
		return ctxAcquisitionTime
	case "sourceText":
		return ctxSourceText
	}
	return -1
}

// csvState is the state of a Reader of the processed CSV. Its slices are
// reused from record to record.
type csvState struct {
	r       *csvscan.Reader
	started bool
	dec     pylit.Decoder
	text    arena
	id      span
	conc    span
	concRaw string // the conclusion, valid while the record is decoded
	prem    []premiseSpan
	at      premiseCursor // where the next sentence likely starts in the premises
	sent    [][2]span
	ctx     [numContextKeys]span
	plain   bool // the column being decoded has no backslash: its literals have no escapes
	valid   bool // every text of the argument last built is valid UTF-8
}

type premiseSpan struct {
	text   span
	raw    string // the text, valid while the record is decoded
	stance stance.Stance
}

// A premiseCursor is a place in the premises of the record being decoded:
// premise i, byte off of its text.
type premiseCursor struct{ i, off int }

// shareWindow is how far past the end of the sentence before share looks
// for the next one in the premises: a sentence too short to keep, which
// the processed corpus drops, may lie between them.
const shareWindow = 256

// share returns the span of a stretch of the premises (or the
// conclusion) that is t, when t is the next sentence in them, so that the
// sentences of an argument, which are usually its premises cut up, and
// its conclusion, share their bytes instead of holding a copy. It looks
// from the end of the sentence before, in the premise there and the next,
// and takes only a stretch that starts and ends at character boundaries,
// so that the text it names is as valid UTF-8 as t.
func (c *csvState) share(t string) (span, bool) {
	if t == "" {
		return span{}, false
	}
	if t == c.concRaw {
		return c.conc, true
	}
	at := c.at
	for range 2 {
		if at.i >= len(c.prem) {
			break
		}
		p := c.prem[at.i].raw
		j := at.off
		for j < len(p) && (p[j] == ' ' || p[j]-'\t' <= '\r'-'\t') {
			j++
		}
		if !strings.HasPrefix(p[j:], t) {
			j = -1
			if end := min(len(p), at.off+len(t)+shareWindow); at.off < end {
				if k := strings.Index(p[at.off:end], t); k >= 0 {
					j = at.off + k
				}
			}
		}
		if j >= 0 && utf8.RuneStart(p[j]) && (j+len(t) == len(p) || utf8.RuneStart(p[j+len(t)])) {
			c.at = premiseCursor{at.i, j + len(t)}
			start := c.prem[at.i].text.start + j
			return span{start, start + len(t)}, true
		}
		at = premiseCursor{at.i + 1, 0}
	}
	return span{}, false
}

func (r *Reader) readCSVHeader() error {
	c := r.csv
	c.started = true
	rec, err := c.r.Read()
	if err == io.EOF {
		return r.parseError(0, "", fmt.Errorf("empty input, want the header %s", strings.Join(csvHeader[:], ",")))
	}
	if err != nil {
		return r.csvError(err)
	}
	got := make([]string, len(rec))
	for i, f := range rec {
		got[i] = string(f)
	}
	if len(got) > 0 {
		got[0] = strings.TrimPrefix(got[0], "\ufeff")
	}
	if strings.Join(got, ",") != strings.Join(csvHeader[:], ",") {
		return r.parseError(c.r.Line(), "header", fmt.Errorf("got %s, want %s", quote.Q(strings.Join(got, ",")), quote.Q(strings.Join(csvHeader[:], ","))))
	}
	return nil
}

// csvError turns an error of the record scanner into a *formatError.
func (r *Reader) csvError(err error) error {
	var pe *csvscan.ParseError
	if errors.As(err, &pe) {
		field := "header"
		if r.record > 0 {
			field = ""
			if pe.Field < len(csvHeader) {
				field = csvHeader[pe.Field]
			}
		}
		fe := r.parseError(pe.StartLine, field, pe.Err)
		fe.errLine, fe.column = pe.Line, pe.Column
		return fe
	}
	// A read error, such as io.ErrUnexpectedEOF from a truncated gzip.
	return r.parseError(0, "", fmt.Errorf("reading: %w", err))
}

// transient returns b as a string without copying it. The string must not
// be used after b changes: the literal decoder reads it and the arena keeps
// its substrings only while the current record is being decoded; the
// arena's text copies them, and both are reset before the record's buffer
// is reused.
func transient(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func (r *Reader) readCSV() (Argument, error) {
	c := r.csv
	if !c.started {
		if err := r.readCSVHeader(); err != nil {
			return Argument{}, err
		}
	}
	rec, err := c.r.Read()
	if err == io.EOF {
		return Argument{}, io.EOF
	}
	r.record++
	if err != nil {
		return Argument{}, r.csvError(err)
	}
	line := c.r.Line()
	if len(rec) != len(csvHeader) {
		return Argument{}, r.parseError(line, "", fmt.Errorf("got %d fields, want %d: %w", len(rec), len(csvHeader), csv.ErrFieldCount))
	}
	c.text.reset()
	clear(c.prem) // hold no record
	c.prem = c.prem[:0]
	c.at = premiseCursor{}
	c.sent = c.sent[:0]
	c.ctx = [numContextKeys]span{}
	if len(rec[colID]) == 0 {
		return Argument{}, r.parseError(line, csvHeader[colID], errors.New("empty argument id"))
	}
	if err := r.checkID(line, transient(rec[colID])); err != nil {
		return Argument{}, err
	}
	c.id = c.text.add(transient(rec[colID]))
	c.concRaw = transient(rec[colConclusion])
	c.conc = c.text.add(c.concRaw)
	defer func() {
		// Drop the transient strings of the record.
		c.dec.Reset("")
		c.concRaw = ""
	}()
	for _, col := range [...]int{colPremises, colContext, colSentences} {
		c.dec.Reset(transient(rec[col]))
		c.plain = bytes.IndexByte(rec[col], '\\') < 0
		var err error
		switch col {
		case colPremises:
			err = c.premises()
		case colContext:
			err = c.context(r.KeepSourceText)
		case colSentences:
			err = c.sentences()
		}
		if err == nil {
			err = c.dec.End()
		}
		if err != nil {
			return Argument{}, r.parseError(line, csvHeader[col], err)
		}
	}
	return c.argument(), nil
}

// argument builds the Argument from the spans of the current record.
func (c *csvState) argument() Argument {
	var text string
	text, c.valid = c.text.text()
	a := Argument{
		ID:         c.id.of(text),
		Conclusion: c.conc.of(text),
		Context: Context{
			SourceID:           c.ctx[ctxSourceID].of(text),
			DiscussionTitle:    c.ctx[ctxDiscussionTitle].of(text),
			SourceTitle:        c.ctx[ctxSourceTitle].of(text),
			SourceURL:          c.ctx[ctxSourceURL].of(text),
			SourceDomain:       c.ctx[ctxSourceDomain].of(text),
			PreviousArgumentID: c.ctx[ctxPrevious].of(text),
			NextArgumentID:     c.ctx[ctxNext].of(text),
			AcquisitionTime:    c.ctx[ctxAcquisitionTime].of(text),
			SourceText:         c.ctx[ctxSourceText].of(text),
		},
	}
	if a.Context.SourceDomain == "" {
		a.Context.SourceDomain = domainOf(a.Context.SourceURL)
	}
	if len(c.prem) > 0 {
		a.Premises = make([]Premise, len(c.prem))
		for i, p := range c.prem {
			a.Premises[i] = Premise{Text: p.text.of(text), Stance: p.stance}
		}
	}
	if len(c.sent) > 0 {
		a.Sentences = make([]Sentence, len(c.sent))
		for i, s := range c.sent {
			a.Sentences[i] = Sentence{ID: s[0].of(text), Text: s[1].of(text)}
		}
	}
	return a
}

// premises decodes [{'text': …, 'stance': …, …}, …].
func (c *csvState) premises() error {
	d := &c.dec
	if err := d.Begin('['); err != nil {
		return err
	}
	for {
		more, err := d.More()
		if err != nil || !more {
			return err
		}
		n := len(c.prem) + 1
		p, err := c.premise()
		if err != nil {
			return indexError("premise", n, err)
		}
		c.prem = append(c.prem, p)
	}
}

func (c *csvState) premise() (premiseSpan, error) {
	d := &c.dec
	var p premiseSpan
	if err := d.Begin('{'); err != nil {
		return p, err
	}
	hasText := false
	for {
		more, err := d.More()
		if err != nil {
			return p, err
		}
		if !more {
			break
		}
		k, err := d.Key()
		if err != nil {
			return p, err
		}
		switch k {
		case "text":
			p.text, p.raw, err = c.text.addText(d, c.plain)
			hasText = true
		case "stance":
			var label string
			if d.Peek() == pylit.KindNone {
				err = d.Skip()
			} else if label, err = d.Text(); err == nil {
				p.stance, err = stance.Parse(label)
			}
		default: // annotations and anything else
			err = d.Skip()
		}
		if err != nil {
			return p, fmt.Errorf("%s: %w", quote.Q(k), err)
		}
	}
	if !hasText {
		return p, errors.New("no 'text'")
	}
	return p, nil
}

// context decodes {'sourceId': …, …}, keeping the known keys.
func (c *csvState) context(keepSourceText bool) error {
	d := &c.dec
	if err := d.Begin('{'); err != nil {
		return err
	}
	for {
		more, err := d.More()
		if err != nil || !more {
			return err
		}
		k, err := d.Key()
		if err != nil {
			return err
		}
		i := contextKey(k)
		switch {
		case i < 0 || i == ctxSourceText && !keepSourceText:
			err = d.Skip()
		case d.Peek() == pylit.KindNone:
			err = d.Skip()
		case d.Peek() != pylit.KindString:
			err = errors.New("want a string or None")
		default:
			c.ctx[i], _, err = c.text.addText(d, c.plain)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", quote.Q(k), err)
		}
	}
}

// sentences decodes [{'sent_id': …, 'sent_text': …}, …].
func (c *csvState) sentences() error {
	d := &c.dec
	if err := d.Begin('['); err != nil {
		return err
	}
	for {
		more, err := d.More()
		if err != nil || !more {
			return err
		}
		n := len(c.sent) + 1
		s, err := c.sentence()
		if err != nil {
			return indexError("sentence", n, err)
		}
		c.sent = append(c.sent, s)
	}
}

func (c *csvState) sentence() ([2]span, error) {
	d := &c.dec
	var s [2]span
	if err := d.Begin('{'); err != nil {
		return s, err
	}
	var has [2]bool
	for {
		more, err := d.More()
		if err != nil {
			return s, err
		}
		if !more {
			break
		}
		k, err := d.Key()
		if err != nil {
			return s, err
		}
		switch k {
		case "sent_id":
			s[0], _, err = c.text.addText(d, c.plain)
			has[0] = true
		case "sent_text":
			var t string
			if t, err = c.text.decode(d, c.plain); err == nil {
				if sp, ok := c.share(t); ok {
					s[1] = sp
					c.text.drop(t, c.plain)
				} else {
					s[1] = c.text.addDecoded(t, c.plain)
				}
			}
			has[1] = true
		default:
			err = d.Skip()
		}
		if err != nil {
			return s, fmt.Errorf("%s: %w", quote.Q(k), err)
		}
	}
	switch {
	case !has[0]:
		return s, errors.New("no 'sent_id'")
	case !has[1]:
		return s, errors.New("no 'sent_text'")
	}
	return s, nil
}

// domainOf returns the host of a URL, lower-cased and without a leading
// "www.", or "" when url has none.
func domainOf(url string) string {
	i := strings.Index(url, "://")
	if i < 0 {
		return ""
	}
	host := url[i+3:]
	if j := strings.IndexAny(host, "/?#"); j >= 0 {
		host = host[:j]
	}
	if j := strings.LastIndexByte(host, '@'); j >= 0 {
		host = host[j+1:]
	}
	if j := strings.LastIndexByte(host, ':'); j >= 0 && !strings.Contains(host[j:], "]") {
		host = host[:j]
	}
	host = strings.TrimPrefix(strings.ToLower(host), "www.")
	return host
}
