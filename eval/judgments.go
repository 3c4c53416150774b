package eval

import (
	"errors"
	"fmt"
	"slices"

	"github.com/argsearch/argsearch/internal/quote"
)

// Dimension names one judged aspect of a result. Touché 2020 and 2021
// judged the relevance of arguments; Touché 2022 judged sentence pairs on
// three dimensions.
type Dimension string

// The judged dimensions of Touché Task 1.
const (
	Relevance Dimension = "relevance"
	Quality   Dimension = "quality"
	Coherence Dimension = "coherence"
)

// Judgments are the judgments of one task: a Qrels for each judged
// dimension, all of them judging the same (topic, document) items. Official
// returns the embedded Touché sets; NewJudgments combines your own. They
// are immutable once built (but for their Name), so they may be shared
// between goroutines that only read them.
type Judgments struct {
	// Name is the name the judgments were given: the year for the
	// official ones ("2022"); it may be empty.
	Name string

	dims  []Dimension
	qrels []*Qrels
}

// NewJudgments combines qrels into Judgments named name (such as "2022";
// it may be empty): qrels[i] judges dimension dims[i]. The dimensions must be distinct and non-empty, and the qrels
// must judge exactly the same (topic, document) items; otherwise the error
// names the first item found in one and not in the
// other.
func NewJudgments(name string, dims []Dimension, qrels []*Qrels) (*Judgments, error) {
	if len(dims) == 0 && len(qrels) == 0 {
		return nil, errors.New("eval: judgments of no dimension")
	}
	if len(dims) != len(qrels) {
		return nil, fmt.Errorf("%w: %d dimensions for %d qrels", errMismatch, len(dims), len(qrels))
	}
	for i, d := range dims {
		if d == "" || slices.Contains(dims[:i], d) {
			return nil, fmt.Errorf("%w: dimension %s is empty or repeated", errMismatch, quote.Q(string(d)))
		}
		if qrels[i] == nil {
			return nil, fmt.Errorf("%w: no qrels for %s", errMismatch, d)
		}
		if i > 0 {
			if err := sameItems(qrels[0], qrels[i]); err != nil {
				return nil, fmt.Errorf("%w: %s and %s: %v", errMismatch, dims[0], d, err)
			}
		}
	}
	return &Judgments{Name: name, dims: slices.Clone(dims), qrels: slices.Clone(qrels)}, nil
}

// sameItems returns an error describing a (topic, document) pair judged in
// only one of a and b.
func sameItems(a, b *Qrels) error {
	for j := range a.All() {
		if _, ok := b.Label(j.Topic, j.DocID); !ok {
			return fmt.Errorf("topic %s, document %s judged only in the first", quote.Q(j.Topic), quote.Q(j.DocID))
		}
	}
	if a.Len() != b.Len() {
		for j := range b.All() {
			if _, ok := a.Label(j.Topic, j.DocID); !ok {
				return fmt.Errorf("topic %s, document %s judged only in the second", quote.Q(j.Topic), quote.Q(j.DocID))
			}
		}
	}
	return nil
}

// Dimensions returns the judged dimensions, in the order they were given
// (Relevance, Quality, Coherence for the official 2022 set).
func (j *Judgments) Dimensions() []Dimension { return slices.Clone(j.dims) }

// Subset returns the judgments of the given topics alone, every dimension
// kept, under j's Name: the training or the test topics of a split, say.
// Topics that j does not judge are left out. The subset shares j's
// judgments, which are immutable, so it costs little.
func (j *Judgments) Subset(topics []string) *Judgments {
	out := &Judgments{Name: j.Name, dims: slices.Clone(j.dims), qrels: make([]*Qrels, len(j.qrels))}
	for i, q := range j.qrels {
		out.qrels[i] = q.subset(topics)
	}
	return out
}

// subset returns the judgments of the given topics alone.
func (q *Qrels) subset(topics []string) *Qrels {
	s := &Qrels{topics: make(map[string]*topicQrels, len(topics))}
	for _, id := range topics {
		t := q.topics[id]
		if t == nil || s.topics[id] != nil {
			continue
		}
		s.topics[id] = t
		s.order = append(s.order, id)
		s.n += len(t.labels)
	}
	slices.Sort(s.order)
	return s
}

// Qrels returns the judgments of one dimension, or nil for a dimension that
// was not judged.
func (j *Judgments) Qrels(d Dimension) *Qrels {
	if i := slices.Index(j.dims, d); i >= 0 {
		return j.qrels[i]
	}
	return nil
}
