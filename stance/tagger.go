package stance

import (
	"context"
)

// A Tagger assigns a text a stance towards a topic, with a confidence in
// [0, 1]. Taggers return Unknown with confidence 0 for text they cannot
// judge (empty, only punctuation or URLs, non-English), not an error; errors
// are for failures such as a cancelled context.
type Tagger interface {
	Tag(ctx context.Context, topic, text string) (Stance, float64, error)
}

// TaggerFunc adapts a function to the Tagger interface.
type TaggerFunc func(ctx context.Context, topic, text string) (Stance, float64, error)

// Tag calls f.
func (f TaggerFunc) Tag(ctx context.Context, topic, text string) (Stance, float64, error) {
	return f(ctx, topic, text)
}

// Majority is the majority-class baseline: it tags every text with Label and
// confidence Confidence, whatever the topic and text. Fit it to training
// labels with MajorityOf.
type Majority struct {
	Label      Stance
	Confidence float64 // the label's share of the training labels
}

// MajorityOf returns the Majority baseline for the training labels: their
// most frequent label (ties go to the smaller Stance value) and its share.
// With no labels it tags everything Unknown.
func MajorityOf(labels []Stance) Majority {
	var counts [No + 1]int
	for _, l := range labels {
		if l >= Unknown && l <= No {
			counts[l]++
		}
	}
	best := Unknown
	for s := Unknown; s <= No; s++ {
		if counts[s] > counts[best] {
			best = s
		}
	}
	if len(labels) == 0 {
		return Majority{}
	}
	return Majority{Label: best, Confidence: float64(counts[best]) / float64(len(labels))}
}

// Tag returns m.Label and m.Confidence.
func (m Majority) Tag(ctx context.Context, topic, text string) (Stance, float64, error) {
	if err := ctx.Err(); err != nil {
		return Unknown, 0, err
	}
	return m.Label, m.Confidence, nil
}
