package own

import (
	"bufio"
	"fmt"
	"io"

	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"
)

// A Writer writes an own-judgments file a line at a time, and only lines
// that Read reads back: each Write checks the Annotation first and writes
// nothing of it when a field is wrong (an empty topic, pair or annotator, a
// label off its scale, a zero time) or when it conflicts with a line
// written before by this Writer (the same topic and pair, other labels,
// and not Corrects). The header line comes first, at the first Write or
// Flush, unless Append is set.
//
// Output is buffered: Flush writes it to the io.Writer. An error is
// sticky: once Write or Flush fails, every later Write and Flush returns
// the same error, as with bufio.Writer, and nothing more is written.
//
// A Writer is not safe for concurrent use.
type Writer struct {
	// Append says that the io.Writer continues a file that has its header
	// (and lines the Writer does not know of, so that it cannot check
	// them for conflicts): no header is written. Set it before the first
	// Write or Flush.
	Append bool

	bw      *bufio.Writer
	started bool // the header is written, or not to be
	items   map[key]labels
	line    []byte
	err     error
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{bw: bufio.NewWriter(nilio.Writer(w, "own")), items: make(map[key]labels)}
}

// start writes the header, unless it is written or Append is set.
func (w *Writer) start() {
	if w.started {
		return
	}
	w.started = true
	if !w.Append {
		w.bw.WriteString(header + "\n") // an error stays in bw for Flush
	}
}

// Write checks a and writes its line, buffered.
func (w *Writer) Write(a Annotation) error {
	if w.err != nil {
		return w.err
	}
	if err := a.check(); err != nil {
		w.err = fmt.Errorf("own: judgment of topic %s, pair %s: %w", quote.Q(a.Topic), quote.Q(a.Pair), err)
		return w.err
	}
	k, l := key{a.Topic, a.Pair}, a.labels()
	if prev, ok := w.items[k]; ok && !a.Corrects && prev != l {
		w.err = fmt.Errorf("own: topic %s, pair %s labelled %s, but %s before (set Corrects to change labels): %w",
			quote.Q(a.Topic), quote.Q(a.Pair), l, prev, errConflict)
		return w.err
	}
	w.start()
	w.line = append(a.appendLine(w.line[:0]), '\n')
	if _, err := w.bw.Write(w.line); err != nil {
		w.err = fmt.Errorf("own: %w", err)
		return w.err
	}
	w.items[k] = l
	return nil
}

// Flush writes the buffered lines (and the header of a file with none yet)
// to the io.Writer.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.start()
	if err := w.bw.Flush(); err != nil {
		w.err = fmt.Errorf("own: %w", err)
	}
	return w.err
}
