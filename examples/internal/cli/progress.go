package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// A Progress shows how far a step is, on standard error. On a terminal it
// is a bar redrawn in place, at most five times a second:
//
//	indexing [##########..........]  50%  182704/365408  41s  ETA 41s
//
// Anywhere else (a log file, a pipe) it writes the same text as plain
// lines, one every ten seconds and one when the step ends, so that logs
// hold no carriage returns. A nil *Progress draws nothing, so callers need
// no checks. A Progress is safe for concurrent use.
type Progress struct {
	w        io.Writer
	label    string
	total    int64
	unit     func(int64) string
	terminal bool
	every    time.Duration
	now      func() time.Time

	mu    sync.Mutex
	start time.Time
	drawn time.Time
	done  bool
}

// NewProgress returns a display for a step of total units (0 when unknown:
// it then shows the count and the time only) on w; format prints a count
// (nil prints the number). It returns nil, which draws nothing, when quiet
// or w is nil.
func NewProgress(w io.Writer, quiet bool, label string, total int64, format func(int64) string) *Progress {
	if quiet || w == nil {
		return nil
	}
	if format == nil {
		format = func(n int64) string { return fmt.Sprint(n) }
	}
	p := &Progress{w: w, label: label, total: total, unit: format, terminal: isTerminal(w), now: time.Now}
	p.every = 10 * time.Second
	if p.terminal {
		p.every = 200 * time.Millisecond
	}
	p.start = p.now()
	p.drawn = p.start
	return p
}

// isTerminal reports whether w is a character device, such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// Update reports that done units are finished.
func (p *Progress) Update(done int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if t := p.now(); !p.done && t.Sub(p.drawn) >= p.every {
		p.drawn = t
		p.draw(done, false)
	}
}

// Done draws the final state and ends the line; later calls do nothing.
func (p *Progress) Done(done int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.done {
		p.done = true
		p.draw(done, true)
	}
}

func (p *Progress) draw(done int64, end bool) {
	line := p.line(done, p.now().Sub(p.start))
	switch {
	case p.terminal && end:
		fmt.Fprintf(p.w, "\r%s\n", line)
	case p.terminal:
		fmt.Fprintf(p.w, "\r%s", line)
	default:
		fmt.Fprintln(p.w, strings.TrimRight(line, " "))
	}
}

// line renders the bar for done units after elapsed time.
func (p *Progress) line(done int64, elapsed time.Duration) string {
	const width = 20
	var b strings.Builder
	b.WriteString(p.label)
	if p.total > 0 {
		frac := min(1, max(0, float64(done)/float64(p.total)))
		full := int(frac * width)
		fmt.Fprintf(&b, " [%s%s] %3.0f%%  %s/%s", strings.Repeat("#", full), strings.Repeat(".", width-full),
			100*frac, p.unit(done), p.unit(p.total))
		fmt.Fprintf(&b, "  %s", elapsed.Round(time.Second))
		if frac > 0 && frac < 1 {
			eta := time.Duration(float64(elapsed) * (1 - frac) / frac)
			fmt.Fprintf(&b, "  ETA %s", eta.Round(time.Second))
		}
	} else {
		fmt.Fprintf(&b, "  %s  %s", p.unit(done), elapsed.Round(time.Second))
	}
	b.WriteString("   ") // clears the tail of a longer previous line
	return b.String()
}

// Megabytes formats a byte count for a Progress.
func Megabytes(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/1e6) }
