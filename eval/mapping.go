package eval

import (
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/runfile"
)

// A Mapping says which args.me argument a sentence pair stands for when a
// run of pairs is scored with argument-level judgments (Options.Pairs):
// Touché 2020 and 2021 judged whole arguments, 2022 judged pairs. A run of
// single sentences maps each sentence to its argument under either
// mapping. The zero Mapping maps nothing.
//
// Mapped, each topic's lines are read in the order Evaluate ranks them
// (Options.ByRank), each becomes the argument it stands for, and only an
// argument's first (best-ranked) appearance is kept: a later line of an
// argument already listed is dropped, as trec_eval would reject it as a
// duplicate. The arguments get ranks 1, 2, … and the scores n, n−1, …, 1,
// so that both orders give the same ranking. A document id that is neither
// a sentence id nor a pair of them is an error.
type Mapping int8

const (
	// FirstSentence maps a pair to the argument of its first sentence.
	FirstSentence Mapping = iota + 1
	// BestJudged maps a pair to whichever of its two sentences' arguments
	// the judgments rate higher for the topic: a judged argument before an
	// unjudged one, the first sentence's on a tie.
	BestJudged
)

// String names the mapping as the evaluate command's -pairs flag does:
// "first", "best", or "" for the zero Mapping.
func (m Mapping) String() string {
	switch m {
	case FirstSentence:
		return "first"
	case BestJudged:
		return "best"
	}
	return ""
}

// mapped returns the run opt.Pairs maps it to: the run itself for the zero
// Mapping. The run is not modified.
func (opt Options) mapped(run runfile.Run, q *Qrels) (runfile.Run, error) {
	switch opt.Pairs {
	case 0:
		return run, nil
	case FirstSentence, BestJudged:
	default:
		return nil, fmt.Errorf("eval: unknown mapping %d", opt.Pairs)
	}
	out := make(runfile.Run, len(run))
	for qid, lines := range run {
		ranked := make([]*runfile.Line, len(lines))
		for i := range lines {
			ranked[i] = &lines[i]
		}
		slices.SortStableFunc(ranked, opt.order().compare)
		seen := make(map[string]bool, len(ranked))
		mapped := make([]runfile.Line, 0, len(ranked))
		for _, l := range ranked {
			arg, err := argumentOf(l.DocID, qid, q, opt.Pairs)
			if err != nil {
				return nil, fmt.Errorf("eval: topic %s: %w", quote.Q(qid), err)
			}
			if seen[arg] {
				continue
			}
			seen[arg] = true
			mapped = append(mapped, runfile.Line{QID: l.QID, Stance: l.Stance, DocID: arg, Tag: l.Tag})
		}
		for i := range mapped {
			mapped[i].Rank = i + 1
			mapped[i].Score = float64(len(mapped) - i)
		}
		out[qid] = mapped
	}
	return out, nil
}

// argumentOf returns the argument a run's document id stands for.
func argumentOf(id, qid string, q *Qrels, m Mapping) (string, error) {
	first, second, err := docid.ParsePair(id)
	if err != nil {
		// Not a pair: a single sentence.
		arg, err := docid.Argument(id)
		if err != nil {
			return "", fmt.Errorf("document %s: %w", quote.Q(id), errNotMappable)
		}
		return arg, nil
	}
	a, errA := docid.Argument(first)
	b, errB := docid.Argument(second)
	if errA != nil || errB != nil {
		return "", fmt.Errorf("pair %s: %w", quote.Q(id), errNotMappable)
	}
	if m == FirstSentence || a == b || q == nil {
		return a, nil
	}
	la, ja := q.Label(qid, a)
	lb, jb := q.Label(qid, b)
	if jb && (!ja || lb > la) {
		return b, nil
	}
	return a, nil
}

// isSentenceOrPair reports whether a document id is a sentence id or a
// pair of them, the ids a Touché 2022 run ranks.
func isSentenceOrPair(id string) bool {
	if _, _, err := docid.ParsePair(id); err == nil {
		return true
	}
	_, err := docid.ParseSentence(id)
	return err == nil
}

// judgesPairs reports whether q judges sentence pairs (Touché 2022) rather
// than arguments, by its first judgment.
func (q *Qrels) judgesPairs() bool {
	for j := range q.All() {
		_, _, err := docid.ParsePair(j.DocID)
		return err == nil
	}
	return false
}

// firstDocID returns a document id of the run (of its first topic in
// topic order (numeric ids first) that has one), or "".
func firstDocID(run runfile.Run) string {
	for _, t := range run.Topics() {
		if len(run[t]) > 0 {
			return run[t][0].DocID
		}
	}
	return ""
}
