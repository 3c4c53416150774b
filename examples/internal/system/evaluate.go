package system

import (
	"slices"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// Effectiveness is a run's nDCG@5 with 95% bootstrap confidence intervals
// over topics, plain and judged-only (trec_eval -J, as Touché's official
// tables).
type Effectiveness struct {
	Mapping       eval.Mapping
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
	ts, err := sample.Topics()
	if err != nil {
		return nil, err
	}
	var js []eval.Judgment
	for j := range all.All() {
		if slices.ContainsFunc(ts, func(t topics.Topic) bool { return t.ID == j.Topic }) {
			js = append(js, j)
		}
	}
	return eval.NewQrels(js)
}

// EvaluateSample scores a run of pairs over the sample's topics with the
// 2021 relevance judgments, through the mapping m. Every sample topic
// counts; a topic without pairs scores 0 (trec_eval -c).
func EvaluateSample(pairs runfile.Run, m eval.Mapping) (Effectiveness, error) {
	q, err := SampleQrels()
	if err != nil {
		return Effectiveness{}, err
	}
	run, err := eval.ArgumentRun(pairs, q, m, eval.ByScore)
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
