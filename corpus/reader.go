package corpus

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/argsearch/argsearch/corpus/internal/csvscan"
	"github.com/argsearch/argsearch/internal/dup"
	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/pylit"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/nlp"
)

// A Reader reads Arguments from an args.me file, one at a time: the Touché
// 2022 processed CSV (NewCSVReader), or that CSV or the args.me JSON format
// ({"arguments": [{"id", "conclusion", "premises", "context"}, …]}, as in
// the args.me 1.0 and 2020-04-01 files, streamed one argument at a time)
// detected from the bytes of a plain, gzipped or tar.gz file (Open,
// OpenReader).
//
// Set the exported fields before the first Read. Errors are sticky: once
// Read has returned an error other than io.EOF, it returns the same error
// again. A Reader is not safe for concurrent use.
type Reader struct {
	// Name is the file name used in error messages. Open and OpenReader
	// set it.
	Name string

	// KeepSourceText makes the reader fill Context.SourceText, the whole
	// source page of each argument (tens of KB). By default it is skipped
	// without being decoded.
	KeepSourceText bool

	// Splitter splits the premises of JSON arguments into sentences (a
	// conclusion is one sentence). Nil means the default, prose v2.0.0's
	// segmentation (nlp.NewProseSplitter): of the sentence splitters known,
	// it gives the sentence numbering of the official args.me corpus most
	// often, more often than neurosnap/sentences' English Punkt, the default before
	// (BENCHMARKS.md, section "Fidelity to reference tools: sentence split
	// and KStem"). It is created once, on the first JSON argument;
	// readers of many files can share one nlp.NewProseSplitter instead. The
	// processed CSV carries its sentences and does not use it.
	Splitter nlp.Splitter

	// Workers is how many goroutines split the sentences of JSON arguments
	// while Read decodes the next ones. 0 or 1 (the default) splits them
	// in Read, on the caller's goroutine. With more, Read decodes and
	// checks up to 4×Workers arguments ahead of the one it returns (so it
	// reads further ahead in the input), and hands their splitting to up
	// to Workers goroutines at once; the arguments and errors it returns
	// are the same, in the same order. The Splitter is then called from
	// several goroutines at once and must be safe for concurrent use, as
	// nlp.NewProseSplitter's is; it and Workers must not change after the first
	// Read. No goroutine outlives the splitting of the arguments already
	// decoded, whether or not the Reader is read to the end. The processed
	// CSV carries its sentences and ignores Workers.
	Workers int

	// Repaired counts the texts of the file read so far (conclusions,
	// premises, the CSV's sentences, context fields) that held invalid
	// UTF-8, each run of invalid bytes replaced by U+FFFD; see Read.
	Repaired int

	csv  *csvState
	json *jsonState

	record   int         // arguments read so far, or being read
	returned int         // arguments Read has returned
	needArgs bool        // a file (Open, OpenReader): no argument at all is an error
	line     int         // the line where the current record starts
	ids      *dup.Filter // the argument ids read, exactly; see checkID
	idAt     []idRecord  // idAt[e] is where entry e of ids was read
	err      error       // sticky
	closer   io.Closer
}

// NewCSVReader returns a Reader of the Touché 2022 processed CSV
// (args_processed.csv): a header id,conclusion,premises,context,sentences,
// then one argument a record, whose premises, context and sentences are
// Python literals. Sentences are returned exactly as stored.
//
// The CSV is read as Python's csv module writes it (RFC 4180, records ended
// by "\r\n" or "\n"), and the text of a quoted field is kept byte for byte,
// line breaks ("\r\n", "\n" or a lone "\r") included. A record with other
// than five fields is an error wrapping csv.ErrFieldCount; a stray quote,
// csv.ErrBareQuote or csv.ErrQuote; a quoted field still open at the end of
// the input (a truncated file), csv.ErrQuote and io.ErrUnexpectedEOF.
func NewCSVReader(r io.Reader) *Reader {
	return &Reader{csv: &csvState{r: csvscan.NewReader(nilio.Reader(r, "corpus"))}}
}

// newJSONReader returns a Reader of the args.me JSON format (see Reader).
// JSON arguments carry no sentences: the reader splits them with the
// processed corpus's id scheme, see Read.
func newJSONReader(r io.Reader) *Reader {
	lc := &lineCounter{r: nilio.Reader(r, "corpus"), line: 1}
	d := json.NewDecoder(lc)
	return &Reader{json: &jsonState{dec: d, lines: lc}}
}

