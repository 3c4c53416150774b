package runfile

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"
)

// Validate checks a run already read (lines in file order) and reports every
// problem it finds, joined with errors.Join; it returns nil for a valid run.
// Each problem but an order one wraps one of the exported sentinels, so
// errors.Is works on the result.
//
// Always checked: empty fields or whitespace inside them (ErrField), an
// invalid stance value (ErrField), a tag that differs from the first line's
// (ErrField), a NaN or infinite score (ErrScore), a docid listed twice in a
// topic (ErrDuplicate), a topic split into separate blocks (ErrDuplicate), a
// score higher than the one before it in the same topic, and a rank not
// higher than the one before it (out of order). Ranks may start at any number.
// Then the Rules: results per topic (ErrCount); stances, pairs, topics
// outside Rules.Topics and topics of Rules.Topics with no line (ErrRules).
//
// A problem that repeats within a topic is reported once, with the first
// occurrence and the number of further ones. A run without lines is one
// problem, "the run is empty" (ErrCount).
func Validate(lines []Line, rules Rules) error {
	if len(lines) == 0 {
		return fmt.Errorf("runfile: %w", errEmpty)
	}
	v := validation{index: make(map[problemKey]int)}
	type topicState struct {
		n         int
		lastScore float64
		lastRank  int
		docs      map[string]bool
	}
	topics := make(map[string]*topicState)
	var order []string
	var tag string
	badTags := make(map[string]bool)
	prevQID := ""
	for i, l := range lines {
		q := l.QID
		t := topics[q]
		if t == nil {
			t = &topicState{docs: make(map[string]bool)}
			topics[q] = t
			order = append(order, q)
			if err := checkField("qid", q); err != nil {
				v.add(q, "qid", fmt.Errorf("runfile: topic %s: %w", quote.Q(q), err))
			}
		} else if i > 0 && prevQID != q {
			v.add(q, "block", fmt.Errorf("runfile: topic %s appears in more than one block: %w", quote.Q(q), ErrDuplicate))
		}
		prevQID = q

		where := func(format string, args ...any) error {
			return fmt.Errorf("runfile: topic %s: docid %s (rank %d): "+format,
				append([]any{quote.Q(q), quote.Q(l.DocID), l.Rank}, args...)...)
		}
		if i == 0 {
			tag = l.Tag
			if err := checkField("tag", tag); err != nil {
				v.add("", "tag", fmt.Errorf("runfile: tag %s: %w", quote.Q(tag), err))
			}
		} else if l.Tag != tag && !badTags[l.Tag] {
			badTags[l.Tag] = true
			v.add("", "tag "+l.Tag, where("tag %s differs from the first line's tag %s: %w", quote.Q(l.Tag), quote.Q(tag), ErrField))
		}
		if err := checkField("docid", l.DocID); err != nil {
			v.add(q, "docid", where("%w", err))
		}
		if !validStance(l.Stance) {
			v.add(q, "stance", where("stance %v: %w", l.Stance, ErrField))
		} else if !rules.stanceAllowed(l.Stance) {
			v.add(q, "stance", where("stance %v, want %s: %w", l.Stance, rules.allowedStances(), errStance))
		}
		if rules.Pairs && !isPair(l.DocID) {
			v.add(q, "pair", where("%w", errPair))
		}
		if t.docs[l.DocID] {
			v.add(q, "duplicate", where("listed twice: %w", ErrDuplicate))
		}
		t.docs[l.DocID] = true
		if math.IsNaN(l.Score) || math.IsInf(l.Score, 0) {
			v.add(q, "score", where("score %v: %w", l.Score, ErrScore))
		} else if t.n > 0 && l.Score > t.lastScore {
			v.add(q, "order", where("score %v is higher than the previous %v: %w", l.Score, t.lastScore, errOrder))
		}
		if t.n > 0 && l.Rank <= t.lastRank {
			v.add(q, "rank", where("rank is not higher than the previous %d: %w", t.lastRank, errOrder))
		}
		t.n++
		t.lastRank = l.Rank
		if !math.IsNaN(l.Score) {
			t.lastScore = l.Score
		}
	}

	known := rules.topicSet()
	for _, q := range order {
		if err := rules.checkCount(q, topics[q].n); err != nil {
			v.add(q, "count", err)
		}
		if known != nil && !known[q] {
			v.add(q, "topic", fmt.Errorf("runfile: topic %s is not in the rules' topic list: %w", quote.Q(q), errTopic))
		}
	}
	var missing []string
	for _, q := range rules.Topics {
		if topics[q] == nil {
			missing = append(missing, q)
		}
	}
	if len(missing) > 0 {
		v.add("", "missing", fmt.Errorf("runfile: %d of %d topics have no results (%s): %w",
			len(missing), len(rules.Topics), strings.Join(missing, " "), errMissingTopic))
	}
	return v.err()
}

type problemKey struct{ qid, kind string }

// validation collects problems, counting repeats of a kind within a topic.
type validation struct {
	problems []problem
	index    map[problemKey]int
}

type problem struct {
	key   problemKey
	first error
	more  int
}

func (v *validation) add(qid, kind string, err error) {
	k := problemKey{qid, kind}
	if i, ok := v.index[k]; ok {
		v.problems[i].more++
		return
	}
	v.index[k] = len(v.problems)
	v.problems = append(v.problems, problem{key: k, first: err})
}

func (v *validation) err() error {
	errs := make([]error, len(v.problems))
	for i, p := range v.problems {
		errs[i] = p.first
		if p.more > 0 {
			errs[i] = &repeated{err: p.first, more: p.more}
		}
	}
	return errors.Join(errs...)
}

// repeated is a problem with further occurrences in the same topic.
type repeated struct {
	err  error
	more int
}

func (r *repeated) Error() string {
	return fmt.Sprintf("%v (and %d more like it in this topic)", r.err, r.more)
}

func (r *repeated) Unwrap() error { return r.err }
