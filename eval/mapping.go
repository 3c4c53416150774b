package eval

import (
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/docid"
	"github.com/argsearch/argsearch/runfile"
)

// A Mapping says which args.me argument a sentence pair stands for when a
// run of pairs is scored with argument-level judgments: Touché 2020 and
// 2021 judged whole arguments, 2022 judged pairs. A run of single sentences
// maps each sentence to its argument under either mapping.
type Mapping int8

const (
	// FirstSentence maps a pair to the argument of its first sentence.
	FirstSentence Mapping = iota
	// BestJudged maps a pair to whichever of its two sentences' arguments
	// the judgments rate higher for the topic: a judged argument before an
	// unjudged one, the first sentence's on a tie.
	BestJudged
)

// String names the mapping as a report would: "first" or "best".
func (m Mapping) String() string {
	if m == BestJudged {
		return "best"
	}
	return "first"
}

// ParseMapping returns the Mapping that String names.
func ParseMapping(s string) (Mapping, error) {
	switch s {
	case "first":
		return FirstSentence, nil
	case "best":
		return BestJudged, nil
	}
	return 0, fmt.Errorf("eval: mapping %q, want first or best", s)
}

// ArgumentRun turns a run of sentence pairs ("first,second", Touché 2022) or
// of single sentences ("<argID>__PREMISE__k") into a run of arguments that
// argument-level judgments can score. Each topic's lines are read in the
// order Evaluate ranks them with o, each becomes the argument m maps it to,
// and only an argument's first (best-ranked) appearance is kept: a later
// line of an argument already listed is dropped, as trec_eval would reject
// it as a duplicate. The arguments get ranks 1, 2, … and the scores n, n−1,
// …, 1, so that both orders give the same ranking; stances and tags are
// kept. q is read only by BestJudged.
//
// A document id that is neither a sentence id nor a pair of them is an
// error wrapping ErrNotMappable. The run is not modified.
func ArgumentRun(run runfile.Run, q *Qrels, m Mapping, o Order) (runfile.Run, error) {
	out := make(runfile.Run, len(run))
	for qid, lines := range run {
		ranked := make([]*runfile.Line, len(lines))
		for i := range lines {
			ranked[i] = &lines[i]
		}
		slices.SortStableFunc(ranked, o.compare)
		seen := make(map[string]bool, len(ranked))
		mapped := make([]runfile.Line, 0, len(ranked))
		for _, l := range ranked {
			arg, err := argumentOf(l.DocID, qid, q, m)
			if err != nil {
				return nil, fmt.Errorf("eval: topic %q: %w", qid, err)
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
			return "", fmt.Errorf("document %q: %w", id, ErrNotMappable)
		}
		return arg, nil
	}
	a, errA := docid.Argument(first)
	b, errB := docid.Argument(second)
	if errA != nil || errB != nil {
		return "", fmt.Errorf("pair %q: %w", id, ErrNotMappable)
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
