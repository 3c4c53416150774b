package eval

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/internal/ridge"
	"github.com/argsearch/argsearch/runfile"
)

// origin says where a label came from.
type origin int8

const (
	unlabelled origin = iota // neither judged nor estimable
	exact                    // judged: the label is the judgments'
	estimated                // not judged, estimated from its sentences
)

// An Estimate labels the sentence pairs that Touché 2022's judgments leave
// unjudged, from the judged pairs that share their sentences. Those
// judgments rate only the pairs that 2022's teams retrieved (6,841 for 50
// topics), so a new system's pairs are mostly unjudged, although their
// sentences often were judged in other pairs.
//
// The assumption: a pair is about as good as its sentences have been
// judged to be in other pairs of the same topic. A sentence's mean is the
// mean label of the topic's judged pairs that hold it, first or second;
// an unjudged pair "a,b" whose sentences both have a mean is estimated as
// the mean of the two means, (mean(a) + mean(b)) / 2. Judged pairs keep
// their exact label. Pairs judged with a negative label (spam, -2, which
// only the argument-level judgments of 2020 and 2021 use) enter no mean:
// spam says nothing about how good a sentence's other pairings are, and a
// -2 would drag a 0–2 mean below any real label.
//
// Touché Task 2's passages ("DOCUMENT___N", the N-th passage of a ClueWeb12
// document) are estimated the same way with the document in place of the
// two sentences: an unjudged passage of a document whose other passages
// were judged for the topic gets their mean.
// Left out one at a time, passages are estimated less well than pairs
// (BENCHMARKS.md, "Touché Task 2 (issue 37)").
//
// A document id that is neither a pair "first,second"
// nor such a passage is only ever exact or unlabelled.
//
// Validated leave-one-out on the official 2022 judgments (LeaveOneOut): the
// judged pairs whose sentences both occur in other judged pairs of their
// topic are estimated from those other pairs alone and compared with their
// true labels (the figures: BENCHMARKS.md, section "The validation of the
// estimate").
//
// When not to use it:
//   - Coherence is a property of the pair, not of its sentences, so its
//     estimate is weak (FitEstimate does a little better there).
//   - Not for argument-level judgments (2020, 2021): their ids are not
//     pairs, so nothing is estimated.
//   - Not a replacement for the exact figure: report Evaluate's judged-only
//     nDCG next to the estimated one, with the coverage (EstimatedNDCG's
//     Judged and Labelled).
//   - Not for tuning: estimated labels exist only for sentences that 2022's
//     teams retrieved, so a system tuned on them learns to retrieve those
//     sentences.
//
// An Estimate is immutable once built and safe for concurrent use.
type Estimate struct {
	q      *Qrels   // the judgments of the dimension estimated
	dims   []*Qrels // the dimensions whose sentence means are known; dims[target] == q
	target int
	// topics maps a topic to its sentences' labels, over the judged pairs
	// that enter the means.
	topics map[string]map[string]*sentenceLabels
	model  *linearModel // nil for the mean of the two sentences' means
}

// sentenceLabels sums the labels of the judged pairs that hold a sentence.
type sentenceLabels struct {
	sum [maxDims]float64 // per dimension of Estimate.dims
	n   int              // judged pairs
}

// maxDims is the number of judged dimensions of Touché 2022.
const maxDims = 3

// mean returns the sentence's mean label on dimension d, leaving out the
// labels of one pair that holds it when leave is not nil. The caller makes
// sure that some pair is left.
func (s *sentenceLabels) mean(d int, leave *judgedPair) float64 {
	if leave == nil {
		return s.sum[d] / float64(s.n)
	}
	return (s.sum[d] - leave.labels[d]) / float64(s.n-1)
}

// judgedPair is a judged pair whose labels enter the sentence means.
type judgedPair struct {
	topic, first, second string
	labels               [maxDims]float64
}

