// Package unjudged predicts the labels that Touché 2022's judgments leave
// out: a Model, trained on the judged sentence pairs of each topic, gives
// every unjudged pair of two corpus sentences a predicted relevance,
// quality and coherence, so that a run's top k is scored whole.
//
// The official 2022 judgments rate only the pairs that 2022's teams put in
// their top 5, so a new system's top 5 is mostly unjudged. Judged-only
// nDCG@5 then scores the judged pairs wherever they sit in the ranking,
// and eval.Estimate labels only the pairs whose two sentences were both
// judged in other pairs. A Model labels the rest from what the judgments
// say about similar sentences of the same topic.
//
// How a label is predicted. Each judged sentence (one in a judged pair,
// whose text the corpus has) is described by its mean label over the
// topic's judged pairs that hold it, as in eval.Estimate. A sentence the
// judgments hold gets that mean. Any other sentence gets a prediction from
// the topic's judged sentences: the labels of its nearest neighbours by
// sentence vectors (the Encoder's) and by TF-IDF term vectors, the labels
// of the judged sentences of its own argument, the topic's mean label, and
// its similarity to the topic; a ridge regression, fitted across topics on
// judged sentences held out in turn (five folds a topic), weighs these.
// A pair's label is the mean of its two sentences' labels, kept within
// the judged scale (for coherence too: a second regression over pair
// features such as adjacency raised the correlation little and made the
// figure less stable, see BENCHMARKS.md). A pair the judgments judge keeps
// its exact label.
//
// Predictions are a model's, not judgments: report a figure over predicted
// labels beside the exact ones, with its judged share, and do not tune a
// system on it (a system tuned on it learns what the model likes).
// BENCHMARKS.md gives the correlation of predicted and true labels on
// held-out sentences, and how the figure ranks systems when judgments are
// hidden.
package unjudged

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/internal/ridge"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/topics"
)

// The model's fixed settings.
const (
	neighbours   = 10   // nearest judged sentences a prediction weighs
	simPower     = 5    // a neighbour weighs its cosine similarity to this power
	prior        = 0.05 // weight of the topic's mean beside the neighbours'
	folds        = 5    // held-out folds per topic when fitting the regression
	ridgePenalty = 1.0  // ridge penalty of the regression's slopes
	batchSize    = 256  // sentences encoded at once
)

// maxDims is the most dimensions a Model predicts: those of the
// judgments, three for Touché 2022.
const maxDims = 3

// A Model predicts labels of unjudged sentence pairs (see the package
// documentation). It is safe for concurrent use; it remembers the sentence
// vectors and predictions it has computed.
type Model struct {
	judgments *eval.Judgments
	dims      []eval.Dimension
	store     *corpus.Store
	encoder   semantic.Encoder
	topics    map[string]*topicModel
	idf       map[string]float64
	weights   [maxDims][]float64 // the sentence regression per dimension
	low, high float64            // the judged scale

	mu      sync.Mutex
	vectors map[string][]float32        // sentence id → vector
	cache   map[string][maxDims]float64 // topic + "\x00" + sentence id → prediction
	terms   map[string]termVector       // sentence id → unit TF-IDF vector
}

// topicModel holds one topic's judged sentences and pairs.
type topicModel struct {
	id        string
	vector    []float32        // the topic's title and description
	terms     map[string]bool  // the topic's content terms
	sentences []judgedSentence // judged sentences with a text, by id
	index     map[string]int   // sentence id → index in sentences
	pairs     []judgedPair     // every judged pair of the topic
	byArg     map[string][]int // argument id → indices in sentences
	base      base             // the means over every judged pair
	exact     map[string][maxDims]float64
}

// judgedSentence is a sentence of a judged pair, with its sentence and
// term vectors (set once Train has encoded it, never changed after).
type judgedSentence struct {
	id, argument string
	vector       []float32
	terms        termVector
}

// judgedPair is a judged pair: its sentences' indices (-1 for a sentence
// without a text in the corpus) and its labels.
type judgedPair struct {
	a, b   int
	labels [maxDims]float64
	spam   bool // a negative label on some dimension: enters no mean
}

// base is what predictions rest on: the sums and counts of the labels of
// each judged sentence over the pairs kept, and the topic's mean label.
type base struct {
	sum  [][maxDims]float64
	n    []int
	mean [maxDims]float64
}

