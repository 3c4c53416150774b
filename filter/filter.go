package filter

import (
	"github.com/argsearch/argsearch/corpus"
)

// A Reason says why a filter rejected a sentence. Reasons are short
// kebab-case strings, so they can be counted in a map (as SelectHits does)
// and printed as they are. The empty Reason is not a rejection. The package's filters give
//
//   - "too-short", "too-long": fewer words than Length.Min, more than
//     Length.Max;
//   - "noise-empty": no letter or digit at all (Noise);
//   - "noise-greeting": "Hello.", "Good luck to my opponent." (Noise);
//   - "noise-debate-talk": "I accept.", "Vote Pro!", "my opponent", "thank
//     you" (Noise);
//   - "noise-round-header": "Round 2", "Rebuttals:", "Contention 1:" (Noise);
//   - "noise-reference": URLs, "[1]", "Sources:" and nothing else (Noise);
//   - "duplicate": the same text as an earlier sentence (Dedup);
//   - "near-duplicate": the same text after normalization (Dedup);
//   - "no-verb": no token tagged as a verb (Verb);
//   - "not-argumentative": argumentativeness below the threshold
//     (Argumentative);
//   - "argumentative-nan": the Scorer returned NaN (Argumentative).
type Reason string

// The reasons the package's filters give, as documented on Reason.
const (
	noReason         Reason = "" // not rejected
	tooShort         Reason = "too-short"
	tooLong          Reason = "too-long"
	noVerb           Reason = "no-verb"
	noiseGreeting    Reason = "noise-greeting"
	noiseDebateTalk  Reason = "noise-debate-talk"
	noiseRoundHeader Reason = "noise-round-header"
	noiseReference   Reason = "noise-reference"
	noiseEmpty       Reason = "noise-empty"
	duplicate        Reason = "duplicate"
	nearDuplicate    Reason = "near-duplicate"
	notArgumentative Reason = "not-argumentative"
	argumentativeNaN Reason = "argumentative-nan"
)

// A Filter decides whether a sentence is worth keeping. Check returns true
// and "" to keep s, or false and the reason for rejecting it.
type Filter interface {
	Check(s corpus.Sentence) (ok bool, reason Reason)
}

// A pure filter's answer depends on the sentence alone, not on the
// sentences checked before, and it is safe for concurrent use: SelectHits
// checks sentences with it on every core. Length, Noise, Verb and
// Argumentative are pure. A Dedup is not, and neither is a filter of one's
// own, which may keep state: SelectHits checks sentences with them in order,
// on one goroutine.
type pure interface {
	Filter
	pure()
}

// Env is what a filter may take from the environment a system runs it in
// (system.Env gives it to the filters of a system.Pipeline). A filter that
// needs it has a method
//
//	Bind(env Env) (Filter, error)
//
// which returns the filter ready to check sentences: what it lacks filled
// in from env, its settings checked (an out-of-range setting is an error
// naming it). A system calls it for every topic, before the topic's first
// sentence; a filter without it is used as it is. Argumentative and Verb
// take their model from env when theirs is nil, and a Dedup gives every
// topic a new Dedup.
type Env interface {
	// ArgumentModel is the argumentativeness model (the shipped one,
	// classify.ShippedArgumentModel).
	ArgumentModel() (Scorer, error)
	// POS is the part-of-speech model (the shipped one, pos.Load).
	POS() (interface {
		HasVerb(text string, maxTokens int) bool
	}, error)
}

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
	return true, noReason
}