// NewEstimate returns the mean-of-sentences estimate over the judgments of
// one dimension (see Estimate). Nil judgments judge nothing, so nothing is
// estimated.
func NewEstimate(q *Qrels) *Estimate {
	if q == nil {
		q = new(Qrels)
	}
	e := &Estimate{q: q, dims: []*Qrels{q}}
	e.index(e.judgedPairs())
	return e
}

// FitEstimate returns an estimate of dimension d of judgments of sentence
// pairs on relevance, quality and coherence (Touché 2022's) that learns
// from all three dimensions: an unjudged pair's label is predicted
// by least squares from the smaller and the larger of its two sentences'
// means on relevance, quality and coherence (six slopes and an intercept,
// with a ridge of 1 on the slopes, which is negligible with thousands of
// pairs and keeps small or constant judgments solvable). The model is fit
// on the judged pairs both of whose sentences occur in other judged pairs
// of the topic, each described by its sentences' means over those other
// pairs, and its predictions are kept within the labels it was fit on.
// Which pairs it estimates, and the exact labels, are as for NewEstimate;
// a pair with a negative label on any dimension enters no mean.
//
// Validated on the official 2022 judgments (LeaveOneOut: each topic's pairs
// are predicted by a model fit on the other topics, from means that leave
// the pair out), over the same pairs as NewEstimate: as good as the mean
// estimate for relevance and quality and a little better for coherence,
// with larger mean absolute errors, since least squares pulls estimates
// towards the middle of the scale (BENCHMARKS.md, section "The validation
// of the estimate"). Use it for coherence; the caveats of Estimate hold.
// The six features were chosen among fifteen candidate sets on that same
// validation, so its figure there may be a little optimistic.
//
// It returns an error for judgments that lack one of the three dimensions
// or a dimension d that is not one of them, and one wrapping
// ErrTooFewTopics when no judged pair has both sentences in other judged
// pairs.
func FitEstimate(j *Judgments, d Dimension) (*Estimate, error) {
	if j == nil {
		return nil, errors.New("eval: a fitted estimate needs judgments; have none (nil)")
	}
	e := &Estimate{dims: []*Qrels{j.Qrels(Relevance), j.Qrels(Quality), j.Qrels(Coherence)}}
	if slices.Contains(e.dims, nil) {
		return nil, fmt.Errorf("eval: a fitted estimate needs judgments of %s, %s and %s, have %v", Relevance, Quality, Coherence, j.Dimensions())
	}
	switch d {
	case Relevance:
		e.target = 0
	case Quality:
		e.target = 1
	case Coherence:
		e.target = 2
	default:
		return nil, fmt.Errorf("eval: estimate of dimension %s: not one of %s, %s, %s", quote.Q(string(d)), Relevance, Quality, Coherence)
	}
	e.q = e.dims[e.target]
	pairs := e.judgedPairs()
	e.index(pairs)
	x, y, _ := e.heldOut(pairs, true)
	if len(y) == 0 {
		return nil, fmt.Errorf("%w: estimate of %s: no judged pair has both sentences in other judged pairs", ErrTooFewTopics, d)
	}
	e.model = fitLinear(x, y)
	return e, nil
}

// judgedPairs returns the judged pairs that enter the sentence means: the
// document ids that are pairs, with no negative label on any dimension of
// e.dims. Topics come in byte order, and each topic's pairs in byte order
// of their ids, so that sums are taken in a fixed order.
func (e *Estimate) judgedPairs() []judgedPair {
	var pairs []judgedPair
	var docs []string
	for _, topic := range e.q.order {
		labels := e.q.topics[topic].labels
		docs = docs[:0]
		for doc := range labels {
			docs = append(docs, doc)
		}
		slices.Sort(docs)
	next:
		for _, doc := range docs {
			first, second, ok := estimateUnits(doc)
			if !ok {
				continue
			}
			p := judgedPair{topic: topic, first: first, second: second}
			for d, q := range e.dims {
				l, ok := q.Label(topic, doc)
				if !ok || l < 0 {
					continue next
				}
				p.labels[d] = float64(l)
			}
			pairs = append(pairs, p)
		}
	}
	return pairs
}

