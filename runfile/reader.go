package runfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/internal/gunzip"
	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/internal/topicorder"
	"github.com/argsearch/argsearch/stance"
)

// A Line is one line of a run file.
type Line struct {
	QID    string
	Stance stance.Stance // stance.Unknown for "Q0" (or "0")
	DocID  string
	Rank   int // as written; trec_eval ignores it and orders by Score, then DocID descending
	Score  float64
	Tag    string
}

// A Reader reads a run file line by line.
//
// It accepts what real runs look like: fields separated by any run of
// whitespace (spaces, tabs; anything unicode.IsSpace reports), leading and
// trailing whitespace, CRLF line ends, a missing final newline, any integer
// rank (runs often count from 0), and in the second column "Q0", "0" or a
// stance label (PRO, CON, NEU, NO). Blank lines (empty or only whitespace)
// are skipped but still counted in line numbers. Every other line must have
// exactly six fields, an integer rank and a finite score.
//
// A gzip-compressed input (run.txt.gz), told by its first two bytes (1f
// 8b) and not by a name, is decompressed as it is read; a damaged or
// truncated stream is an error ("gzip: ..."), never an early end.
//
// With Lenient set it also accepts what trec_eval accepts and the Touché
// runs of some teams hold: any token in the stance column (read as
// stance.Unknown; the measures ignore it) and scores that overflow or are
// written as infinities (read as ±Inf, as C's atof reads them). A NaN score
// is still an error: it has no place in a ranking.
type Reader struct {
	// Name, if set, names the input in errors (for example the file name).
	Name string
	// Lenient accepts trec_eval's leniencies; set it before the first
	// Read.
	Lenient bool
	// Comparative reads a Touché Task 2 (comparative questions) run: the
	// stance column must be FIRST, SECOND, NEUTRAL, NO or Q0 (stance.First,
	// stance.Second, stance.Neutral, stance.No, stance.Unknown), anything
	// else being an error naming the field "stance" (with Lenient, it reads
	// as stance.Unknown), and the tag is the rest of the line, since some
	// teams' tags hold spaces and quotes ("Colbert edinburg" in quotes).
	Comparative bool

	br      *bufio.Reader
	started bool // the input was looked at for gzip's magic bytes
	line    int
	buf     []byte
	fields  [6][]byte
	lastQID string
	lastTag string
	err     error // sticky I/O error or io.EOF
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReaderSize(nilio.Reader(r, "runfile"), 64<<10)}
}

// Read returns the next line of the run, or io.EOF after the last one. A
// malformed line is reported as a *ParseError; Read may be called again to
// continue with the next line. Other errors (from the underlying reader) are
// returned wrapped and end the reading.
func (r *Reader) Read() (Line, error) {
	for {
		raw, err := r.readLine()
		if err != nil {
			return Line{}, err
		}
		r.line++
		n, tooMany := splitFields(raw, &r.fields)
		if n == 0 {
			continue // blank line
		}
		if r.Comparative && tooMany {
			return r.parseComparative(raw)
		}
		if n != 6 || tooMany {
			got := strconv.Itoa(n)
			if tooMany {
				got = "more than 6"
			}
			return Line{}, r.parseError("", fmt.Errorf("%s fields, want 6 (qid stance docid rank score tag): %w", got, errFieldCount))
		}
		return r.parse()
	}
}

// readLine returns the next line without its "\n", or an error (io.EOF at
// the end). The returned slice is valid until the next call.
func (r *Reader) readLine() ([]byte, error) {
	if r.err != nil {
		return nil, r.err
	}
	if !r.started {
		r.started = true
		in, err := gunzip.Reader(r.br)
		if err != nil {
			r.err = fmt.Errorf("runfile: %s: %w", r.nameOr("read"), err)
			return nil, r.err
		}
		if in != io.Reader(r.br) {
			r.br = bufio.NewReaderSize(in, r.br.Size())
		}
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
		r.err = fmt.Errorf("runfile: %s: %w", r.nameOr("read"), err)
		return nil, r.err
	default:
		b = b[:len(b)-1] // drop '\n'
	}
	return b, nil
}

