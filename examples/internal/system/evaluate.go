package system

import (
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
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

// EvaluateSample scores a run of pairs on the sample with the official
// 2021 relevance judgments, through the mapping m (eval.ArgumentRun),
// averaged over the run's topics as trec_eval does without -c.
func EvaluateSample(pairs runfile.Run, m eval.Mapping) (Effectiveness, error) {
	q, err := eval.Official(2021, eval.Relevance)
	if err != nil {
		return Effectiveness{}, err
	}
	run, err := eval.ArgumentRun(pairs, q, m, eval.ByScore)
	if err != nil {
		return Effectiveness{}, err
	}
	ndcg5 := []eval.Measure{{Name: eval.NDCGCut, Cutoffs: []int{5}}}
	res := Effectiveness{Mapping: m}
	for _, judged := range []bool{false, true} {
		e, err := eval.Evaluate(q, run, eval.Options{Measures: ndcg5, JudgedOnly: judged})
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