// estimateUnits returns the two units whose means estimate a document: a
// pair's two sentences, or twice a Task 2 passage's document ("DOC___N",
// N a passage number; the document "DOC" stands for both). ok is false for
// any other id.
func estimateUnits(id string) (first, second string, ok bool) {
	if first, second, err := docid.ParsePair(id); err == nil {
		return first, second, true
	}
	doc, n, found := strings.Cut(id, "___")
	if !found || doc == "" || n == "" || strings.Trim(n, "0123456789") != "" {
		return "", "", false
	}
	return doc, doc, true
}

// index sums the pairs' labels into e.topics. A pair of a sentence with
// itself counts once for it.
func (e *Estimate) index(pairs []judgedPair) {
	e.topics = make(map[string]map[string]*sentenceLabels)
	add := func(sentences map[string]*sentenceLabels, id string, p *judgedPair) {
		s := sentences[id]
		if s == nil {
			s = new(sentenceLabels)
			sentences[id] = s
		}
		for d := range e.dims {
			s.sum[d] += p.labels[d]
		}
		s.n++
	}
	for i := range pairs {
		p := &pairs[i]
		sentences := e.topics[p.topic]
		if sentences == nil {
			sentences = make(map[string]*sentenceLabels)
			e.topics[p.topic] = sentences
		}
		add(sentences, p.first, p)
		if p.second != p.first {
			add(sentences, p.second, p)
		}
	}
}

// Label returns a document's label for a topic, and whether it has one:
// the exact label (negative ones included) when the judgments judge it (as
// Qrels.Label tells), an estimate when it is an unjudged pair whose two
// sentences both occur in judged pairs of the topic, and (0, false)
// otherwise.
func (e *Estimate) Label(topic, docID string) (float64, bool) {
	t := e.q.topics[topic]
	if t == nil {
		return 0, false
	}
	l, src := e.label(t, e.topics[topic], docID)
	return l, src != unlabelled
}

// label is Label with the topic's maps looked up.
func (e *Estimate) label(t *topicQrels, sentences map[string]*sentenceLabels, docID string) (float64, origin) {
	if l, ok := t.labels[docID]; ok {
		return float64(l), exact
	}
	first, second, ok := estimateUnits(docID)
	if !ok {
		return 0, unlabelled
	}
	a, b := sentences[first], sentences[second]
	if a == nil || b == nil {
		return 0, unlabelled
	}
	if e.model == nil {
		return (a.mean(e.target, nil) + b.mean(e.target, nil)) / 2, estimated
	}
	x := e.features(a, b, nil)
	return e.model.predict(x[:e.numFeatures()]), estimated
}

// numFeatures is the length of the model's feature vectors.
func (e *Estimate) numFeatures() int { return 1 + 2*len(e.dims) }

// features describes a pair by its sentences' means: 1 (the intercept),
// then the smaller of the two means on each dimension, then the larger.
// leave, if not nil, is a judged pair holding both sentences whose labels
// are left out.
func (e *Estimate) features(a, b *sentenceLabels, leave *judgedPair) [1 + 2*maxDims]float64 {
	var x [1 + 2*maxDims]float64
	x[0] = 1
	n := len(e.dims)
	for d := range n {
		ma, mb := a.mean(d, leave), b.mean(d, leave)
		x[1+d], x[1+n+d] = min(ma, mb), max(ma, mb)
	}
	return x
}

