package system

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// A Progress draws a plain-text progress bar on one line of a terminal:
//
//	indexing [##########..........]  50%  182704/365408  41s  ETA 41s
//
// It redraws at most five times a second; Done ends the line. A nil
// *Progress, or one with a nil writer, draws nothing, so callers need no
// checks. A Progress is not safe for concurrent use.
type Progress struct {
	w     io.Writer
	label string
	total int64
	unit  func(int64) string
	start time.Time
	drawn time.Time
	now   func() time.Time
}

// NewProgress returns a bar for a step of total units (0 when unknown: the
// bar then shows the count and the time only). format prints a count
// (nil prints the number).
func NewProgress(w io.Writer, label string, total int64, format func(int64) string) *Progress {
	if format == nil {
		format = func(n int64) string { return fmt.Sprint(n) }
	}
	return &Progress{w: w, label: label, total: total, unit: format, start: time.Now(), now: time.Now}
}

// Update reports that done units are finished.
func (p *Progress) Update(done int64) {
	if p == nil || p.w == nil {
		return
	}
	if t := p.now(); t.Sub(p.drawn) >= 200*time.Millisecond {
		p.drawn = t
		p.draw(done, false)
	}
}

// Done draws the final state and ends the line.
func (p *Progress) Done(done int64) {
	if p == nil || p.w == nil {
		return
	}
	p.draw(done, true)
}

func (p *Progress) draw(done int64, end bool) {
	fmt.Fprint(p.w, "\r"+p.line(done, p.now().Sub(p.start)))
	if end {
		fmt.Fprintln(p.w)
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
