package experiment

import (
	"errors"
	"fmt"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// withOwn returns the judgments q of a dimension with the own judgments of
// that dimension added where q has no label (official labels win; among
// own files, the first listed), of the topics keep allows, and how many
// labels were added. It returns nil and 0 when no own file judges the
// dimension.
func withOwn(q *eval.Qrels, own []*eval.Judgments, d eval.Dimension, keep func(topic string) bool) (*eval.Qrels, int, error) {
	type key struct{ topic, doc string }
	seen := map[key]bool{}
	var js []eval.Judgment
	for jd := range q.All() {
		seen[key{jd.Topic, jd.DocID}] = true
		js = append(js, jd)
	}
	added, any := 0, false
	for _, o := range own {
		oq := o.Qrels(d)
		if oq == nil {
			continue
		}
		any = true
		for jd := range oq.All() {
			k := key{jd.Topic, jd.DocID}
			if seen[k] || !keep(jd.Topic) {
				continue
			}
			seen[k] = true
			js = append(js, jd)
			added++
		}
	}
	if !any {
		return nil, 0, nil
	}
	combined, err := eval.NewQrels(js)
	if err != nil {
		return nil, 0, fmt.Errorf("experiment: official and own judgments of %s: %w", d, err)
	}
	return combined, added, nil
}

// withOwn fills in the row's figures over the official and own judgments
// q: nDCG@k (plain, opt as for NDCG) and judged@k.
func (x Experiment) withOwn(row *Row, q *eval.Qrels, run runfile.Run, k int, opt eval.Options, topic func(string) *TopicScores) error {
	ndcg, err := eval.ParseMeasure(fmt.Sprintf("nDCG@%d", k))
	if err != nil {
		return err
	}
	opt.Measures = []eval.Measure{ndcg}
	e, err := eval.Evaluate(q, run, opt)
	if err != nil && !errors.Is(err, eval.ErrNothingJudged) {
		return err
	}
	values, err := e.PerTopic(ndcg.String())
	if err != nil {
		return err
	}
	if row.Own, err = x.Bootstrap.CI(values); err != nil {
		return err
	}
	for i, ts := range e.Topics {
		topic(ts.Topic).Own = values[i]
	}
	row.OwnShare, _, err = eval.Judged(q, run, k, opt)
	return err
}
