package stance

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// A Tagger assigns a text a stance towards a topic, with a confidence in
// [0, 1]. Input a tagger cannot take (CheckInput: an empty topic or text,
// invalid UTF-8, a text longer than 64 KiB, 65,536 bytes) is an error
// wrapping ErrInput. A tagger judges a sentence or a claim, not a document
// (a longer text is an error, not cut short): tag a document's sentences
// one by one and combine them (Document).
// Valid text a tagger cannot judge (only punctuation or URLs, non-English)
// gets Unknown with confidence 0 and no error. Other errors are failures
// such as a cancelled context.
type Tagger interface {
	Tag(ctx context.Context, topic, text string) (Stance, float64, error)
}

// maxText is the longest text, in bytes, a Tagger takes (see Tagger).
const maxText = 1 << 16

// ErrInput is wrapped by the error a Tagger returns for input it cannot
// take; CheckInput says which.
var ErrInput = errors.New("stance: bad tagger input")

// CheckInput returns an error wrapping ErrInput, saying what is wrong, for
// a topic or text a Tagger cannot take: empty (or only white space),
// invalid UTF-8, or a text longer than maxText bytes. It returns nil for
// anything else.
func CheckInput(topic, text string) error {
	switch {
	case strings.TrimSpace(topic) == "":
		return fmt.Errorf("%w: empty topic", ErrInput)
	case strings.TrimSpace(text) == "":
		return fmt.Errorf("%w: empty text", ErrInput)
	case !utf8.ValidString(topic):
		return fmt.Errorf("%w: topic is not valid UTF-8", ErrInput)
	case !utf8.ValidString(text):
		return fmt.Errorf("%w: text is not valid UTF-8", ErrInput)
	case len(text) > maxText:
		return fmt.Errorf("%w: text of %d bytes, longer than the %d a tagger takes (tag its sentences)", ErrInput, len(text), maxText)
	}
	return nil
}
