package experiment

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/unjudged"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/system"
)

// estimator returns the estimate of unjudged pairs for dimension d of j:
// eval.FitEstimate for coherence where j judges all three of Touché
// 2022's dimensions (it validates better there: Pearson 0.50 against
// 0.47) and enough of it to fit on, the mean of the sentences' means
// (eval.NewEstimate) otherwise (for Touché Task 2's passages, the mean of
// the document's judged passages), and nil for judgments that rate
// neither sentence pairs nor passages.
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

// labelledNDCG gives the interval and coverage of an nDCG over exact and
// other labels (eval.Estimate's or a prediction's), ndcg, over the topics q
// judges (ndcg may know more: an estimate is made from all the
// judgments), and sets each topic's value.
func (x Experiment) labelledNDCG(ndcg func(runfile.Run, eval.Options) (*eval.EstimatedNDCG, error), q *eval.Qrels, run runfile.Run, opt eval.Options, set func(topic string, v float64)) (eval.Interval, float64, error) {
	topics := q.Topics()
	kept := make(runfile.Run, len(run))
	for _, id := range topics {
		if lines, ok := run[id]; ok {
			kept[id] = lines
		}
	}
	complete := opt.Complete
	opt.Complete = false
	e, err := ndcg(kept, opt)
	if err != nil && !(complete && errors.Is(err, eval.ErrNoTopics)) {
		return eval.Interval{}, 0, err
	}
	// e's topics are q's in the same (byte) order; with Complete, a judged
	// topic the run misses scores 0, as Estimate.NDCG would score it.
	values, labelled := map[string]float64{}, map[string]float64{}
	if e != nil {
		for i, id := range e.Topics {
			values[id], labelled[id] = e.Values[i], e.Labelled[i]
		}
	}
	var vs, ls []float64
	for _, id := range topics {
		v, ok := values[id]
		if !ok && !complete {
			continue
		}
		vs, ls = append(vs, v), append(ls, labelled[id])
		set(id, v)
	}
	ci, err := x.Bootstrap.CI(vs)
	if err != nil {
		return eval.Interval{}, 0, err
	}
	return ci, mean(ls), nil
}

func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// trainPredictor trains the default predictor of unjudged pairs
// (Experiment.Predicted): eval/unjudged's Model over j and the texts of env's
// store, with the shipped Universal Sentence Encoder lite; nil when the
// judgments hold too little to learn from.
func trainPredictor(ctx context.Context, j *eval.Judgments, env *system.Env) (*unjudged.Model, error) {
	enc, err := use.Load()
	if err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	m, err := unjudged.Train(ctx, j, env.Store, env.Topics, enc)
	if errors.Is(err, eval.ErrTooFewTopics) {
		return nil, nil // too little to learn from: the estimate leads
	}
	if err != nil {
		return nil, fmt.Errorf("experiment: predicting unjudged pairs: %w", err)
	}
	return m, nil
}