// heldOut describes each judged pair whose sentences both occur in other
// judged pairs of the topic, by its sentences' means over those other
// pairs: by the model's features if fitted, else by its mean estimate
// alone. It returns those descriptions, the true labels, and each pair's
// topic.
func (e *Estimate) heldOut(pairs []judgedPair, fitted bool) (x [][]float64, y []float64, topics []string) {
	for i := range pairs {
		p := &pairs[i]
		sentences := e.topics[p.topic]
		a, b := sentences[p.first], sentences[p.second]
		if a.n < 2 || b.n < 2 {
			continue
		}
		if fitted {
			f := e.features(a, b, p)
			x = append(x, slices.Clone(f[:e.numFeatures()]))
		} else {
			// The mean estimate, as the only "feature".
			x = append(x, []float64{(a.mean(e.target, p) + b.mean(e.target, p)) / 2})
		}
		y = append(y, p.labels[e.target])
		topics = append(topics, p.topic)
	}
	return x, y, topics
}

// LeaveOneOut checks the estimate on its own judgments: it estimates each
// judged pair both of whose sentences occur in other judged pairs of its
// topic from those other pairs alone (the sentence means are recomputed
// without it), and compares the estimates with the true labels. For a
// FitEstimate, a topic's pairs are predicted by a model fit on the other
// topics' pairs only, so that no model sees the pair it predicts. A pair of
// a sentence with itself qualifies when the sentence occurs in another
// judged pair. Pairs with a negative label are not estimated.
//
// It returns the Pearson correlation of the estimates with the true labels
// (NaN if either is constant), their mean absolute error, and the number of
// pairs estimated (of the judgments' Qrels.Len). When fewer than two pairs
// can be estimated it returns that number and an error wrapping
// ErrTooFewTopics.
func (e *Estimate) LeaveOneOut() (pearson, mae float64, pairs int, err error) {
	x, y, topics := e.heldOut(e.judgedPairs(), e.model != nil)
	if len(y) < 2 {
		return 0, 0, len(y), fmt.Errorf("%w: leave-one-out validation: %d estimable judged pairs, need 2", ErrTooFewTopics, len(y))
	}
	est := make([]float64, len(y))
	if e.model == nil {
		for i := range x {
			est[i] = x[i][0]
		}
	} else {
		// Topics are contiguous in byte order; fit once per topic on
		// every other topic's pairs.
		for lo := 0; lo < len(y); {
			hi := lo
			for hi < len(y) && topics[hi] == topics[lo] {
				hi++
			}
			trainX := slices.Concat(x[:lo], x[hi:])
			trainY := slices.Concat(y[:lo], y[hi:])
			if len(trainY) == 0 {
				return 0, 0, len(y), fmt.Errorf("%w: leave-one-topic-out validation: only topic %s has estimable pairs", ErrTooFewTopics, quote.Q(topics[lo]))
			}
			m := fitLinear(trainX, trainY)
			for i := lo; i < hi; i++ {
				est[i] = m.predict(x[i])
			}
			lo = hi
		}
	}
	for i := range y {
		mae += math.Abs(est[i] - y[i])
	}
	return correlation(est, y), mae / float64(len(y)), len(y), nil
}

// correlation returns Pearson's correlation of x and y, or NaN if either
// is constant.
func correlation(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= n
	my /= n
	var sxx, syy, sxy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxx += dx * dx
		syy += dy * dy
		sxy += dx * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	return sxy / math.Sqrt(sxx*syy)
}

// linearModel predicts a label as beta · x, kept within [lo, hi].
type linearModel struct {
	beta   []float64
	lo, hi float64
}

func (m *linearModel) predict(x []float64) float64 {
	v := 0.0
	for i, b := range m.beta {
		v += b * x[i]
	}
	return min(max(v, m.lo), m.hi)
}

// ridgePenalty is added to the diagonal of the normal equations for every
// coefficient but the intercept (internal/ridge).
const ridgePenalty = 1

// fitLinear fits y ≈ beta · x by least squares with a ridge on the slopes
// (x[i][0] is 1, the intercept). len(y) must be positive.
func fitLinear(x [][]float64, y []float64) *linearModel {
	m := &linearModel{lo: y[0], hi: y[0], beta: ridge.Fit(x, y, ridgePenalty)}
	for _, v := range y {
		m.lo, m.hi = min(m.lo, v), max(m.hi, v)
	}
	return m
}