// Train returns a model of the judgments j of sentence pairs, whose
// sentences' texts store holds, for the topics tops (their titles and
// descriptions; a judged topic not among them is not predicted). enc makes
// the sentence vectors, for instance semantic/use's sentence encoder or
// semantic/glove's averaged word vectors; the model encodes the judged
// sentences now and others when it first predicts them.
//
// Judged pairs whose sentences the store lacks still count in their other
// sentence's mean. It returns an error for judgments whose document ids are
// not sentence pairs, and one wrapping eval.ErrTooFewTopics when no topic
// has judged sentences with a text to learn from.
func Train(ctx context.Context, j *eval.Judgments, store *corpus.Store, tops []topics.Topic, enc semantic.Encoder) (*Model, error) {
	if j == nil || store == nil || enc == nil {
		return nil, errors.New("unjudged: Train needs judgments, a store and an encoder")
	}
	dims := j.Dimensions()
	if len(dims) > maxDims {
		return nil, fmt.Errorf("unjudged: %d judged dimensions, at most %d", len(dims), maxDims)
	}
	m := &Model{judgments: j, dims: dims, store: store, encoder: enc, topics: map[string]*topicModel{},
		vectors: map[string][]float32{}, cache: map[string][maxDims]float64{}, terms: map[string]termVector{},
		low: math.Inf(1), high: math.Inf(-1)}
	byTopic := map[string]topics.Topic{}
	for _, t := range tops {
		byTopic[t.ID] = t
	}
	first := j.Qrels(dims[0])
	for _, id := range first.Topics() {
		t, ok := byTopic[id]
		if !ok {
			continue
		}
		tm := &topicModel{id: id, index: map[string]int{}, byArg: map[string][]int{}, exact: map[string][maxDims]float64{}, terms: map[string]bool{}}
		for _, w := range nlp.Terms(nil, t.Title+" "+t.Description) {
			tm.terms[w] = true
		}
		m.topics[id] = tm
	}
	for jd := range first.All() {
		tm := m.topics[jd.Topic]
		if tm == nil {
			continue
		}
		a, b, err := docid.ParsePair(jd.DocID)
		if err != nil {
			return nil, fmt.Errorf("unjudged: topic %s: %w", quote.Q(jd.Topic), err)
		}
		p := judgedPair{a: m.sentence(tm, a), b: m.sentence(tm, b)}
		for d, dim := range dims {
			label, ok := j.Qrels(dim).Label(jd.Topic, jd.DocID)
			if !ok {
				return nil, fmt.Errorf("unjudged: topic %s: pair %s is not judged for %s", quote.Q(jd.Topic), quote.Q(jd.DocID), dim)
			}
			p.labels[d] = float64(label)
			if label < 0 {
				p.spam = true
				continue
			}
			m.low, m.high = min(m.low, float64(label)), max(m.high, float64(label))
		}
		tm.exact[jd.DocID] = p.labels
		tm.pairs = append(tm.pairs, p)
	}
	var ids []string
	for _, tm := range m.topics {
		for _, s := range tm.sentences {
			ids = append(ids, s.id)
		}
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("unjudged: no judged sentence has a text in the store: %w", eval.ErrTooFewTopics)
	}
	m.idf = idf(store, ids)
	if err := m.encode(ctx, ids); err != nil {
		return nil, err
	}
	var texts []string
	var order []*topicModel
	for _, id := range first.Topics() {
		if tm := m.topics[id]; tm != nil {
			t := byTopic[id]
			texts, order = append(texts, encodable(strings.TrimSpace(t.Title+" "+t.Description))), append(order, tm)
		}
	}
	vs, err := enc.Encode(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("unjudged: topics: %w", err)
	}
	if len(vs) != len(texts) {
		return nil, fmt.Errorf("unjudged: the encoder gave %d vectors for %d topics", len(vs), len(texts))
	}
	for i, tm := range order {
		tm.vector = vs[i]
		tm.base = tm.newBase(nil, len(dims))
		for k := range tm.sentences {
			s := &tm.sentences[k]
			s.vector, s.terms = m.vectors[s.id], m.terms[s.id]
		}
	}
	if err := m.fit(order); err != nil {
		return nil, err
	}
	return m, nil
}

// sentence returns the index of a judged sentence in tm, adding it, or -1
// when the store lacks its text.
func (m *Model) sentence(tm *topicModel, id string) int {
	if i, ok := tm.index[id]; ok {
		return i
	}
	if _, ok := m.store.Sentence(id); !ok {
		return -1
	}
	arg, _ := m.store.ArgumentOf(id)
	tm.index[id] = len(tm.sentences)
	tm.byArg[arg] = append(tm.byArg[arg], len(tm.sentences))
	tm.sentences = append(tm.sentences, judgedSentence{id: id, argument: arg})
	return len(tm.sentences) - 1
}

