package system

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// A Mapping says which argument a sentence pair stands for when a run of
// pairs is scored with argument-level judgments (Touché 2021 judged whole
// args.me arguments; the sample has no pair-level judgments).
type Mapping int

const (
	// FirstArgument maps a pair to the argument of its first sentence.
	FirstArgument Mapping = iota
	// BestArgument maps a pair to whichever of its two sentences'
	// arguments is judged more relevant for the topic (a judged one
	// before an unjudged one; the first sentence's on a tie).
	BestArgument
)

// String names the mapping as the reports print it.
func (m Mapping) String() string {
	if m == BestArgument {
		return "the better-judged argument of their two sentences"
	}
	return "the argument of their first sentence"
}

// ArgumentRun turns a run of sentence pairs into a run of arguments: each
// pair becomes the argument m maps it to, in the run's order (score
// descending, then pair id descending, as trec_eval reads it), and only an
// argument's first (best-ranked) appearance counts; later pairs of an
// argument already listed are dropped, as trec_eval would reject them as
// duplicates. The arguments get the scores n, n−1, …, 1, so the ranking is
// exactly the run's. A pair id that is not two sentence ids is an error.
func ArgumentRun(lines []runfile.Line, q *eval.Qrels, m Mapping) (eval.Run, error) {
	out := eval.Run{}
	for qid, ls := range runfile.Group(lines) {
		ls = slices.Clone(ls)
		slices.SortStableFunc(ls, func(a, b runfile.Line) int {
			return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(b.DocID, a.DocID))
		})
		seen := map[string]bool{}
		var rs []eval.Result
		for _, l := range ls {
			arg, err := pairArgument(l.DocID, qid, q, m)
			if err != nil {
				return nil, err
			}
			if seen[arg] {
				continue
			}
			seen[arg] = true
			rs = append(rs, eval.Result{DocID: arg, Stance: l.Stance.String()})
		}
		for i := range rs {
			rs[i].Score = float64(len(rs) - i)
		}
		out[qid] = rs
	}
	return out, nil
}

func pairArgument(pair, qid string, q *eval.Qrels, m Mapping) (string, error) {
	first, second, ok := strings.Cut(pair, ",")
	if !ok {
		return "", fmt.Errorf("system: %q is not a sentence pair", pair)
	}
	a, _, _, err := corpus.ParseSentenceID(first)
	if err != nil {
		return "", fmt.Errorf("system: pair %q: %w", pair, err)
	}
	b, _, _, err := corpus.ParseSentenceID(second)
	if err != nil {
		return "", fmt.Errorf("system: pair %q: %w", pair, err)
	}
	if m == FirstArgument || a == b {
		return a, nil
	}
	la, ja := q.Label(qid, a)
	lb, jb := q.Label(qid, b)
	if jb && (!ja || lb > la) {
		return b, nil
	}
	return a, nil
}

// Effectiveness is a run's nDCG@5 with 95% bootstrap confidence intervals
// over topics, plain and judged-only (trec_eval -J, as Touché's official
// tables).
type Effectiveness struct {
	Mapping       Mapping
	Topics        int
	NDCG5, Judged eval.Interval
	// PerTopic and PerTopicJudged are the topics' values, in the order of
	// TopicIDs, for significance tests.
	TopicIDs                 []string
	PerTopic, PerTopicJudged []float64
}

// SampleQrels returns the official 2021 relevance judgments of the topics
// the embedded sample was drawn for.
func SampleQrels() (*eval.Qrels, error) {
	all, err := eval.Official(2021, eval.Relevance)
	if err != nil {
		return nil, err
	}
	var js []eval.Judgment
	for j := range all.All() {
		if n, err := strconv.Atoi(j.Topic); err == nil && slices.Contains(sample.Topics(), n) {
			js = append(js, j)
		}
	}
	return eval.NewQrels(js)
}

// EvaluateSample scores a run of pairs over the sample's topics with the
// 2021 relevance judgments, through the mapping m. Every sample topic
// counts; a topic without pairs scores 0 (trec_eval -c).
func EvaluateSample(lines []runfile.Line, m Mapping) (Effectiveness, error) {
	q, err := SampleQrels()
	if err != nil {
		return Effectiveness{}, err
	}
	run, err := ArgumentRun(lines, q, m)
	if err != nil {
		return Effectiveness{}, err
	}
	ndcg, err := eval.ParseMeasure("ndcg_cut.5")
	if err != nil {
		return Effectiveness{}, err
	}
	res := Effectiveness{Mapping: m}
	for _, judged := range []bool{false, true} {
		e, err := eval.Evaluate(q, run, eval.Options{Measures: []eval.Measure{ndcg}, Complete: true, JudgedOnly: judged})
		if err != nil {
			return Effectiveness{}, err
		}
		values, _ := e.PerTopic("ndcg_cut_5")
		ci, err := eval.Bootstrap{}.CI(values)
		if err != nil {
			return Effectiveness{}, err
		}
		res.Topics = len(values)
		res.TopicIDs = res.TopicIDs[:0]
		for _, t := range e.Topics {
			res.TopicIDs = append(res.TopicIDs, t.Topic)
		}
		if judged {
			res.Judged, res.PerTopicJudged = ci, values
		} else {
			res.NDCG5, res.PerTopic = ci, values
		}
	}
	return res, nil
}
