package runfile

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/stance"
)

// A Result is one retrieved document (or sentence pair) for a topic.
type Result struct {
	DocID  string        // document id, or a sentence pair "first,second"
	Score  float64       // higher is better; must be finite
	Stance stance.Stance // the stance column; stance.Unknown is written "Q0"
}

// A Writer writes a run, one topic at a time, and only writes valid runs.
//
// Each call to Write checks the whole topic first and writes nothing of it
// when any check fails. An error is sticky: once Write fails, every later
// Write, Flush and Close returns the same error, as with bufio.Writer. Call
// Close when the run is complete: it applies the Rules' topic list and
// flushes. Output is buffered; Flush writes it out without finishing the run.
// A missing topic (Rules.Topics) can only be found at Close, when earlier
// topics may already have reached the io.Writer; use Create or WriteFile for
// a file that never holds an invalid run.
//
// Whitespace is what the Reader splits on: anything unicode.IsSpace reports,
// including non-breaking and other Unicode spaces.
//
// Line format: qid, stance, docid, rank, score and tag separated by single
// spaces, each line ending in "\n". Ranks start at 1. A score is written as
// the shortest decimal that parses back to the same float64, in plain
// notation ("0.30000000000000004", "123456789.125"), or in exponent notation
// ("1e-07") below 1e-6 and from 1e21 on in magnitude, the thresholds
// encoding/json uses. Re-reading a run (with strconv.ParseFloat, or C's atof
// as trec_eval does) gives exactly the written scores, so formatting never
// turns two distinct scores into a tie that trec_eval would break by docid
// differently from the rank column, as fixed decimals such as %.6f can.
type Writer struct {
	// Rules are extra checks applied to every topic. Set them before the
	// first Write and do not change them afterwards.
	Rules Rules

	bw      *bufio.Writer
	tag     string
	err     error
	closed  bool
	written map[string]bool // qid → whether at least one line was written
	topics  map[string]bool // Rules.Topics as a set, built on first Write
	rulesOK bool            // topics has been built
	seen    map[string]struct{}
	sorted  []Result
	line    []byte
}

// writeBuffer is the size of a Writer's buffer: a run of 50 topics of
// 1000 lines (3.7 MB) takes about 60 writes with it, 919 with bufio's
// default of 4 KiB.
const writeBuffer = 64 << 10

// NewWriter returns a Writer that writes a run tagged tag to w. An invalid
// tag (empty or containing whitespace) is reported by the first Write.
func NewWriter(w io.Writer, tag string) *Writer {
	wr := &Writer{
		bw:      bufio.NewWriterSize(nilio.Writer(w, "runfile"), writeBuffer),
		tag:     tag,
		written: make(map[string]bool),
		seen:    make(map[string]struct{}),
	}
	if err := checkField("tag", tag); err != nil {
		wr.err = fmt.Errorf("runfile: tag %s: %w", quote.Q(tag), err)
	}
	return wr
}

// Write writes all results of topic qid, best first: sorted by score
// descending and, for equal scores, by docid descending (bytewise), which is
// the order in which trec_eval evaluates a run. Ranks are assigned from 1 in
// that order. rs itself is not modified.
//
// Write rejects, before writing anything: an empty qid or docid, whitespace
// inside the qid or a docid (ErrField), an invalid stance value (ErrField), a
// NaN or infinite score (ErrScore), a docid listed twice (ErrDuplicate), a qid
// already written (ErrDuplicate), and anything the Rules forbid (ErrCount,
// ErrRules). Writing an empty rs records qid as written
// but writes no line.
func (w *Writer) Write(qid string, rs []Result) error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return fmt.Errorf("runfile: write topic %s: %w", quote.Q(qid), errClosed)
	}
	if err := w.check(qid, rs); err != nil {
		w.err = err
		return err
	}
	w.written[qid] = len(rs) > 0

	w.sorted = append(w.sorted[:0], rs...)
	slices.SortFunc(w.sorted, compareResults)
	for i, r := range w.sorted {
		l := w.line[:0]
		l = append(l, qid...)
		l = append(l, ' ')
		l = append(l, w.Rules.spell(r.Stance)...)
		l = append(l, ' ')
		l = append(l, r.DocID...)
		l = append(l, ' ')
		l = strconv.AppendInt(l, int64(i+1), 10)
		l = append(l, ' ')
		l = appendScore(l, r.Score)
		l = append(l, ' ')
		l = append(l, w.tag...)
		l = append(l, '\n')
		w.line = l
		if _, err := w.bw.Write(l); err != nil {
			w.err = fmt.Errorf("runfile: write topic %s: %w", quote.Q(qid), err)
			return w.err
		}
	}
	return nil
}

// appendScore appends the shortest representation of a finite score that
// parses back to the same float64, in plain notation within [1e-6, 1e21) in
// magnitude (and for zero) and in exponent notation outside.
func appendScore(b []byte, score float64) []byte {
	format := byte('f')
	if abs := math.Abs(score); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	return strconv.AppendFloat(b, score, format, -1, 64)
}

