package experiment

import (
	"errors"
	"slices"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// estimator returns the estimate of unjudged pairs for dimension d of j:
// eval.FitEstimate for coherence where j judges all three of Touché
// 2022's dimensions (it validates better there: Pearson 0.50 against
// 0.47) and enough of it to fit on, the mean of the sentences' means
// (eval.NewEstimate) otherwise, and nil for judgments that do not rate
// sentence pairs.
func estimator(j *eval.Judgments, d eval.Dimension) (*eval.Estimate, error) {
	q := j.Qrels(d)
	if !judgesPairs(q) {
		return nil, nil
	}
	all := []eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence}
	if d == eval.Coherence && !slices.ContainsFunc(all, func(d eval.Dimension) bool { return j.Qrels(d) == nil }) {
		est, err := eval.FitEstimate(j, d)
		if !errors.Is(err, eval.ErrTooFewTopics) {
			return est, err
		}
		// Too little to fit on (no judged pair has both sentences in
		// other judged pairs): the mean estimate.
	}
	return eval.NewEstimate(q), nil
}

// estimate fills in the row's estimated figures with est.
func (x Experiment) estimate(row *Row, est *eval.Estimate, run runfile.Run, k int, opt eval.Options, topic func(string) *TopicScores) error {
	e, err := est.NDCG(run, k, opt)
	if err != nil {
		return err
	}
	if row.Estimated, err = x.Bootstrap.CI(e.Values); err != nil {
		return err
	}
	row.Labelled = e.MeanLabelled
	for i, id := range e.Topics {
		topic(id).Estimated = e.Values[i]
	}
	return nil
}
