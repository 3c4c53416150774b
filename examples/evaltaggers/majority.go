package main

import (
	"context"

	"github.com/argsearch/argsearch/stance"
)

// majority is the majority-class baseline: it tags every text with Label and
// confidence Confidence, whatever the topic and text. Fit it to training
// labels with majorityTagger.
type majority struct {
	Label      stance.Stance
	Confidence float64 // the label's share of the training labels
}

// majorityTagger returns the majority baseline for the training labels: their
// most frequent label (ties go to the smaller stance.Stance value) and its share.
// With no labels it tags everything stance.Unknown.
func majorityTagger(labels []stance.Stance) majority {
	var counts [stance.No + 1]int
	for _, l := range labels {
		if l >= stance.Unknown && l <= stance.No {
			counts[l]++
		}
	}
	best := stance.Unknown
	for s := stance.Unknown; s <= stance.No; s++ {
		if counts[s] > counts[best] {
			best = s
		}
	}
	if len(labels) == 0 {
		return majority{}
	}
	return majority{Label: best, Confidence: float64(counts[best]) / float64(len(labels))}
}

// Tag returns m.Label and m.Confidence.
func (m majority) Tag(ctx context.Context, topic, text string) (stance.Stance, float64, error) {
	if err := ctx.Err(); err != nil {
		return stance.Unknown, 0, err
	}
	if err := stance.CheckInput(topic, text); err != nil {
		return stance.Unknown, 0, err
	}
	return m.Label, m.Confidence, nil
}
