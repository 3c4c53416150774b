package labeled

import (
	"errors"
	"fmt"
)

// Classification holds agreement scores of predicted labels, such as the
// stance column of a run, with gold labels.
type Classification struct {
	// N is the number of items.
	N int
	// Accuracy is the share of items whose predicted label is the gold one.
	Accuracy float64
	// MacroF1 is the unweighted mean of the per-label F1 over Labels.
	MacroF1 float64
	// Labels lists every label that occurs in the gold or the predicted
	// labels, in order of first occurrence (gold first, then predicted).
	Labels []string
	// F1 holds each label's F1, aligned with Labels. A label that is never
	// predicted correctly (no true positive) has F1 0.
	F1 []float64
}

// Classify scores predicted labels against gold labels; gold[i] and
// predicted[i] are the same item's labels. Macro-F1 averages over the labels
// present in gold or predicted, so a label predicted but never gold counts
// with F1 0, as in scikit-learn's f1_score(average="macro"). It needs at
// least one item.
func Classify(gold, predicted []string) (Classification, error) {
	if len(gold) != len(predicted) {
		return Classification{}, fmt.Errorf("labeled: classify: %d gold labels against %d predicted", len(gold), len(predicted))
	}
	if len(gold) == 0 {
		return Classification{}, errors.New("labeled: classify needs at least one item")
	}
	index := make(map[string]int)
	var labels []string
	for _, ls := range [][]string{gold, predicted} {
		for _, l := range ls {
			if _, ok := index[l]; !ok {
				index[l] = len(labels)
				labels = append(labels, l)
			}
		}
	}
	tp := make([]int, len(labels))
	goldN := make([]int, len(labels))
	predN := make([]int, len(labels))
	correct := 0
	for i := range gold {
		g, p := index[gold[i]], index[predicted[i]]
		goldN[g]++
		predN[p]++
		if g == p {
			tp[g]++
			correct++
		}
	}
	c := Classification{
		N:        len(gold),
		Accuracy: float64(correct) / float64(len(gold)),
		Labels:   labels,
		F1:       make([]float64, len(labels)),
	}
	sum := 0.0
	for i := range labels {
		if tp[i] > 0 {
			// F1 = 2PR/(P+R) = 2tp / (gold + predicted).
			c.F1[i] = 2 * float64(tp[i]) / float64(goldN[i]+predN[i])
		}
		sum += c.F1[i]
	}
	c.MacroF1 = sum / float64(len(labels))
	return c, nil
}
