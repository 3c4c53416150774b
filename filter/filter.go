package filter

import (
	"github.com/argsearch/argsearch/corpus"
)

// A Reason says why a filter rejected a sentence. Reasons are short
// kebab-case strings, so they can be counted in a map and printed as they
// are. The zero value, Kept, is not a rejection.
type Reason string

// The reasons the package's filters give.
const (
	Kept             Reason = ""                   // not rejected
	TooShort         Reason = "too-short"          // fewer words than Length.Min
	TooLong          Reason = "too-long"           // more words than Length.Max
	NoVerb           Reason = "no-verb"            // no token tagged as a verb
	NoiseGreeting    Reason = "noise-greeting"     // "Hello.", "Good luck to my opponent."
	NoiseDebateTalk  Reason = "noise-debate-talk"  // "I accept.", "Vote Pro!", "my opponent", "thank you"
	NoiseRoundHeader Reason = "noise-round-header" // "Round 2", "Rebuttals:", "Contention 1:"
	NoiseReference   Reason = "noise-reference"    // URLs, "[1]", "Sources:" and nothing else
	NoiseEmpty       Reason = "noise-empty"        // no letters at all
	Duplicate        Reason = "duplicate"          // the same text as an earlier sentence
	NearDuplicate    Reason = "near-duplicate"     // the same text after normalization (Dedup)
	NotArgumentative Reason = "not-argumentative"  // argumentativeness below the threshold
	ArgumentativeNaN Reason = "argumentative-nan"  // the scorer returned NaN
)

// A Filter decides whether a sentence is worth keeping. Check returns true
// and Kept to keep s, or false and the reason for rejecting it.
type Filter interface {
	Check(s corpus.Sentence) (ok bool, reason Reason)
}

// A Pure filter's answer depends on the sentence alone, not on the
// sentences checked before, and it is safe for concurrent use: Select
// checks sentences with it on every core. Length, Noise, Verb and
// Argumentative are pure. A Dedup is not, and neither is a FilterFunc,
// which may keep state: Select checks sentences with them in order, on one
// goroutine.
type Pure interface {
	Filter
	// Pure marks the filter; it does nothing.
	Pure()
}

// FilterFunc adapts a function to the Filter interface. Select treats it
// as stateful and calls it in order on one goroutine.
type FilterFunc func(s corpus.Sentence) (bool, Reason)

// Check calls f(s).
func (f FilterFunc) Check(s corpus.Sentence) (bool, Reason) { return f(s) }

// Chain returns a filter that applies filters in order and rejects a
// sentence with the reason of the first filter that rejects it; later
// filters do not see it. Put cheap filters first (Length, Noise), stateful
// ones (a Dedup) after the filters whose rejections they should not record,
// and slow ones (Verb, Argumentative) last. A chain of chains is one chain.
func Chain(filters ...Filter) Filter {
	var c chain
	for _, f := range filters {
		if inner, ok := f.(chain); ok {
			c = append(c, inner...)
		} else {
			c = append(c, f)
		}
	}
	return c
}

type chain []Filter

func (c chain) Check(s corpus.Sentence) (bool, Reason) {
	for _, f := range c {
		if ok, why := f.Check(s); !ok {
			return false, why
		}
	}
	return true, Kept
}

// Counts tallies rejections by reason.
type Counts map[Reason]int