// newBase sums the labels of the pairs none of whose sentences is left
// out (left[i] for sentence i; nil leaves none out) over n dimensions.
func (tm *topicModel) newBase(left []bool, n int) base {
	b := base{sum: make([][maxDims]float64, len(tm.sentences)), n: make([]int, len(tm.sentences))}
	var total [maxDims]float64
	count := 0
	out := func(i int) bool { return i >= 0 && left != nil && left[i] }
	for _, p := range tm.pairs {
		if p.spam || out(p.a) || out(p.b) {
			continue
		}
		for d := range n {
			total[d] += p.labels[d]
		}
		count++
		for _, i := range []int{p.a, p.b} {
			if i < 0 {
				continue
			}
			for d := range n {
				b.sum[i][d] += p.labels[d]
			}
			b.n[i]++
			if p.a == p.b {
				break // a pair of a sentence with itself counts once
			}
		}
	}
	for d := range n {
		if count > 0 {
			b.mean[d] = total[d] / float64(count)
		}
	}
	return b
}

// numFeatures is the length of a feature vector.
const numFeatures = 10

// features describes sentence x of topic tm for the regression of each
// dimension, from the base b (x itself must not be in it).
func (m *Model) features(tm *topicModel, b *base, vec []float32, terms termVector, arg string) [maxDims][numFeatures]float64 {
	type neighbour struct {
		sim float64
		i   int
	}
	var bySense, byTerms []neighbour
	maxSim := 0.0
	for i, s := range tm.sentences {
		if b.n[i] == 0 {
			continue
		}
		sim := semantic.Cosine(vec, s.vector)
		maxSim = max(maxSim, sim)
		bySense = append(bySense, neighbour{sim, i})
		byTerms = append(byTerms, neighbour{dot(terms, s.terms), i})
	}
	nearest := func(ns []neighbour) []neighbour {
		slices.SortFunc(ns, func(a, b neighbour) int {
			if c := cmp.Compare(b.sim, a.sim); c != 0 {
				return c
			}
			return cmp.Compare(a.i, b.i)
		})
		ns = ns[:min(len(ns), neighbours)]
		for i, n := range ns {
			if n.sim <= 0 {
				return ns[:i]
			}
		}
		return ns
	}
	bySense, byTerms = nearest(bySense), nearest(byTerms)
	knn := func(ns []neighbour, d int) float64 {
		sum, weight := prior*b.mean[d], prior
		for _, n := range ns {
			w := math.Pow(n.sim, simPower)
			sum += w * b.sum[n.i][d] / float64(b.n[n.i])
			weight += w
		}
		return sum / weight
	}
	overlap := 0.0
	if len(tm.terms) > 0 {
		hit := 0
		for _, t := range terms {
			if tm.terms[t.term] {
				hit++
			}
		}
		overlap = float64(hit) / float64(len(tm.terms))
	}
	toTopic := semantic.Cosine(vec, tm.vector)
	var f [maxDims][numFeatures]float64
	for d := range m.dims {
		f[d][0] = 1
		f[d][1], f[d][2] = knn(bySense, d), knn(byTerms, d)
		f[d][3] = b.mean[d]
		f[d][3], f[d][4] = groupMean(tm.byArg[arg], b, d)
		f[d][5] = b.mean[d]
		f[d][6] = toTopic
		f[d][7] = overlap
		f[d][8] = math.Log1p(float64(len(terms)))
		f[d][9] = maxSim
	}
	return f
}

// groupMean returns the mean of the means of the sentences in group that
// the base holds on dimension d, and 1; or the topic's mean and 0 when it
// holds none.
func groupMean(group []int, b *base, d int) (float64, float64) {
	var sum float64
	n := 0
	for _, i := range group {
		if b.n[i] > 0 {
			sum += b.sum[i][d] / float64(b.n[i])
			n++
		}
	}
	if n == 0 {
		return b.mean[d], 0
	}
	return sum / float64(n), 1
}

