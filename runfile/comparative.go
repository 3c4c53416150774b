package runfile

import (
	"bytes"
	"fmt"
	"unicode"

	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/stance"
)

// This file holds what Touché Task 2 (argument retrieval for comparative
// questions) adds to run files: its stance labels FIRST, SECOND, NEUTRAL and
// NO (or Q0 for none), and tags that hold spaces.

// comparativeStance reads the stance column of a Task 2 run.
func (r *Reader) comparativeStance(f []byte) (stance.Stance, error) {
	switch string(f) {
	case "Q0", "0":
		return stance.Unknown, nil
	case "FIRST":
		return stance.First, nil
	case "SECOND":
		return stance.Second, nil
	case "NEUTRAL":
		return stance.Neutral, nil
	case "NO":
		return stance.No, nil
	}
	if !r.Lenient {
		return stance.Unknown, r.parseError("stance", fmt.Errorf("%s is not Q0, FIRST, SECOND, NEUTRAL or NO: %w", quote.Q(string(f)), ErrField))
	}
	return stance.Unknown, nil
}

// parseComparative reads a Task 2 line of more than six fields: the first
// five as usual and the rest of the line as the tag.
func (r *Reader) parseComparative(raw []byte) (Line, error) {
	// r.fields[5] is a sub-slice of raw: its offset in raw is where the tag
	// starts.
	start := cap(raw) - cap(r.fields[5])
	tag := bytes.TrimRightFunc(raw[start:], unicode.IsSpace)
	r.fields[5] = tag
	return r.parse()
}

// spell returns the stance column as the rules' task spells it.
func (r *Rules) spell(s stance.Stance) string {
	if r.Comparative && s == stance.Neutral {
		return "NEUTRAL"
	}
	return s.String()
}
