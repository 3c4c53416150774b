package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/topicorder"
)

// A Sweep chooses the best of several variants of a system (one per
// setting of its parameters) on some topics and reports the choice on
// others, as PyTerrier's GridSearch (Train) and KFoldGridSearch (Folds)
// do: a setting is never scored on the topics it was chosen on.
//
// The measure is the table's headline (Table.Headline) on one dimension
// unless Measure names another: the predicted nDCG@K with an
// Experiment.Predicted, else the estimated judged-only nDCG@K for
// judgments of sentence pairs, judged-only nDCG@K otherwise. Judged-only
// nDCG@K alone would reward a variant whose top K is unjudged for the
// judged results it ranks deep down (see the package doc): a smaller pool
// of candidates "wins". Every variant runs once, over all the Env's
// topics; choosing is then arithmetic on per-topic values. Ties go to the
// variant listed first.
type Sweep struct {
	// Experiment gives the Env, the judgments, K, the mapping of pairs and
	// the bootstrap; its Systems are the variants (at least two), and its
	// Baseline, Correction and Complete do not apply.
	Experiment Experiment
	// Dimension is the judged dimension to choose by; "" means
	// eval.Relevance.
	Dimension eval.Dimension
	// Measure is the measure to choose by: "predicted" (with
	// Experiment.Predicted), "estimated" (estimated judged-only nDCG),
	// "judged" (judged-only nDCG) or "plain" (nDCG); "" means the table's
	// headline.
	Measure string
	// Train, without Folds, lists the topics to choose on; every other
	// evaluated topic is reported.
	Train []string
	// Folds, when 2 or more, splits the evaluated topics (in topic
	// order, the i-th topic into fold i mod Folds) and reports each fold
	// with the variant that is best on the other folds.
	Folds int
}

// SweepResult is what a Sweep gives.
type SweepResult struct {
	// Chosen names the variant chosen for each fold (one entry with Train).
	Chosen []string
	// Measure is the measure chosen by: "predicted", "estimated", "judged"
	// or "plain".
	Measure string
	// Reported is the chosen variants' value of the Measure over the
	// reported topics, with its bootstrap interval: the honest figure of
	// the sweep.
	Reported eval.Interval
	// PerTopic holds each reported topic's value of the Measure (in its
	// field of TopicScores; the others are NaN).
	PerTopic []TopicScores
	// Table is the experiment behind it: every variant on every topic.
	// Its means are over all topics, the chosen ones included, so they
	// overstate the best variant.
	Table *Table
}

// Run runs and evaluates every variant and makes the choices.
func (s Sweep) Run(ctx context.Context) (*SweepResult, error) {
	if err := nilctx.Check(ctx, "experiment: Sweep.Run"); err != nil {
		return nil, err
	}
	x := s.Experiment
	if len(x.Systems) < 2 {
		return nil, errors.New("experiment: a sweep needs two variants or more")
	}
	if (s.Folds >= 2) == (len(s.Train) > 0) {
		return nil, errors.New("experiment: a sweep needs Train topics or two Folds or more, not both")
	}
	x.Baseline, x.Correction, x.Complete = 0, "none", false
	t, err := x.Run(ctx)
	if err != nil {
		return nil, err
	}
	dim := s.Dimension
	if dim == "" {
		dim = eval.Relevance
	}
	measure := cmpOr(s.Measure, t.Headline)
	var value func(TopicScores) float64
	var set func(*TopicScores, float64)
	switch measure {
	case headlineEstimated:
		value, set = func(ts TopicScores) float64 { return ts.Estimated }, func(ts *TopicScores, v float64) { ts.Estimated = v }
	case headlinePredicted:
		value, set = func(ts TopicScores) float64 { return ts.Predicted }, func(ts *TopicScores, v float64) { ts.Predicted = v }
	case headlineJudged:
		value, set = func(ts TopicScores) float64 { return ts.Judged }, func(ts *TopicScores, v float64) { ts.Judged = v }
	case "plain":
		value, set = func(ts TopicScores) float64 { return ts.NDCG }, func(ts *TopicScores, v float64) { ts.NDCG = v }
	default:
		return nil, fmt.Errorf("experiment: sweep measure %s, want predicted, estimated, judged or plain", quote.Q(s.Measure))
	}
	// values[v][topic] is variant v's value of a topic.
	values := make([]map[string]float64, len(x.Systems))
	var topics []string
	for _, r := range t.Rows {
		if r.Dimension != dim {
			continue
		}
		v := slices.IndexFunc(x.Systems, func(sys System) bool { return sys.Name == r.System })
		values[v] = map[string]float64{}
		for _, ts := range r.PerTopic {
			if x := value(ts); !math.IsNaN(x) {
				values[v][ts.Topic] = x
			}
		}
	}
	if values[0] == nil {
		return nil, fmt.Errorf("experiment: the judgments have no dimension %s", quote.Q(string(dim)))
	}
	for topic := range values[0] {
		if !slices.ContainsFunc(values, func(m map[string]float64) bool { _, ok := m[topic]; return !ok }) {
			topics = append(topics, topic)
		}
	}
	topicorder.Sort(topics)
	// folds[i] lists the topics reported in fold i.
	var folds [][]string
	if s.Folds >= 2 {
		if len(topics) < s.Folds {
			return nil, fmt.Errorf("experiment: %d folds of %d topics", s.Folds, len(topics))
		}
		folds = make([][]string, s.Folds)
		for i, topic := range topics {
			folds[i%s.Folds] = append(folds[i%s.Folds], topic)
		}
	} else {
		var test []string
		for _, topic := range topics {
			if !slices.Contains(s.Train, topic) {
				test = append(test, topic)
			}
		}
		if len(test) == 0 || len(test) == len(topics) {
			return nil, fmt.Errorf("experiment: the Train topics leave %d of %d evaluated topics to report", len(test), len(topics))
		}
		folds = [][]string{test}
	}
	res := &SweepResult{Table: t, Measure: measure}
	var reported []float64
	for _, fold := range folds {
		best, bestMean := 0, math.Inf(-1)
		for v := range values {
			sum, n := 0.0, 0
			for _, topic := range topics {
				if !slices.Contains(fold, topic) {
					sum += values[v][topic]
					n++
				}
			}
			if mean := sum / float64(n); mean > bestMean {
				best, bestMean = v, mean
			}
		}
		res.Chosen = append(res.Chosen, x.Systems[best].Name)
		for _, topic := range fold {
			reported = append(reported, values[best][topic])
			ts := TopicScores{Topic: topic, NDCG: math.NaN(), Judged: math.NaN(), Estimated: math.NaN(), Own: math.NaN(), Predicted: math.NaN()}
			set(&ts, values[best][topic])
			res.PerTopic = append(res.PerTopic, ts)
		}
	}
	slices.SortStableFunc(res.PerTopic, func(a, b TopicScores) int { return topicorder.Compare(a.Topic, b.Topic) })
	if res.Reported, err = x.Bootstrap.CI(reported); err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	return res, nil
}
