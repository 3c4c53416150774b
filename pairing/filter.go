package pairing

import (
	"fmt"
	"math"

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
	NearDuplicate    Reason = "near-duplicate"     // the same text after corpus.NormalizeSentence
	NotArgumentative Reason = "not-argumentative"  // argumentativeness below the threshold
	ArgumentativeNaN Reason = "argumentative-nan"  // the scorer returned NaN
)

// A Filter decides whether a sentence is worth pairing. Check returns true
// and Kept to keep s, or false and the reason for rejecting it.
type Filter interface {
	Check(s corpus.Sentence) (ok bool, reason Reason)
}

// FilterFunc adapts a function to the Filter interface.
type FilterFunc func(s corpus.Sentence) (bool, Reason)

// Check calls f(s).
func (f FilterFunc) Check(s corpus.Sentence) (bool, Reason) { return f(s) }

// Chain returns a filter that applies filters in order and rejects a
// sentence with the reason of the first filter that rejects it; later
// filters do not see it. Put cheap filters first (Length, Noise), stateful
// ones (a Dedup) after the filters whose rejections they should not record,
// and slow ones (VerbFilter, Argumentative) last.
func Chain(filters ...Filter) Filter {
	return chain(filters)
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

// Select returns the sentences of ss that f keeps, in their order, and adds
// one to counts[reason] for every rejected one; counts may be nil.
func Select(f Filter, ss []corpus.Sentence, counts Counts) []corpus.Sentence {
	var kept []corpus.Sentence
	for _, s := range ss {
		ok, why := f.Check(s)
		if ok {
			kept = append(kept, s)
		} else if counts != nil {
			counts[why]++
		}
	}
	return kept
}

// Length rejects sentences with fewer than Min or more than Max words. A
// word is a whitespace-separated token holding a letter or a digit. A zero
// Min or Max is no bound. Touché systems used bounds such as 5 and 60.
//
// Length is safe for concurrent use. It reads the text once.
type Length struct {
	Min, Max int
}

// Check implements Filter.
func (l Length) Check(s corpus.Sentence) (bool, Reason) {
	n := countWords(s.Text)
	if n < l.Min {
		return false, TooShort
	}
	if l.Max > 0 && n > l.Max {
		return false, TooLong
	}
	return true, Kept
}

// VerbFilter rejects sentences without a verb, as Porthos did at Touché
// 2022: "Yes.", "Round 3: Rebuttals", "Great debate, well argued" are not
// claims.
//
// Tagging stops at the first verb and at MaxTokens tokens, so a long text
// costs no more than its first MaxTokens words.
//
// A VerbFilter is safe for concurrent use when its Tagger is (a POSTagger
// is).
type VerbFilter struct {
	Tagger *POSTagger // required: a nil Tagger is a programming error and panics
	// MaxTokens bounds the tokens tagged; 0 means 200. A text whose first
	// MaxTokens tokens hold no verb is rejected.
	MaxTokens int
}

// Check implements Filter.
func (v VerbFilter) Check(s corpus.Sentence) (bool, Reason) {
	if v.Tagger == nil {
		panic("pairing: VerbFilter with a nil Tagger")
	}
	maxTokens := v.MaxTokens
	if maxTokens <= 0 {
		maxTokens = 200
	}
	if v.Tagger.hasVerb(s.Text, maxTokens) {
		return true, Kept
	}
	return false, NoVerb
}

// A Scorer rates how argumentative a text is: a claim or a premise scores
// high, "Thanks, I look forward to the next round" low. Scores are
// expected in [0, 1] (a probability), but any scale works with a matching
// threshold. The package's Scorer is an interface so that any model (the
// shipped argumentativeness model, a remote classifier, a lexicon) plugs
// in; ScorerFunc adapts a function.
type Scorer interface {
	Score(text string) float64
}

// ScorerFunc adapts a function to the Scorer interface.
type ScorerFunc func(text string) float64

// Score calls f(text).
func (f ScorerFunc) Score(text string) float64 { return f(text) }

// Argumentative rejects sentences whose Scorer score is below Threshold
// (NotArgumentative) or NaN (ArgumentativeNaN). A nil Scorer is a
// programming error and panics.
//
// It is safe for concurrent use when the Scorer is.
type Argumentative struct {
	Scorer    Scorer
	Threshold float64 // the zero value keeps every non-negative score
}

// Check implements Filter.
func (a Argumentative) Check(s corpus.Sentence) (bool, Reason) {
	if a.Scorer == nil {
		panic("pairing: Argumentative with a nil Scorer")
	}
	x := a.Scorer.Score(s.Text)
	switch {
	case math.IsNaN(x):
		return false, ArgumentativeNaN
	case x < a.Threshold:
		return false, NotArgumentative
	}
	return true, Kept
}

// String describes the filter, for logs next to a run file.
func (a Argumentative) String() string {
	return fmt.Sprintf("Argumentative{Threshold:%g}", a.Threshold)
}
