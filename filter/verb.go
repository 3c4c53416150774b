package filter

import (
	"fmt"

	"github.com/argsearch/argsearch/corpus"
)

// Verb rejects sentences without a verb, as Porthos did at Touché 2022:
// "Yes.", "Round 3: Rebuttals", "Great debate, well argued" are not claims.
//
// Tagging stops at the first verb and at MaxTokens tokens, so a long text
// costs no more than its first MaxTokens words.
//
// Verb is pure when its POS model is safe for concurrent use (a *pos.Model
// is).
type Verb struct {
	// POS tells whether a text's first maxTokens tokens hold a verb, as
	// pos.Model.HasVerb does (package pos is kept out of this one, so that
	// only the users of part-of-speech tags load its model). Nil means the
	// environment's (Bind: the shipped model); Check with a nil POS is a
	// programming error and panics.
	POS interface {
		HasVerb(text string, maxTokens int) bool
	}
	// MaxTokens bounds the tokens tagged; 0 means 200. A text whose first
	// MaxTokens tokens hold no verb is rejected.
	MaxTokens int
}

// Check implements Filter.
func (v Verb) Check(s corpus.Sentence) (bool, Reason) {
	if v.POS == nil {
		panic("filter: Verb with a nil POS")
	}
	maxTokens := v.MaxTokens
	if maxTokens <= 0 {
		maxTokens = 200
	}
	if v.POS.HasVerb(s.Text, maxTokens) {
		return true, noReason
	}
	return false, noVerb
}

func (Verb) pure() {}

// Bind returns the filter with env's part-of-speech model when its POS is nil (see
// Env); a negative MaxTokens is an error.
func (v Verb) Bind(env Env) (Filter, error) {
	if v.MaxTokens < 0 {
		return nil, fmt.Errorf("filter: Verb.MaxTokens %d: cannot be negative (0 means 200)", v.MaxTokens)
	}
	if v.POS == nil {
		t, err := env.POS()
		if err != nil {
			return nil, fmt.Errorf("filter: Verb: %w", err)
		}
		v.POS = t
	}
	return v, nil
}