// fit fits the regression of each dimension on the judged sentences of
// every topic, each fold of a topic's sentences described from the pairs
// that touch no sentence of that fold.
func (m *Model) fit(order []*topicModel) error {
	var x [maxDims][][]float64
	var y [maxDims][]float64
	for _, tm := range order {
		fold := make([]int, len(tm.sentences))
		for i, s := range tm.sentences {
			h := fnv.New32a()
			h.Write([]byte(s.id))
			fold[i] = int(h.Sum32() % folds)
		}
		for f := range folds {
			left := make([]bool, len(tm.sentences))
			for i := range left {
				left[i] = fold[i] == f
			}
			b := tm.newBase(left, len(m.dims))
			for i, s := range tm.sentences {
				if !left[i] || tm.base.n[i] == 0 {
					continue
				}
				fs := m.features(tm, &b, s.vector, s.terms, s.argument)
				for d := range m.dims {
					x[d] = append(x[d], fs[d][:])
					y[d] = append(y[d], tm.base.sum[i][d]/float64(tm.base.n[i]))
				}
			}
		}
	}
	for d := range m.dims {
		if len(y[d]) < 2*numFeatures {
			return fmt.Errorf("unjudged: %d judged sentences to learn %s from: %w", len(y[d]), m.dims[d], eval.ErrTooFewTopics)
		}
		m.weights[d] = ridge.Fit(x[d], y[d], ridgePenalty)
	}
	return nil
}

// regress returns the regression's prediction on dimension d.
func (m *Model) regress(d int, f [numFeatures]float64) float64 {
	var p float64
	for k, w := range m.weights[d] {
		p += w * f[k]
	}
	return p
}

// encode makes sure the model has the vectors and term vectors of the
// sentences ids, encoding those it lacks.
func (m *Model) encode(ctx context.Context, ids []string) error {
	m.mu.Lock()
	var missing []string
	seen := map[string]bool{}
	for _, id := range ids {
		if _, ok := m.vectors[id]; !ok && !seen[id] {
			if _, ok := m.store.Sentence(id); ok {
				missing, seen[id] = append(missing, id), true
			}
		}
	}
	m.mu.Unlock()
	slices.Sort(missing)
	for start := 0; start < len(missing); start += batchSize {
		batch := missing[start:min(len(missing), start+batchSize)]
		texts := make([]string, len(batch))
		for i, id := range batch {
			s, _ := m.store.Sentence(id)
			texts[i] = encodable(s.Text)
		}
		vs, err := m.encoder.Encode(ctx, texts)
		if err != nil {
			return fmt.Errorf("unjudged: %w", err)
		}
		if len(vs) != len(texts) {
			return fmt.Errorf("unjudged: the encoder gave %d vectors for %d sentences", len(vs), len(texts))
		}
		m.mu.Lock()
		for i, id := range batch {
			m.vectors[id] = vs[i]
			m.terms[id] = m.termVector(texts[i])
		}
		m.mu.Unlock()
	}
	return nil
}

// A termVector is a sparse vector of terms, in byte order of the terms,
// so that sums over it are taken in a fixed order.
type termVector []termWeight

// termWeight is one term of a termVector.
type termWeight struct {
	term   string
	weight float64
}

// termVector returns the unit TF-IDF vector of a text.
func (m *Model) termVector(text string) termVector {
	terms := nlp.Terms(nil, text)
	slices.Sort(terms)
	var v termVector
	for i, w := range terms {
		if i > 0 && terms[i-1] == w {
			v[len(v)-1].weight++
			continue
		}
		v = append(v, termWeight{w, 1})
	}
	var norm float64
	for i := range v {
		v[i].weight *= m.idfOf(v[i].term)
		norm += v[i].weight * v[i].weight
	}
	norm = math.Sqrt(norm)
	for i := range v {
		if norm > 0 {
			v[i].weight /= norm
		}
	}
	return v
}

// idfOf returns a term's inverse document frequency among the judged
// sentences; a term none of them holds weighs as one that one holds.
func (m *Model) idfOf(w string) float64 {
	if x, ok := m.idf[w]; ok {
		return x
	}
	return m.idf[""]
}

// idf returns the inverse document frequencies of the terms of the
// sentences ids, log(N/df); "" holds that of a term of one sentence.
func idf(store *corpus.Store, ids []string) map[string]float64 {
	df := map[string]int{}
	seen := map[string]bool{}
	n := 0
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		s, _ := store.Sentence(id)
		n++
		terms := nlp.Terms(nil, s.Text)
		slices.Sort(terms)
		for i, w := range terms {
			if i == 0 || terms[i-1] != w {
				df[w]++
			}
		}
	}
	out := make(map[string]float64, len(df)+1)
	for w, c := range df {
		out[w] = math.Log(float64(n) / float64(c))
	}
	out[""] = math.Log(float64(n))
	return out
}