func (r *Reader) nameOr(s string) string {
	if r.Name != "" {
		return r.Name
	}
	return s
}

// splitFields splits line at runs of whitespace into up to six fields and
// reports the number found and whether there were more than six.
func splitFields(line []byte, fields *[6][]byte) (n int, tooMany bool) {
	start := -1
	for i := 0; i < len(line); {
		c := line[i]
		if c > ' ' && c < utf8.RuneSelf { // the common case: printable ASCII
			if start < 0 {
				start = i
			}
			i++
			continue
		}
		size := 1
		space := false
		if c < utf8.RuneSelf {
			space = isASCIISpace(c)
		} else {
			var rn rune
			rn, size = utf8.DecodeRune(line[i:])
			space = unicode.IsSpace(rn)
		}
		if space {
			if start >= 0 {
				if n == len(fields) {
					return n, true
				}
				fields[n] = line[start:i]
				n++
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += size
	}
	if start >= 0 {
		if n == len(fields) {
			return n, true
		}
		fields[n] = line[start:]
		n++
	}
	return n, false
}

// parse converts r.fields into a Line.
func (r *Reader) parse() (Line, error) {
	f := &r.fields
	var l Line
	if string(f[0]) != r.lastQID {
		r.lastQID = string(f[0])
	}
	l.QID = r.lastQID

	if r.Comparative {
		st, err := r.comparativeStance(f[1])
		if err != nil {
			return Line{}, err
		}
		l.Stance = st
	} else {
		st, err := r.stance(f[1])
		if err != nil {
			return Line{}, err
		}
		l.Stance = st
	}

	l.DocID = string(f[2])

	rank, err := strconv.Atoi(string(f[3]))
	if err != nil {
		return Line{}, r.parseError("rank", fmt.Errorf("%s is not an integer: %w", quote.Q(string(f[3])), ErrField))
	}
	l.Rank = rank

	score, err := strconv.ParseFloat(string(f[4]), 64)
	switch {
	case r.Lenient && (err == nil || isRangeError(err)) && !math.IsNaN(score):
		// ParseFloat gives ±Inf or ±0 out of range, as C's strtod.
	case err != nil || math.IsNaN(score) || math.IsInf(score, 0):
		return Line{}, r.parseError("score", fmt.Errorf("%s is not a finite number: %w", quote.Q(string(f[4])), ErrScore))
	}
	l.Score = score

	if string(f[5]) != r.lastTag {
		r.lastTag = string(f[5])
	}
	l.Tag = r.lastTag
	return l, nil
}

// stance reads the stance column of a Task 1 run.
func (r *Reader) stance(f []byte) (stance.Stance, error) {
	switch string(f) {
	case "Q0", "0":
		return stance.Unknown, nil
	case "PRO":
		return stance.Pro, nil
	case "CON":
		return stance.Con, nil
	case "NEU":
		return stance.Neutral, nil
	case "NO":
		return stance.No, nil
	}
	if !r.Lenient {
		return stance.Unknown, r.parseError("stance", fmt.Errorf("%s is not Q0, PRO, CON, NEU or NO: %w", quote.Q(string(f)), ErrField))
	}
	return stance.Unknown, nil
}

func (r *Reader) parseError(field string, err error) error {
	return &ParseError{File: r.Name, Line: r.line, Field: field, Err: err}
}

// All returns an iterator over the remaining lines. It is single-use: it
// advances the Reader. The first error (a *ParseError or an I/O error) is
// yielded once, with a zero Line, and ends the sequence; io.EOF ends it
// without being yielded.
func (r *Reader) All() iter.Seq2[Line, error] {
	return func(yield func(Line, error) bool) {
		for {
			l, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(Line{}, err)
				return
			}
			if !yield(l, nil) {
				return
			}
		}
	}
}

// ReadRun reads the remaining lines grouped by topic, each topic's lines
// in file order. A docid listed twice for one topic is a *ParseError
// wrapping ErrDuplicate, as trec_eval rejects it. A run without a line (an
// empty input, or blank lines only) is an error, "the run is empty",
// wrapping ErrCount. On error ReadRun returns nil and the first error; it
// never returns io.EOF.
func (r *Reader) ReadRun() (Run, error) {
	run := make(Run)
	seen := make(map[string]map[string]struct{}) // qid → its docids
	var qid string                               // the topic of docs
	var docs map[string]struct{}
	for {
		l, err := r.Read()
		if err == io.EOF {
			if len(run) == 0 {
				if r.Name != "" {
					return nil, fmt.Errorf("runfile: %s: %w", r.Name, errEmpty)
				}
				return nil, fmt.Errorf("runfile: %w", errEmpty)
			}
			return run, nil
		}
		if err != nil {
			return nil, err
		}
		if docs == nil || l.QID != qid {
			qid, docs = l.QID, seen[l.QID]
			if docs == nil {
				docs = make(map[string]struct{})
				seen[qid] = docs
			}
		}
		if _, dup := docs[l.DocID]; dup {
			return nil, r.parseError("docid", fmt.Errorf("topic %s lists %s twice: %w", quote.Q(l.QID), quote.Q(l.DocID), ErrDuplicate))
		}
		docs[l.DocID] = struct{}{}
		run[l.QID] = append(run[l.QID], l)
	}
}

// A Run holds the lines of a run grouped by topic: qid → the topic's lines in
// file order. It is what package eval evaluates.
type Run map[string][]Line

// Topics returns the run's qids in topic order (numeric ids first, as Run.Topics gives them).
func (run Run) Topics() []string {
	qids := make([]string, 0, len(run))
	for q := range run {
		qids = append(qids, q)
	}
	topicorder.Sort(qids)
	return qids
}

// NewRun makes a run in memory from each topic's results, exactly as a
// Writer with rules would write it and a Reader read it back: every topic
// is checked as Writer.Write checks it (and the rules' topic list as
// Writer.Close does), its results sorted by score, then docid, both
// descending, and ranked from 1; every line is tagged tag. A topic without
// results has no lines, as in a file. Nothing is returned unless the whole
// run is valid.
func NewRun(tag string, rules Rules, results map[string][]Result) (Run, error) {
	w := NewWriter(io.Discard, tag)
	w.Rules = rules
	qids := make([]string, 0, len(results))
	for q := range results {
		qids = append(qids, q)
	}
	topicorder.Sort(qids)
	run := make(Run, len(qids))
	for _, q := range qids {
		if err := w.Write(q, results[q]); err != nil {
			return nil, err
		}
		if len(w.sorted) == 0 {
			continue
		}
		lines := make([]Line, len(w.sorted))
		for i, r := range w.sorted {
			lines[i] = Line{QID: q, Stance: r.Stance, DocID: r.DocID, Rank: i + 1, Score: r.Score, Tag: tag}
		}
		run[q] = lines
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return run, nil
}

// group groups lines by topic, keeping their order within each topic.
func group(lines []Line) Run {
	run := make(Run)
	for _, l := range lines {
		run[l.QID] = append(run[l.QID], l)
	}
	return run
}

// ReadFile reads the named run file, plain or gzip-compressed, with a
// strict Reader, grouped by topic (see Reader.ReadRun: an empty run is an
// error). Errors name the file.
func ReadFile(name string) (Run, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("runfile: %w", err)
	}
	defer f.Close()
	r := NewReader(f)
	r.Name = name
	return r.ReadRun()
}

// isRangeError reports whether err is strconv's out-of-range error, for
// which ParseFloat returns ±Inf or ±0 like C's strtod.
func isRangeError(err error) bool {
	var ne *strconv.NumError
	return errors.As(err, &ne) && ne.Err == strconv.ErrRange
}