// Read returns the next argument, or io.EOF after the last one.
//
// Text that is not valid UTF-8 is repaired, the one way in both formats:
// each run of invalid bytes becomes one U+FFFD, the Unicode replacement
// character (as strings.ToValidUTF8 replaces them), and Repaired counts the
// texts of the file that were repaired: a JSON argument's sentences, which
// the reader makes, are not counted again. A text that holds U+FFFD itself
// is valid and not counted. An argument or sentence id that is not valid
// UTF-8 is an error naming the record, line and field: an id is not a text
// to repair.
//
// For JSON input, the Sentences are built as the processed corpus has them:
// each premise is split with the Splitter, sentences under two words are
// dropped, and the rest are numbered <ID>__PREMISE__1, 2, … across all
// premises in order (dropped sentences take no number); then the whole
// conclusion, when it has at least two words, is <ID>__CONC__1.
//
// Numbering after dropping matters: on the embedded sample about a third
// of the premise sentences kept would get another number if the dropped
// ones kept theirs. The official corpus most likely numbered after
// dropping, as this reader does: the judged Touché 2022 sentences, numbered
// this way, agree with their judgments as well as any split does, which a
// third of misnumbered ids would not allow (the figures: BENCHMARKS.md,
// section "Sentence numbering of args.me JSON"). The data here cannot
// settle it: the judged premise ids of sample arguments exist under both
// numberings.
//
// Malformed input gives an error naming the file, the record, the line
// and the field. So does an argument id that an earlier record of the file
// had ("duplicate id", naming that record too): a corpus whose
// ids repeat would give an index, a store and a run that list them twice.
//
// A file opened by Open or OpenReader that holds no argument at all (a CSV
// header alone, an empty "arguments" array) gives the error "corpus: FILE:
// the corpus has no arguments" instead of io.EOF: it is not a corpus to
// index. A Reader of NewCSVReader returns io.EOF.
func (r *Reader) Read() (Argument, error) {
	if r.err != nil {
		return Argument{}, r.err
	}
	var a Argument
	var err error
	switch {
	case r.csv != nil:
		a, err = r.readCSV()
	case r.json != nil:
		a, err = r.readJSON()
	default:
		err = errors.New("corpus: Read on a Reader not made by NewCSVReader, Open or OpenReader")
	}
	if err == nil && r.csv != nil {
		err = r.repair(&a)
	}
	if err == io.EOF && r.needArgs && r.returned == 0 {
		err = fmt.Errorf("corpus: %s: %w", r.Name, errNoArguments)
	}
	if err != nil {
		r.err = err
		return Argument{}, err
	}
	r.returned++
	return a, nil
}

// repair replaces each run of invalid UTF-8 in a's texts by U+FFFD and
// counts the texts it repaired in Repaired. A sentence id that is not valid
// UTF-8 is an error: ids are not repaired. The JSON reader repairs while it
// decodes (repairJSON), so this is for the CSV reader's arguments, and
// it does nothing when the reader found every text of a valid already
// (csvState.valid): a text of a is a substring of the argument's text, or
// (SourceDomain) the lower case of one, valid too.
func (r *Reader) repair(a *Argument) error {
	if r.csv.valid {
		return nil
	}
	fix := func(s *string) {
		if !utf8.ValidString(*s) {
			*s = strings.ToValidUTF8(*s, "\uFFFD")
			r.Repaired++
		}
	}
	fix(&a.Conclusion)
	for i := range a.Premises {
		fix(&a.Premises[i].Text)
	}
	for i := range a.Sentences {
		if !utf8.ValidString(a.Sentences[i].ID) {
			return r.parseError(r.line, "sentences", fmt.Errorf("sentence id %s is not valid UTF-8", quote.Q(a.Sentences[i].ID)))
		}
		fix(&a.Sentences[i].Text)
	}
	c := &a.Context
	for _, f := range []*string{&c.SourceID, &c.DiscussionTitle, &c.SourceTitle, &c.SourceURL, &c.SourceDomain,
		&c.PreviousArgumentID, &c.NextArgumentID, &c.AcquisitionTime, &c.SourceText} {
		fix(f)
	}
	return nil
}