// EstimatedNDCG is nDCG@k over exact and estimated labels (see
// Estimate.NDCG), per topic and averaged over topics, with the coverage of
// each topic's top k.
type EstimatedNDCG struct {
	Topics   []string  // evaluated topics, in byte order (as Evaluation.Topics)
	Values   []float64 // nDCG@k per topic
	Judged   []float64 // per topic: share of the run's top k with an exact label (as Judged)
	Labelled []float64 // per topic: share of the run's top k with an exact or an estimated label

	Mean, MeanJudged, MeanLabelled float64 // the means over Topics
}

// NDCG computes judged-only nDCG@k over exact and estimated labels, the
// way Evaluate computes ndcg_cut.k with Options.JudgedOnly (trec_eval -J),
// with estimated labels standing in for missing judgments. The topics are
// the judged topics the run answers, or with opt.Complete every judged
// topic, a topic the run misses scoring 0. Each topic's documents are
// ranked by opt.ByRank; unlabelled documents and those with a negative
// exact label are dropped, and the remaining ranking is cut at k. The gain
// is the label (exact or estimated; 0 or less gives none), discounted by
// log2(rank+1). The ideal ranking holds the topic's positive judged labels
// and the positive estimated labels of every document kept in the run's
// ranking (not just its top k), largest first, cut at k. The coverage
// shares count the run's top k before anything is dropped, and divide by k
// even when fewer than k documents were retrieved, as Judged does.
//
// Where nothing is estimated (a run of judged documents, of unjudged pairs
// of unjudged sentences, or argument ids) the value equals Evaluate's
// judged-only ndcg_cut.k. opt.Pairs maps the run as it does for Evaluate;
// opt.Measures and opt.JudgedOnly do not apply.
//
// It returns an error for k < 1, ErrNoTopics when no topic is evaluated, and the errors of Evaluate for duplicate documents
// and NaN scores.
func (e *Estimate) NDCG(run runfile.Run, k int, opt Options) (*EstimatedNDCG, error) {
	if k <= 0 {
		return nil, fmt.Errorf("%w: estimated nDCG at %d", errUnknownMeasure, k)
	}
	run, err := opt.mapped(run, e.q)
	if err != nil {
		return nil, err
	}
	res := new(EstimatedNDCG)
	var w workspace
	var gains, ideal []float64
	for _, topic := range e.q.order {
		lines, ok := run[topic]
		if !ok && !opt.Complete {
			continue
		}
		if err := w.rank(lines, opt.order()); err != nil {
			return nil, fmt.Errorf("eval: topic %s: %w", quote.Q(topic), err)
		}
		t, sentences := e.q.topics[topic], e.topics[topic]
		gains, ideal = gains[:0], ideal[:0]
		for _, l := range t.ideal {
			ideal = append(ideal, float64(l))
		}
		judged, labelled := 0, 0
		for i, r := range w.ranked {
			label, src := e.label(t, sentences, r.doc)
			if i < k && src != unlabelled {
				labelled++
				if src == exact {
					judged++
				}
			}
			if src == unlabelled || label < 0 {
				continue
			}
			gains = append(gains, label)
			if src == estimated && label > 0 {
				ideal = append(ideal, label)
			}
		}
		slices.SortFunc(ideal, func(a, b float64) int { return cmp.Compare(b, a) })
		res.Topics = append(res.Topics, topic)
		var v [1]float64
		ndcgAt(gains, ideal, []int{k}, v[:])
		res.Values = append(res.Values, v[0])
		res.Judged = append(res.Judged, float64(judged)/float64(k))
		res.Labelled = append(res.Labelled, float64(labelled)/float64(k))
	}
	if len(res.Topics) == 0 {
		return nil, ErrNoTopics
	}
	res.Mean, res.MeanJudged, res.MeanLabelled = meanOf(res.Values), meanOf(res.Judged), meanOf(res.Labelled)
	return res, nil
}

// meanOf returns the mean of a non-empty slice.
func meanOf(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}
