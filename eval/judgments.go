package eval

import (
	"fmt"
)

// Dimension names one judged aspect of a result. The Touché 2022 pairs were
// judged on three.
type Dimension string

// The judged dimensions of Touché Task 1.
const (
	Relevance Dimension = "relevance"
	Quality   Dimension = "quality"
	Coherence Dimension = "coherence"
)

// Labels holds the labels of one judged pair on the three 2022 dimensions.
type Labels struct {
	Relevance, Quality, Coherence int
}

// JudgmentSet is the Touché 2022 judgment set: three qrels, one per
// dimension, that judge the same (topic, pair) items. It is immutable.
type JudgmentSet struct {
	relevance, quality, coherence *Qrels
}

// NewJudgmentSet combines the relevance, quality and coherence qrels into one
// judgment set. They must judge exactly the same (topic, document) pairs;
// otherwise the error wraps ErrMismatch and names the first pair found in
// one and not the other.
func NewJudgmentSet(relevance, quality, coherence *Qrels) (*JudgmentSet, error) {
	for _, other := range []struct {
		d Dimension
		q *Qrels
	}{{Quality, quality}, {Coherence, coherence}} {
		if err := sameItems(relevance, other.q); err != nil {
			return nil, fmt.Errorf("%w: %s and %s: %v", ErrMismatch, Relevance, other.d, err)
		}
	}
	return &JudgmentSet{relevance: relevance, quality: quality, coherence: coherence}, nil
}

// sameItems returns an error describing a (topic, document) pair judged in
// only one of a and b.
func sameItems(a, b *Qrels) error {
	for j := range a.All() {
		if _, ok := b.Label(j.Topic, j.DocID); !ok {
			return fmt.Errorf("topic %q, document %q judged only in the first", j.Topic, j.DocID)
		}
	}
	if a.Len() != b.Len() {
		for j := range b.All() {
			if _, ok := a.Label(j.Topic, j.DocID); !ok {
				return fmt.Errorf("topic %q, document %q judged only in the second", j.Topic, j.DocID)
			}
		}
	}
	return nil
}

// Dimension returns the qrels of one dimension, or nil for an unknown one.
func (s *JudgmentSet) Dimension(d Dimension) *Qrels {
	switch d {
	case Relevance:
		return s.relevance
	case Quality:
		return s.quality
	case Coherence:
		return s.coherence
	}
	return nil
}

// Labels returns the three labels of a judged pair, and whether it was
// judged.
func (s *JudgmentSet) Labels(topic, docID string) (Labels, bool) {
	r, ok := s.relevance.Label(topic, docID)
	if !ok {
		return Labels{}, false
	}
	q, _ := s.quality.Label(topic, docID)
	c, _ := s.coherence.Label(topic, docID)
	return Labels{Relevance: r, Quality: q, Coherence: c}, true
}

// Len returns the number of judged pairs.
func (s *JudgmentSet) Len() int { return s.relevance.Len() }