// dot returns the dot product of two term vectors.
func dot(a, b termVector) float64 {
	var s float64
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch c := strings.Compare(a[i].term, b[j].term); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			s += a[i].weight * b[j].weight
			i++
			j++
		}
	}
	return s
}

// predictSentence returns the predicted labels of a sentence for a topic:
// its mean over the judged pairs that hold it, or the regression's
// prediction. The sentence's vector must be encoded.
func (m *Model) predictSentence(tm *topicModel, id string) [maxDims]float64 {
	key := tm.id + "\x00" + id
	m.mu.Lock()
	p, ok := m.cache[key]
	vec, terms := m.vectors[id], m.terms[id]
	m.mu.Unlock()
	if ok {
		return p
	}
	if i, ok := tm.index[id]; ok && tm.base.n[i] > 0 {
		for d := range m.dims {
			p[d] = tm.base.sum[i][d] / float64(tm.base.n[i])
		}
	} else {
		arg, _ := m.store.ArgumentOf(id)
		f := m.features(tm, &tm.base, vec, terms, arg)
		for d := range m.dims {
			p[d] = m.regress(d, f[d])
		}
	}
	m.mu.Lock()
	m.cache[key] = p
	m.mu.Unlock()
	return p
}

// origin says where a label came from.
type origin int8

const (
	unlabelled origin = iota // no label
	exact                    // judged
	predicted                // predicted from the pair's sentences
)

// label returns the label of a pair on dimension d, with its origin, once
// its sentences are encoded.
func (m *Model) label(tm *topicModel, docID string, d int) (float64, origin) {
	if l, ok := tm.exact[docID]; ok {
		return l[d], exact
	}
	a, b, err := docid.ParsePair(docID)
	if err != nil {
		return 0, unlabelled
	}
	m.mu.Lock()
	_, okA := m.vectors[a]
	_, okB := m.vectors[b]
	m.mu.Unlock()
	if !okA || !okB {
		return 0, unlabelled
	}
	pa, pb := m.predictSentence(tm, a), m.predictSentence(tm, b)
	return min(max((pa[d]+pb[d])/2, m.low), m.high), predicted
}

// dimension returns the index of d among the model's dimensions.
func (m *Model) dimension(d eval.Dimension) (int, error) {
	i := slices.Index(m.dims, d)
	if i < 0 {
		return 0, fmt.Errorf("unjudged: dimension %s is not judged", quote.Q(string(d)))
	}
	return i, nil
}

// Label returns a pair's label on dimension d for a topic, and whether it
// has one: the exact label for a judged pair (as the judgments' Qrels.Label
// tells), the predicted one for an unjudged pair, and (0, false) for a
// topic the model was not trained for, an id that is not a pair, or a pair
// one of whose sentences the store lacks. It encodes the pair's sentences
// when the model has not seen them.
func (m *Model) Label(ctx context.Context, topic, docID string, d eval.Dimension) (float64, bool, error) {
	di, err := m.dimension(d)
	if err != nil {
		return 0, false, err
	}
	tm := m.topics[topic]
	if tm == nil {
		return 0, false, nil
	}
	if a, b, err := docid.ParsePair(docID); err == nil {
		if err := m.encode(ctx, []string{a, b}); err != nil {
			return 0, false, err
		}
	}
	l, src := m.label(tm, docID, di)
	return l, src != unlabelled, nil
}

