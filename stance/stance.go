// Package stance holds stance labels and the taggers that assign them.
//
// A Stance is what the second column of a Touché run holds: PRO or CON for
// the 2022 task, plus NEU and NO for 2023. Unknown is written as "Q0", the
// TREC placeholder for "no stance".
package stance

import "fmt"

// Stance is a stance label. The zero value is Unknown.
type Stance int8

// The stance labels of the Touché tasks.
const (
	Unknown Stance = iota // no stance known; written "Q0" in run files
	Pro                   // in favour of the topic (or, for premises, of the conclusion)
	Con                   // against it
	Neutral               // neither (Touché 2023 "NEU")
	No                    // no stance taken; not an argument (Touché 2023 "NO")
)

// String returns the label as run files spell it: "PRO", "CON", "NEU", "NO",
// or "Q0" for Unknown.
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
	case Unknown:
		return "Q0"
	}
	return fmt.Sprintf("Stance(%d)", int8(s))
}

// Opposite returns Con for Pro and Pro for Con; other stances are returned
// unchanged.
func (s Stance) Opposite() Stance {
	switch s {
	case Pro:
		return Con
	case Con:
		return Pro
	}
	return s
}

// Parse returns the Stance spelled by label: "PRO", "CON", "NEU", "NO" or
// "Q0" (and "" for Unknown). Matching is exact, as in run files and args.me.
func Parse(label string) (Stance, error) {
	switch label {
	case "PRO":
		return Pro, nil
	case "CON":
		return Con, nil
	case "NEU":
		return Neutral, nil
	case "NO":
		return No, nil
	case "Q0", "":
		return Unknown, nil
	}
	return Unknown, fmt.Errorf("stance: unknown label %q", label)
}
