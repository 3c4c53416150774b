package eval

import (
	"cmp"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"

	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"
)

// Judgment is one line of a qrels file: the label assessors gave a document
// for a topic. Touché labels are 0, 1 and 2, and -2 marks spam.
type Judgment struct {
	Topic string
	DocID string
	Label int
}

// Qrels holds relevance judgments, grouped by topic. It is immutable once
// built, so it may be shared between goroutines.
type Qrels struct {
	topics map[string]*topicQrels
	order  []string // topic ids in byte order
	n      int
}

// topicQrels holds one topic's judgments and the statistics the measures
// need.
type topicQrels struct {
	labels map[string]int
	numRel int   // judgments with label >= relevanceLevel
	ideal  []int // positive labels, largest first
	levels []int // levels[l]: judgments with label l, for l from 0 to the largest
}

// numRelAt returns the number of judgments with a label of at least level
// (and at least 0).
func (t *topicQrels) numRelAt(level int) int {
	n := 0
	for l, c := range t.levels {
		if l >= level {
			n += c
		}
	}
	return n
}

// relevanceLevel is trec_eval's default minimum label of a relevant
// document.
const relevanceLevel = 1

// NewQrels builds Qrels from judgments. A (topic, document) pair judged
// twice is an error, even with equal labels, as in
// trec_eval.
func NewQrels(judgments []Judgment) (*Qrels, error) {
	b := newQrelsBuilder()
	for _, j := range judgments {
		if err := b.add(j); err != nil {
			return nil, fmt.Errorf("eval: topic %s, document %s: %w", quote.Q(j.Topic), quote.Q(j.DocID), err)
		}
	}
	return b.finish(), nil
}

// ReadQrels reads judgments in the TREC qrels format: one "qid iter docid
// label" line per judgment, fields separated by spaces or tabs. The iter
// column is ignored; label is an integer and may be negative (and below
// 2^20). Blank lines and, as in trec_eval, comment lines (starting with
// '#') are skipped. A malformed line (not four fields, a label that is not an
// integer) or a pair judged twice is an error naming the line and
// field. A gzip-compressed input (qrels.txt.gz), told by its first two
// bytes, is decompressed; a damaged or truncated one is an error ("eval:
// gzip: ...").
func ReadQrels(r io.Reader) (*Qrels, error) {
	b := newQrelsBuilder()
	err := lines(nilio.Reader(r, "eval"), func(line int, f []string) error {
		if len(f) != 4 {
			return &parseError{Line: line, Err: fmt.Errorf("%d fields, want 4 (qid iter docid label): %w", len(f), errQrelsLine)}
		}
		label, err := strconv.Atoi(f[3])
		if err != nil {
			return &parseError{Line: line, Field: "label", Err: fmt.Errorf("label %s is not an integer: %w", quote.Q(f[3]), errQrelsLine)}
		}
		if err := b.add(Judgment{Topic: f[0], DocID: f[2], Label: label}); err != nil {
			return &parseError{Line: line, Field: "docid", Err: fmt.Errorf("%w: topic %s, document %s", err, quote.Q(f[0]), quote.Q(f[2]))}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b.finish(), nil
}

type qrelsBuilder struct{ q *Qrels }

func newQrelsBuilder() qrelsBuilder {
	return qrelsBuilder{&Qrels{topics: make(map[string]*topicQrels)}}
}

func (b qrelsBuilder) add(j Judgment) error {
	t := b.q.topics[j.Topic]
	if t == nil {
		t = &topicQrels{labels: make(map[string]int)}
		b.q.topics[j.Topic] = t
		b.q.order = append(b.q.order, j.Topic)
	}
	if _, dup := t.labels[j.DocID]; dup {
		return errJudgedTwice
	}
	t.labels[j.DocID] = j.Label
	if j.Label >= 0 {
		if j.Label >= maxLabel {
			return errLabelTooLarge
		}
		for len(t.levels) <= j.Label {
			t.levels = append(t.levels, 0)
		}
		t.levels[j.Label]++
	}
	if j.Label >= relevanceLevel {
		t.numRel++
	}
	if j.Label > 0 {
		t.ideal = append(t.ideal, j.Label)
	}
	b.q.n++
	return nil
}

func (b qrelsBuilder) finish() *Qrels {
	slices.Sort(b.q.order)
	for _, t := range b.q.topics {
		slices.SortFunc(t.ideal, func(a, b int) int { return cmp.Compare(b, a) })
	}
	return b.q
}

// numPositive returns the number of judgments with a positive label.
func (q *Qrels) numPositive() int {
	n := 0
	for _, t := range q.topics {
		for _, c := range t.levels[min(1, len(t.levels)):] {
			n += c
		}
	}
	return n
}

// maxLabel bounds labels: trec_eval's measures keep a count for every
// label from 0 to the largest.
const maxLabel = 1 << 20

// Len returns the number of judgments.
func (q *Qrels) Len() int { return q.n }

// Topics returns the judged topic ids in byte order (trec_eval's order).
func (q *Qrels) Topics() []string { return slices.Clone(q.order) }

// Label returns the label of a document for a topic, and whether it was
// judged at all.
func (q *Qrels) Label(topic, docID string) (label int, judged bool) {
	t := q.topics[topic]
	if t == nil {
		return 0, false
	}
	label, judged = t.labels[docID]
	return label, judged
}

// All yields every judgment, by topic and then document id, both in byte
// order.
func (q *Qrels) All() iter.Seq[Judgment] {
	return func(yield func(Judgment) bool) {
		for _, topic := range q.order {
			t := q.topics[topic]
			docs := make([]string, 0, len(t.labels))
			for d := range t.labels {
				docs = append(docs, d)
			}
			slices.Sort(docs)
			for _, d := range docs {
				if !yield(Judgment{Topic: topic, DocID: d, Label: t.labels[d]}) {
					return
				}
			}
		}
	}
}
