// Package stance holds stance labels, the rule-based taggers that assign
// them and the rule that combines them.
//
// A Stance is what the second column of a Touché run holds: PRO or CON for
// the 2022 task, plus NEU and NO for 2023. Unknown is written as "Q0", the
// TREC placeholder for "no stance".
//
// A Tagger gives a text a stance towards a topic, with a confidence. The
// package's taggers need no training: ArgsMe reads the args.me labels
// (corpus.Store.Stance uses it), and Lexical adds up polarity cues. The
// trained tagger,
// classify.StanceModel, is in package classify, so that the label
// vocabulary, which the corpus and run files use, carries no model code.
//
// Combine is the rule for the stance of two sentences read together (a
// pair), and Side is how a Touché 2022 system gives every pair PRO or CON;
// Rule, the pair-stance step of every system of package system, applies
// them with the args.me labels (corpus.Store.Stance) and a model
// (classify.StanceModel). It sees sentences and pairs by their ids and
// texts, so that the label vocabulary stays below the corpus, the models
// and the pair builders, which all use it.
package stance

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/quote"
)

// Stance is a stance label. The zero value is Unknown.
type Stance int8

// The stance labels of the Touché tasks.
const (
	Unknown Stance = iota // no stance known; written "Q0" in run files
	Pro                   // in favour of the topic (or, for premises, of the conclusion)
	Con                   // against it
	Neutral               // neither (Touché 2023 "NEU")
	No                    // no stance taken; not an argument (Touché 2023 "NO")
	First                 // Task 2 (comparative questions): in favour of the first object ("FIRST")
	Second                // Task 2: in favour of the second object ("SECOND")
)

// String returns the label as run files spell it: "PRO", "CON", "NEU", "NO",
// "FIRST", "SECOND", or "Q0" for Unknown. (Task 2 runs spell Neutral
// "NEUTRAL"; runfile.Rules.Comparative writes it so.)
func (s Stance) String() string {
	switch s {
	case Pro:
		return "PRO"
	case Con:
		return "CON"
	case Neutral:
		return "NEU"
	case No:
		return "NO"
	case First:
		return "FIRST"
	case Second:
		return "SECOND"
	case Unknown:
		return "Q0"
	}
	return fmt.Sprintf("Stance(%d)", int8(s))
}

// opposite returns Con for Pro and Pro for Con, Second for First and First
// for Second; other stances are returned unchanged.
func (s Stance) opposite() Stance {
	switch s {
	case Pro:
		return Con
	case Con:
		return Pro
	case First:
		return Second
	case Second:
		return First
	}
	return s
}

// Parse returns the Stance spelled by label: "PRO", "CON", "NEU", "NO",
// Task 2's "FIRST", "SECOND" and "NEUTRAL" (Neutral), or "Q0" (and "" for
// Unknown). Matching is exact, as in run files and args.me.
func Parse(label string) (Stance, error) {
	switch label {
	case "PRO":
		return Pro, nil
	case "CON":
		return Con, nil
	case "NEU", "NEUTRAL":
		return Neutral, nil
	case "NO":
		return No, nil
	case "FIRST":
		return First, nil
	case "SECOND":
		return Second, nil
	case "Q0", "":
		return Unknown, nil
	}
	return Unknown, fmt.Errorf("stance: unknown label %s", quote.Q(label))
}
