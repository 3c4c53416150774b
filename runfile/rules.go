package runfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/stance"
)

// Rules are optional checks on a run beyond plain validity. The zero value
// checks nothing extra. A Writer applies them before writing a topic (and the
// topic list at Close); Validate applies them to a run already read.
type Rules struct {
	// MinResults and MaxResults bound the number of results per topic;
	// zero means no bound.
	MinResults, MaxResults int
	// Stances lists the allowed stances; nil allows any, including
	// stance.Unknown ("Q0").
	Stances []stance.Stance
	// Pairs requires every docid to be a sentence pair "first,second": two
	// non-empty ids joined by exactly one comma.
	Pairs bool
	// Topics, when non-nil, lists every topic (qid) the run must contain;
	// any other topic is rejected, and a missing one is reported (both
	// wrap ErrRules).
	Topics []string
	// Comparative writes a Touché Task 2 run: stance.Neutral is spelled
	// "NEUTRAL" (Task 1 2023 spells it "NEU"). Set Stances to First,
	// Second, Neutral and No (and Unknown, for "Q0") to allow only Task 2's
	// labels.
	Comparative bool
}

// Touche2022 returns the rules of Touché 2022 Task 1: 100 to 1000 sentence
// pairs per topic, each PRO or CON. Set Topics to the topic list (for example
// the numbers of the official 2022 topics) to require every topic.
func Touche2022() Rules {
	return Rules{
		MinResults: 100,
		MaxResults: 1000,
		Stances:    []stance.Stance{stance.Pro, stance.Con},
		Pairs:      true,
	}
}

// Touche2023 returns the rules of Touché 2023 Task 1 (web documents from
// ClueWeb22): at most 1000 results per topic, each PRO, CON, NEU or NO. Docids
// are document ids, not pairs. No minimum per topic is enforced.
func Touche2023() Rules {
	return Rules{
		MaxResults: 1000,
		Stances:    []stance.Stance{stance.Pro, stance.Con, stance.Neutral, stance.No},
	}
}

// topicSet returns the Topics as a set, or nil when Topics is nil.
func (r *Rules) topicSet() map[string]bool {
	if r.Topics == nil {
		return nil
	}
	set := make(map[string]bool, len(r.Topics))
	for _, t := range r.Topics {
		set[t] = true
	}
	return set
}

func (r *Rules) checkCount(qid string, n int) error {
	if r.MinResults > 0 && n < r.MinResults {
		return fmt.Errorf("runfile: topic %s: %d results, want at least %d: %w", quote.Q(qid), n, r.MinResults, ErrCount)
	}
	if r.MaxResults > 0 && n > r.MaxResults {
		return fmt.Errorf("runfile: topic %s: %d results, want at most %d: %w", quote.Q(qid), n, r.MaxResults, ErrCount)
	}
	return nil
}

func (r *Rules) stanceAllowed(s stance.Stance) bool {
	return r.Stances == nil || slices.Contains(r.Stances, s)
}

func (r *Rules) allowedStances() string {
	names := make([]string, len(r.Stances))
	for i, s := range r.Stances {
		names[i] = s.String()
	}
	return strings.Join(names, "/")
}

// isPair reports whether id is "first,second" with two non-empty halves.
func isPair(id string) bool {
	_, _, err := docid.ParsePair(id)
	return err == nil
}