// NDCG computes nDCG@k of dimension d over exact and predicted labels:
// each topic's documents are ranked as eval.Evaluate ranks them (score
// descending, then id descending; by rank with opt.ByRank), and the first k
// are scored with their exact label where the judgments judge them and
// their predicted one otherwise; nothing is dropped (an unlabelled pair
// gains 0, as a negative label does). The gain is the label, discounted by
// log2(rank+1); the ideal ranking holds the topic's positive judged labels
// and the positive predicted labels of the run's first k, largest first,
// cut at k. The topics are the judged topics the model knows that the run
// answers, or with opt.Complete all of them, a topic the run misses scoring
// 0. Judged and Labelled are the shares of the first k with an exact label
// and with any label, divided by k.
//
// It returns an error for k < 1, one wrapping eval.ErrNoTopics when no topic is evaluated, and one wrapping
// runfile.ErrDuplicate or runfile.ErrScore for a document listed twice in a
// topic or a NaN score. opt.Measures, opt.JudgedOnly and opt.Pairs do not
// apply.
func (m *Model) NDCG(ctx context.Context, run runfile.Run, k int, d eval.Dimension, opt eval.Options) (*eval.EstimatedNDCG, error) {
	if k <= 0 {
		return nil, fmt.Errorf("unjudged: predicted nDCG at %d: the cutoff must be positive", k)
	}
	di, err := m.dimension(d)
	if err != nil {
		return nil, err
	}
	q := m.judgments.Qrels(d)
	res := new(eval.EstimatedNDCG)
	tops := make(map[string][]string)
	var order []string
	for _, topic := range q.Topics() {
		tm := m.topics[topic]
		lines, ok := run[topic]
		if tm == nil || (!ok && !opt.Complete) {
			continue
		}
		ranked, err := rank(lines, opt.ByRank)
		if err != nil {
			return nil, fmt.Errorf("unjudged: topic %s: %w", quote.Q(topic), err)
		}
		top := ranked[:min(k, len(ranked))]
		tops[topic] = top
		order = append(order, topic)
	}
	var ids []string
	for _, topic := range order {
		for _, doc := range tops[topic] {
			if a, b, err := docid.ParsePair(doc); err == nil {
				ids = append(ids, a, b)
			}
		}
	}
	if err := m.encode(ctx, ids); err != nil {
		return nil, err
	}
	for _, topic := range order {
		tm := m.topics[topic]
		var gains, ideal []float64
		for _, l := range tm.exact {
			if l[di] > 0 {
				ideal = append(ideal, l[di])
			}
		}
		judged, labelled := 0, 0
		for _, doc := range tops[topic] {
			label, src := m.label(tm, doc, di)
			switch src {
			case exact:
				judged++
				labelled++
			case predicted:
				labelled++
				if label > 0 {
					ideal = append(ideal, label)
				}
			}
			gains = append(gains, max(label, 0))
		}
		slices.SortFunc(ideal, func(a, b float64) int { return cmp.Compare(b, a) })
		res.Topics = append(res.Topics, topic)
		res.Values = append(res.Values, ndcg(gains, ideal, k))
		res.Judged = append(res.Judged, float64(judged)/float64(k))
		res.Labelled = append(res.Labelled, float64(labelled)/float64(k))
	}
	if len(res.Topics) == 0 {
		return nil, eval.ErrNoTopics
	}
	res.Mean, res.MeanJudged, res.MeanLabelled = mean(res.Values), mean(res.Judged), mean(res.Labelled)
	return res, nil
}

// rank returns a topic's document ids in eval.Evaluate's order.
func rank(lines []runfile.Line, byRank bool) ([]string, error) {
	ls := slices.Clone(lines)
	for _, l := range ls {
		if math.IsNaN(l.Score) {
			return nil, fmt.Errorf("document %s has a NaN score: %w", quote.Q(l.DocID), runfile.ErrScore)
		}
	}
	slices.SortFunc(ls, func(a, b runfile.Line) int {
		if byRank && a.Rank != b.Rank {
			return cmp.Compare(a.Rank, b.Rank)
		}
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return strings.Compare(b.DocID, a.DocID)
	})
	ids := make([]string, len(ls))
	seen := make(map[string]bool, len(ls))
	for i, l := range ls {
		if seen[l.DocID] {
			return nil, fmt.Errorf("document %s listed twice: %w", quote.Q(l.DocID), runfile.ErrDuplicate)
		}
		seen[l.DocID], ids[i] = true, l.DocID
	}
	return ids, nil
}

// ndcg returns nDCG at k of gains against the ideal gains, as trec_eval's
// ndcg_cut computes it (0 gains nothing; no ideal gain gives the DCG).
func ndcg(gains, ideal []float64, k int) float64 {
	var dcg, idcg float64
	for i := 0; i < k && i < len(gains); i++ {
		if gains[i] > 0 {
			dcg += gains[i] / math.Log2(float64(i+2))
		}
	}
	for i := 0; i < k && i < len(ideal); i++ {
		idcg += ideal[i] / math.Log2(float64(i+2))
	}
	if idcg > 0 {
		return dcg / idcg
	}
	return dcg
}

// mean returns the mean of v.
func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// encodable returns text as an encoder takes it: each invalid UTF-8
// sequence replaced by U+FFFD, as the corpus readers repair texts (a
// Store built by hand may hold any bytes; an encoder refuses invalid UTF-8).
func encodable(text string) string {
	return strings.ToValidUTF8(text, "\uFFFD")
}