// All returns an iterator over the remaining arguments. It is single-use:
// it reads from r as it goes. An error other than io.EOF is yielded once,
// with a zero Argument, and ends the sequence.
func (r *Reader) All() iter.Seq2[Argument, error] {
	return func(yield func(Argument, error) bool) {
		for {
			a, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(Argument{}, err)
				return
			}
			if !yield(a, nil) {
				return
			}
		}
	}
}

// Close closes the file opened by Open or OpenReader (when it was given an
// io.Closer). It does nothing for a Reader of NewCSVReader, whose caller
// owns the io.Reader.
func (r *Reader) Close() error {
	if r.closer == nil {
		return nil
	}
	c := r.closer
	r.closer = nil
	return c.Close()
}

// A formatError reports malformed input: which file, which argument and
// which field.
type formatError struct {
	File   string // the Reader's Name; may be empty
	Line   int    // line where the CSV record or the JSON argument starts; 0 if unknown
	Record int    // 1-based number of the argument in the file; 0 for the CSV header or the JSON around the arguments
	Field  string // column (CSV) or key path (JSON), e.g. "premises"; empty if not one field
	Err    error  // what is wrong

	// Where in the record the CSV scanner found the problem, when it did:
	// its line (0 for Line) and column (0 if unknown).
	errLine, column int
}