// compareResults orders results as trec_eval does: score descending, then
// docid descending.
func compareResults(a, b Result) int {
	// Scores are finite here (checked before sorting), so plain comparisons
	// are a total order.
	switch {
	case a.Score > b.Score:
		return -1
	case a.Score < b.Score:
		return 1
	}
	return strings.Compare(b.DocID, a.DocID)
}

// check validates one topic without writing anything.
func (w *Writer) check(qid string, rs []Result) error {
	if err := checkField("qid", qid); err != nil {
		return fmt.Errorf("runfile: topic %s: %w", quote.Q(qid), err)
	}
	if _, ok := w.written[qid]; ok {
		return fmt.Errorf("runfile: topic %s written twice: %w", quote.Q(qid), ErrDuplicate)
	}
	if !w.rulesOK {
		w.topics = w.Rules.topicSet()
		w.rulesOK = true
	}
	if w.topics != nil && !w.topics[qid] {
		return fmt.Errorf("runfile: topic %s is not in the rules' topic list: %w", quote.Q(qid), errTopic)
	}
	if err := w.Rules.checkCount(qid, len(rs)); err != nil {
		return err
	}
	clear(w.seen)
	for _, r := range rs {
		if err := checkField("docid", r.DocID); err != nil {
			return fmt.Errorf("runfile: topic %s: docid %s: %w", quote.Q(qid), quote.Q(r.DocID), err)
		}
		if math.IsNaN(r.Score) || math.IsInf(r.Score, 0) {
			return fmt.Errorf("runfile: topic %s: docid %s: score %v: %w", quote.Q(qid), quote.Q(r.DocID), r.Score, ErrScore)
		}
		if !validStance(r.Stance) {
			return fmt.Errorf("runfile: topic %s: docid %s: stance %v: %w", quote.Q(qid), quote.Q(r.DocID), r.Stance, ErrField)
		}
		if !w.Rules.stanceAllowed(r.Stance) {
			return fmt.Errorf("runfile: topic %s: docid %s: stance %v, want %s: %w",
				quote.Q(qid), quote.Q(r.DocID), r.Stance, w.Rules.allowedStances(), errStance)
		}
		if w.Rules.Pairs && !isPair(r.DocID) {
			return fmt.Errorf("runfile: topic %s: docid %s: %w", quote.Q(qid), quote.Q(r.DocID), errPair)
		}
		if _, dup := w.seen[r.DocID]; dup {
			return fmt.Errorf("runfile: topic %s: docid %s listed twice: %w", quote.Q(qid), quote.Q(r.DocID), ErrDuplicate)
		}
		w.seen[r.DocID] = struct{}{}
	}
	return nil
}

// Flush writes any buffered lines to the underlying io.Writer and returns
// the Writer's sticky error, if any. After an error nothing more is written.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	if err := w.bw.Flush(); err != nil {
		w.err = fmt.Errorf("runfile: %w", err)
	}
	return w.err
}

// Close finishes the run: it reports a topic of Rules.Topics that has no
// line (ErrRules, naming every missing topic) and flushes. It does not
// close the underlying io.Writer. Later Writes fail; Close may
// be called again and returns the same result.
func (w *Writer) Close() error {
	if w.closed || w.err != nil {
		w.closed = true
		return w.err
	}
	w.closed = true
	var missing []string
	for _, t := range w.Rules.Topics {
		if !w.written[t] {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		w.err = fmt.Errorf("runfile: %d of %d topics have no results (%s): %w",
			len(missing), len(w.Rules.Topics), strings.Join(missing, " "), errMissingTopic)
		return w.err
	}
	return w.Flush()
}

// validStance reports whether s is one of the stance package's labels.
func validStance(s stance.Stance) bool {
	p, err := stance.Parse(s.String())
	return err == nil && p == s
}

// checkField reports an empty field or one containing whitespace, as the
// Reader defines it (unicode.IsSpace).
func checkField(name, s string) error {
	if s == "" {
		return fmt.Errorf("empty %s: %w", name, ErrField)
	}
	if i := indexSpace(s); i >= 0 {
		return fmt.Errorf("whitespace in %s at byte %d: %w", name, i, ErrField)
	}
	return nil
}

// indexSpace returns the byte index of the first whitespace rune in s, or -1.
func indexSpace(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c > ' ' && c < utf8.RuneSelf { // the common case: printable ASCII
			i++
			continue
		}
		if c < utf8.RuneSelf {
			if isASCIISpace(c) {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			return i
		}
		i += n
	}
	return -1
}

// isASCIISpace reports whether c is one of the ASCII bytes unicode.IsSpace
// reports as space.
func isASCIISpace(c byte) bool {
	switch c {
	case '\t', '\n', '\v', '\f', '\r', ' ':
		return true
	}
	return false
}