// Error returns "corpus: FILE: record R (line L), field F: problem",
// leaving out the parts that are unknown, and naming the column where the
// CSV scanner found the problem: "record R (line L, column C)", or
// "record R (line L), field F: line E, column C: problem" in a record of
// several lines. Each position is named once.
func (e *formatError) Error() string {
	var b strings.Builder
	b.WriteString("corpus: ")
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	column, elsewhere := "", ""
	switch {
	case e.column == 0:
	case e.errLine == 0 || e.errLine == e.Line:
		column = fmt.Sprintf(", column %d", e.column)
	default:
		elsewhere = fmt.Sprintf("line %d, column %d: ", e.errLine, e.column)
	}
	switch {
	case e.Record > 0 && e.Line > 0:
		fmt.Fprintf(&b, "record %d (line %d%s)", e.Record, e.Line, column)
	case e.Record > 0:
		fmt.Fprintf(&b, "record %d", e.Record)
	case e.Line > 0:
		fmt.Fprintf(&b, "line %d%s", e.Line, column)
	}
	if e.Field != "" {
		if e.Record > 0 || e.Line > 0 {
			b.WriteString(", ")
		}
		b.WriteString("field ")
		b.WriteString(e.Field)
	}
	if e.Record > 0 || e.Line > 0 || e.Field != "" {
		b.WriteString(": ")
	}
	b.WriteString(elsewhere)
	if e.Err == nil {
		b.WriteString("malformed input")
	} else {
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *formatError) Unwrap() error { return e.Err }

func (r *Reader) parseError(line int, field string, err error) *formatError {
	return &formatError{File: r.Name, Line: line, Record: r.record, Field: field, Err: err}
}

// idRecord is where an argument id was read: its record and line.
type idRecord struct{ record, line int }

// checkID records that the argument of the current record, which starts at
// line, has id, and reports an id that an earlier record had: a corpus
// whose ids repeat would give an index and a run that list them twice.
func (r *Reader) checkID(line int, id string) error {
	r.line = line
	if !utf8.ValidString(id) {
		return r.parseError(line, "id", fmt.Errorf("argument id %s is not valid UTF-8", quote.Q(id)))
	}
	if r.ids == nil {
		// A dup.Filter copies the ids into large blocks and finds or
		// adds one with one hash and one probe; a map of strings takes
		// two, and an allocation an id.
		r.ids = dup.New(dup.Exact)
	}
	if e, seen := r.ids.AddEntry("", id); seen {
		prev := r.idAt[e]
		return r.parseError(line, "id", fmt.Errorf("argument id %s is also the id of record %d (line %d): %w", quote.Q(id), prev.record, prev.line, errDuplicateID))
	}
	r.idAt = append(r.idAt, idRecord{r.record, line})
	return nil
}

// span is a piece of a record's text arena.
type span struct{ start, end int }

// arena collects the decoded texts of one argument, to be turned into one
// string at the end (text): an argument's strings then share one allocation
// and hold nothing else alive (not the raw record, nor the skipped source
// text). Until then it keeps the texts as they were added, substrings of
// the record or, for literals with escapes, decoded into its scratch
// buffer, so that most bytes are copied once, into that string.
type arena struct {
	n       int     // bytes added so far
	pieces  []piece // the texts added, in order
	scratch []byte  // decoded literals with escapes
}

// A piece is a text added to an arena: s, or the arena's
// scratch[start:end] when inScratch.
type piece struct {
	s          string
	start, end int
	inScratch  bool
}

func (a *arena) reset() {
	clear(a.pieces) // hold no record
	a.pieces = a.pieces[:0]
	a.scratch = a.scratch[:0]
	a.n = 0
}

// add adds s, which need stay unchanged only until text is called.
func (a *arena) add(s string) span {
	start := a.n
	a.pieces = append(a.pieces, piece{s: s})
	a.n += len(s)
	return span{start, a.n}
}

// addText decodes a Python string literal from d into the arena and
// returns its span and its text, which is valid only while the current
// record is decoded. When plain, d's input has no backslash, so that the
// literal is a substring of it (pylit.Decoder.Text), added as it is;
// otherwise it is decoded into the scratch buffer.
func (a *arena) addText(d *pylit.Decoder, plain bool) (span, string, error) {
	t, err := a.decode(d, plain)
	if err != nil {
		return span{a.n, a.n}, "", err
	}
	return a.addDecoded(t, plain), t, nil
}

// decode decodes a Python string literal from d, as addText does, without
// adding it: addDecoded adds it, drop forgets it. The text is valid only
// while the current record is decoded.
func (a *arena) decode(d *pylit.Decoder, plain bool) (string, error) {
	if plain {
		return d.Text()
	}
	start := len(a.scratch)
	var err error
	a.scratch, err = d.AppendText(a.scratch)
	if err != nil {
		a.scratch = a.scratch[:start]
		return "", err
	}
	// The bytes stay where they are until reset: the scratch buffer only
	// grows while a record is decoded (a copy when it grows leaves them
	// unchanged), but for drop.
	return transient(a.scratch[start:]), nil
}

// addDecoded adds t, the text decode returned last.
func (a *arena) addDecoded(t string, plain bool) span {
	if plain {
		return a.add(t)
	}
	end := len(a.scratch)
	a.pieces = append(a.pieces, piece{start: end - len(t), end: end, inScratch: true})
	s := span{a.n, a.n + len(t)}
	a.n = s.end
	return s
}

// drop forgets t, the text decode returned last, instead of adding it.
func (a *arena) drop(t string, plain bool) {
	if !plain {
		a.scratch = a.scratch[:len(a.scratch)-len(t)]
	}
}

// text returns the texts added, one after the other, as one new string,
// and resets the arena. valid reports that each text is valid UTF-8: the
// string is, and no text starts inside a character of it.
func (a *arena) text() (text string, valid bool) {
	var b strings.Builder
	b.Grow(a.n)
	starts := true // every text starts a character (or is empty)
	for _, p := range a.pieces {
		if p.inScratch {
			b.Write(a.scratch[p.start:p.end])
			starts = starts && (p.start == p.end || utf8.RuneStart(a.scratch[p.start]))
		} else {
			b.WriteString(p.s)
			starts = starts && (p.s == "" || utf8.RuneStart(p.s[0]))
		}
	}
	a.reset()
	text = b.String()
	return text, starts && validUTF8(text)
}

// validUTF8 is utf8.ValidString, faster on text that is mostly ASCII
// with a few other characters here and there, as prose is: it skips ASCII
// 16 bytes at a time after each such character, not only at the start.
func validUTF8(s string) bool {
	const highBits = 0x8080808080808080
	i := 0
	for i < len(s) {
		for ; i+16 <= len(s); i += 16 {
			w := s[i : i+16]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			y := uint64(w[8]) | uint64(w[9])<<8 | uint64(w[10])<<16 | uint64(w[11])<<24 |
				uint64(w[12])<<32 | uint64(w[13])<<40 | uint64(w[14])<<48 | uint64(w[15])<<56
			if (x|y)&highBits != 0 {
				break
			}
		}
		// Byte by byte to the next character that is not ASCII, and
		// past it.
		for ; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				r, size := utf8.DecodeRuneInString(s[i:])
				if r == utf8.RuneError && size == 1 {
					return false
				}
				i += size
				break
			}
		}
	}
	return true
}

func (s span) of(text string) string { return text[s.start:s.end] }

// indexError names the element of a list in a Python-literal column.
func indexError(what string, i int, err error) error {
	return fmt.Errorf("%s %d: %w", what, i, err)
}
