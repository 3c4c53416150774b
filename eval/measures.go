package eval

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/runfile"
)

// Names of the measures Evaluate computes, as trec_eval spells them.
const (
	numRetName    = "num_ret"     // documents retrieved
	numRelRetName = "num_rel_ret" // relevant documents retrieved
	mapName       = "map"         // mean average precision
	recipRankName = "recip_rank"  // reciprocal rank of the first relevant document
	pName         = "P"           // precision at cutoffs
	ndcgCutName   = "ndcg_cut"    // nDCG at cutoffs
)

// measureOrder is the order in which trec_eval computes and prints the
// measures, whatever order they were asked for in.
var measureOrder = [...]string{numRetName, numRelRetName, mapName, recipRankName, pName, ndcgCutName}

// defaultCutoffs are trec_eval's default cutoffs for P and ndcg_cut.
func defaultCutoffs() []int { return []int{5, 10, 15, 20, 30, 100, 200, 500, 1000} }

// Measure is a measure to compute, usually from ParseMeasure: Name is one
// of trec_eval's names num_ret, num_rel_ret, map, recip_rank, P and
// ndcg_cut, with Cutoffs for P and ndcg_cut. Nil cutoffs mean trec_eval's
// defaults, 5, 10, 15, 20, 30, 100, 200, 500 and 1000.
type Measure struct {
	Name    string
	Cutoffs []int
}

// ParseMeasure parses a measure in trec_eval's -m syntax ("map",
// "recip_rank", "num_ret", "num_rel_ret", "P.5,10", "ndcg_cut.5,10,1000") or
// as ir_measures names it ("nDCG@5", "P@10", "AP", "RR"). Cutoffs are
// sorted; they must be positive and distinct.
func ParseMeasure(s string) (Measure, error) {
	if m, ok := irMeasure(s); ok {
		return m, nil
	}
	name, params, hasParams := strings.Cut(s, ".")
	if !slices.Contains(measureOrder[:], name) {
		return Measure{}, fmt.Errorf("%w %s", ErrUnknownMeasure, quote.Q(s))
	}
	m := Measure{Name: name}
	if !hasParams {
		return m, nil
	}
	if name != pName && name != ndcgCutName {
		return Measure{}, fmt.Errorf("%w: %s takes no cutoffs (%s)", ErrUnknownMeasure, name, quote.Q(s))
	}
	for p := range strings.SplitSeq(params, ",") {
		k, err := strconv.Atoi(p)
		if err != nil {
			return Measure{}, fmt.Errorf("%w: %s in %s is not an integer", ErrUnknownMeasure, quote.Q(p), quote.Q(s))
		}
		m.Cutoffs = append(m.Cutoffs, k)
	}
	if _, err := checkCutoffs(m.Cutoffs); err != nil {
		return Measure{}, fmt.Errorf("%w (%s)", err, quote.Q(s))
	}
	return m, nil
}

// irMeasure parses the ir_measures names of the measures Evaluate
// computes: nDCG@k, P@k, AP and RR.
func irMeasure(s string) (Measure, bool) {
	switch s {
	case "AP":
		return Measure{Name: mapName}, true
	case "RR":
		return Measure{Name: recipRankName}, true
	}
	name, cutoff, ok := strings.Cut(s, "@")
	if !ok {
		return Measure{}, false
	}
	k, err := strconv.Atoi(cutoff)
	if err != nil || k <= 0 || strconv.Itoa(k) != cutoff {
		return Measure{}, false
	}
	switch name {
	case "nDCG":
		return Measure{Name: ndcgCutName, Cutoffs: []int{k}}, true
	case "P":
		return Measure{Name: pName, Cutoffs: []int{k}}, true
	}
	return Measure{}, false
}

// valueName returns the name under which an Evaluation holds the value a
// measure names: "ndcg_cut_5" for "ndcg_cut_5", "ndcg_cut.5" or "nDCG@5".
func valueName(s string) (string, error) {
	for _, prefix := range []string{pName + "_", ndcgCutName + "_"} {
		// A value name as Evaluation.Names spells it: P_5, ndcg_cut_5.
		if k, ok := strings.CutPrefix(s, prefix); ok {
			if n, err := strconv.Atoi(k); err == nil && n > 0 && strconv.Itoa(n) == k {
				return s, nil
			}
			return "", fmt.Errorf("%w %s", ErrUnknownMeasure, quote.Q(s))
		}
	}
	m, err := ParseMeasure(s)
	if err != nil {
		return "", err
	}
	switch {
	case len(m.Cutoffs) == 1:
		return m.Name + "_" + strconv.Itoa(m.Cutoffs[0]), nil
	case len(m.Cutoffs) > 1 || m.Name == pName || m.Name == ndcgCutName:
		return "", fmt.Errorf("%w: %s names no single value (give one cutoff, as in %s.5)", ErrUnknownMeasure, quote.Q(s), m.Name)
	}
	return m.Name, nil
}

// checkCutoffs returns the cutoffs sorted, or an error if one is not
// positive or one repeats.
func checkCutoffs(c []int) ([]int, error) {
	c = slices.Clone(c)
	slices.Sort(c)
	if len(c) == 0 || c[0] <= 0 {
		return nil, fmt.Errorf("%w: cutoffs must be positive", ErrUnknownMeasure)
	}
	for i := 1; i < len(c); i++ {
		if c[i] == c[i-1] {
			return nil, fmt.Errorf("%w: duplicate cutoff %d", ErrUnknownMeasure, c[i])
		}
	}
	return c, nil
}

// String returns the measure in trec_eval's -m syntax.
func (m Measure) String() string {
	if len(m.Cutoffs) == 0 {
		return m.Name
	}
	parts := make([]string, len(m.Cutoffs))
	for i, k := range m.Cutoffs {
		parts[i] = strconv.Itoa(k)
	}
	return m.Name + "." + strings.Join(parts, ",")
}

// Options configures Evaluate. The zero value computes all six measures,
// with trec_eval's default cutoffs, averaged over the topics the run
// answers.
type Options struct {
	// Measures to compute. Nil means all six measures with default
	// cutoffs. A measure named twice is computed once; as in trec_eval,
	// the first mention that gives cutoffs sets them.
	Measures []Measure
	// Complete averages over every judged topic (trec_eval -c). A judged
	// topic missing from the run scores 0 and is reported.
	Complete bool
	// JudgedOnly drops unjudged and negatively labelled documents from each
	// ranking before cutting (trec_eval -J).
	JudgedOnly bool
	// ByRank ranks a topic's documents by the run's rank column, lowest
	// first (equal ranks as by score), instead of as trec_eval does: by
	// score, highest first, and equal scores by document id, highest first
	// (byte order), ignoring the rank column. Some official Touché runs
	// have scores that disagree with their ranks, and the organisers'
	// tables follow the ranks.
	ByRank bool
	// Pairs maps a run of sentence pairs (Touché 2022) or of single
	// sentences onto the args.me arguments they come from before scoring,
	// for judgments that rate arguments (Touché 2020 and 2021); the zero
	// Mapping scores the run's documents as they are. See Mapping.
	Pairs Mapping
}

// order says how Evaluate ranks the documents of a topic.
type order int8

const (
	// orderScore ranks documents by score, highest first, and equal
	// scores by document id, highest first (byte order): trec_eval's
	// order, which ignores the rank column.
	orderScore order = iota
	// orderRank ranks documents by the run's rank column, lowest first;
	// equal ranks fall back to orderScore.
	orderRank
)

// order returns the order the options rank documents in.
func (opt Options) order() order {
	if opt.ByRank {
		return orderRank
	}
	return orderScore
}

// compare orders two lines of one topic by o.
func (o order) compare(a, b *runfile.Line) int {
	return o.ranking()(ranked{a.Score, a.Rank, a.DocID}, ranked{b.Score, b.Rank, b.DocID})
}

// ranking returns the comparison of documents that o stands for.
func (o order) ranking() func(a, b ranked) int {
	if o == orderRank {
		return byRank
	}
	return byScore
}

// byScore orders documents as trec_eval does: score descending, then
// document id descending.
func byScore(a, b ranked) int {
	switch {
	case a.score > b.score:
		return -1
	case a.score < b.score:
		return 1
	}
	return strings.Compare(b.doc, a.doc)
}

// byRank orders documents by rank, then as byScore.
func byRank(a, b ranked) int {
	if a.rank != b.rank {
		return cmp.Compare(a.rank, b.rank)
	}
	return byScore(a, b)
}

// ranked is the part of a line the ranking needs, kept small for sorting.
type ranked struct {
	score float64
	rank  int
	doc   string
}

// plan is the resolved list of values to compute, in trec_eval order.
type plan struct {
	names                 []string // value names, e.g. "P_5"
	integer               []bool
	numRet, numRelRet     int // value index, or -1
	mapIdx, recip         int
	pAt, ndcgAt           int // index of the first cutoff value, or -1
	pCutoffs, ndcgCutoffs []int
}

func newPlan(ms []Measure) (*plan, error) {
	if ms == nil {
		for _, n := range measureOrder {
			ms = append(ms, Measure{Name: n})
		}
	}
	wanted := make(map[string]bool)
	cutoffs := make(map[string][]int)
	for _, m := range ms {
		if !slices.Contains(measureOrder[:], m.Name) {
			return nil, fmt.Errorf("%w %s", ErrUnknownMeasure, quote.Q(m.Name))
		}
		wanted[m.Name] = true
		if len(m.Cutoffs) == 0 {
			continue
		}
		if m.Name != pName && m.Name != ndcgCutName {
			return nil, fmt.Errorf("%w: %s takes no cutoffs", ErrUnknownMeasure, m.Name)
		}
		c, err := checkCutoffs(m.Cutoffs)
		if err != nil {
			return nil, err
		}
		if cutoffs[m.Name] == nil {
			cutoffs[m.Name] = c
		}
	}
	p := &plan{numRet: -1, numRelRet: -1, mapIdx: -1, recip: -1, pAt: -1, ndcgAt: -1}
	add := func(name string, integer bool) int {
		p.names = append(p.names, name)
		p.integer = append(p.integer, integer)
		return len(p.names) - 1
	}
	for _, n := range measureOrder {
		if !wanted[n] {
			continue
		}
		switch n {
		case numRetName:
			p.numRet = add(n, true)
		case numRelRetName:
			p.numRelRet = add(n, true)
		case mapName:
			p.mapIdx = add(n, false)
		case recipRankName:
			p.recip = add(n, false)
		case pName, ndcgCutName:
			c := cutoffs[n]
			if c == nil {
				c = defaultCutoffs()
			}
			first := len(p.names)
			for _, k := range c {
				add(n+"_"+strconv.Itoa(k), false)
			}
			if n == pName {
				p.pAt, p.pCutoffs = first, c
			} else {
				p.ndcgAt, p.ndcgCutoffs = first, c
			}
		}
	}
	return p, nil
}

// TopicScores holds one topic's values, aligned with Evaluation.Names.
type TopicScores struct {
	Topic  string
	Values []float64
}

// Evaluation is the result of Evaluate: per-topic values and their means,
// in trec_eval's order.
type Evaluation struct {
	// Names are the value names in trec_eval's order, e.g. "num_ret",
	// "P_5", "ndcg_cut_10".
	Names []string
	// Topics holds the evaluated topics in byte order of their ids. These
	// are exactly the topics the means are taken over.
	Topics []TopicScores
	// Means holds the mean of each value over Topics; for num_ret and
	// num_rel_ret it holds the sum, as trec_eval prints.
	Means []float64

	integer []bool
}

// index returns the position in Names of the value a measure names, or an
// error wrapping ErrUnknownMeasure.
func (e *Evaluation) index(measure string) (int, error) {
	name, err := valueName(measure)
	if err != nil {
		return -1, err
	}
	i := slices.Index(e.Names, name)
	if i < 0 {
		return -1, fmt.Errorf("%w: %s was not computed (computed: %s)", ErrUnknownMeasure, quote.Q(measure), strings.Join(e.Names, ", "))
	}
	return i, nil
}

// Mean returns the mean (or, for num_ret and num_rel_ret, the sum) of a
// value. The measure may be spelled as in Names ("ndcg_cut_5"), in
// trec_eval's -m syntax with one cutoff ("ndcg_cut.5") or as ir_measures
// names it ("nDCG@5"). A measure that is unknown, names no single value
// ("ndcg_cut") or was not computed is an error wrapping ErrUnknownMeasure.
func (e *Evaluation) Mean(measure string) (float64, error) {
	i, err := e.index(measure)
	if err != nil {
		return 0, err
	}
	return e.Means[i], nil
}

// PerTopic returns a value for every evaluated topic, in the order of
// Topics, e.g. to bootstrap a confidence interval or test significance. The
// measure is spelled as for Mean, and the same errors apply.
func (e *Evaluation) PerTopic(measure string) ([]float64, error) {
	i, err := e.index(measure)
	if err != nil {
		return nil, err
	}
	v := make([]float64, len(e.Topics))
	for t, ts := range e.Topics {
		v[t] = ts.Values[i]
	}
	return v, nil
}

// Evaluate scores a run against judgments with trec_eval 10.0 semantics
// (see the package documentation). It returns ErrNoTopics if no topic is
// evaluated, an error wrapping runfile.ErrDuplicate if a topic of the run
// lists a document twice, and one wrapping runfile.ErrScore for a NaN
// score. The run's lines are not modified. With opt.Pairs set, the run is
// first mapped onto arguments (see Mapping).
//
// A run none of whose documents the judgments know scores 0 on every
// measure by construction, which says nothing about the run: its ids are
// of another kind (sentence pairs scored with argument judgments without
// opt.Pairs, say) or of another corpus. Evaluate then returns the
// evaluation, all zeros as trec_eval prints it, together with an error
// wrapping ErrNothingJudged, so that the zeros are never taken for a score
// unnoticed; a caller that wants trec_eval's output all the same checks
// errors.Is(err, ErrNothingJudged).
func Evaluate(q *Qrels, run runfile.Run, opt Options) (*Evaluation, error) {
	p, err := newPlan(opt.Measures)
	if err != nil {
		return nil, err
	}
	if run, err = opt.mapped(run, q); err != nil {
		return nil, err
	}
	e := &Evaluation{Names: p.names, integer: p.integer, Means: make([]float64, len(p.names))}
	var w workspace
	judged := 0
	for _, topic := range q.order {
		results, ok := run[topic]
		if !ok && !opt.Complete {
			continue
		}
		values := make([]float64, len(p.names))
		n, err := w.score(p, q.topics[topic], results, opt, values)
		if err != nil {
			return nil, fmt.Errorf("eval: topic %s: %w", quote.Q(topic), err)
		}
		judged += n
		e.Topics = append(e.Topics, TopicScores{Topic: topic, Values: values})
		for i, v := range values {
			e.Means[i] += v
		}
	}
	if len(e.Topics) == 0 {
		return nil, ErrNoTopics
	}
	n := float64(len(e.Topics))
	for i := range e.Means {
		if !p.integer[i] {
			e.Means[i] /= n
		}
	}
	if judged == 0 {
		return e, nothingJudged(run, q, opt)
	}
	return e, nil
}

// nothingJudged returns the ErrNothingJudged error for a run scored with
// q, saying why nothing may be judged: a run of sentences or sentence pairs
// scored with judgments of arguments and no mapping, or a run mapped to
// arguments for judgments of sentence pairs.
func nothingJudged(run runfile.Run, q *Qrels, opt Options) error {
	why := "nothing of the run is judged: every value is 0 by construction"
	switch id := firstDocID(run); {
	case opt.Pairs == 0 && isSentenceOrPair(id) && !q.judgesPairs():
		why += fmt.Sprintf("; its documents, such as %s, are sentences or sentence pairs and the judgments rate arguments: map them to arguments (Options.Pairs; evaluate -pairs first or -pairs best)", quote.Q(id))
	case opt.Pairs != 0 && q.judgesPairs():
		why += "; the judgments rate sentence pairs, and Options.Pairs (evaluate -pairs) mapped the run to arguments: leave it out"
	}
	return nothingJudgedError(why)
}

// A nothingJudgedError says why nothing of a run is judged; it is
// ErrNothingJudged to errors.Is.
type nothingJudgedError string

func (e nothingJudgedError) Error() string        { return "eval: " + string(e) }
func (e nothingJudgedError) Is(target error) bool { return target == ErrNothingJudged }

// Relevance values of retrieved documents that are not plain labels, as in
// trec_eval.
const (
	relNotJudged = -1 // not in the qrels
	relNegative  = -2 // in the qrels with a negative label
)

// workspace holds buffers reused across topics.
type workspace struct {
	ranked []ranked
	rels   []int
	seen   map[string]struct{}
}

// rank checks a topic's lines and puts them into w.ranked in the order o
// gives.
func (w *workspace) rank(lines []runfile.Line, o order) error {
	if w.seen == nil {
		w.seen = make(map[string]struct{}, len(lines))
	}
	clear(w.seen)
	w.ranked = w.ranked[:0]
	for i := range lines {
		l := &lines[i]
		if _, dup := w.seen[l.DocID]; dup {
			return fmt.Errorf("document %s listed twice: %w", quote.Q(l.DocID), runfile.ErrDuplicate)
		}
		if math.IsNaN(l.Score) {
			return fmt.Errorf("document %s has a NaN score: %w", quote.Q(l.DocID), runfile.ErrScore)
		}
		w.seen[l.DocID] = struct{}{}
		w.ranked = append(w.ranked, ranked{l.Score, l.Rank, l.DocID})
	}
	slices.SortFunc(w.ranked, o.ranking())
	return nil
}

// score computes one topic's values into values, and returns the number
// of retrieved documents the topic's judgments know.
func (w *workspace) score(p *plan, t *topicQrels, lines []runfile.Line, opt Options, values []float64) (int, error) {
	if err := w.rank(lines, opt.order()); err != nil {
		return 0, err
	}
	w.rels = w.rels[:0]
	numRelRet, judgedRet := 0, 0
	for _, r := range w.ranked {
		label, judged := t.labels[r.doc]
		rel := label
		switch {
		case !judged:
			rel = relNotJudged
		case label < 0:
			rel = relNegative
		}
		if judged {
			judgedRet++
		}
		if opt.JudgedOnly && rel < 0 {
			continue
		}
		if rel >= relevanceLevel {
			numRelRet++
		}
		w.rels = append(w.rels, rel)
	}
	rels := w.rels
	if p.numRet >= 0 {
		values[p.numRet] = float64(len(rels))
	}
	if p.numRelRet >= 0 {
		values[p.numRelRet] = float64(numRelRet)
	}
	if p.mapIdx >= 0 {
		values[p.mapIdx] = averagePrecision(rels, t.numRel)
	}
	if p.recip >= 0 {
		values[p.recip] = reciprocalRank(rels)
	}
	if p.pAt >= 0 {
		precisionAt(rels, p.pCutoffs, values[p.pAt:p.pAt+len(p.pCutoffs)])
	}
	if p.ndcgAt >= 0 {
		ndcgAt(rels, t.ideal, p.ndcgCutoffs, values[p.ndcgAt:p.ndcgAt+len(p.ndcgCutoffs)])
	}
	return judgedRet, nil
}

// averagePrecision is trec_eval's map for one topic: the sum of the
// precision at each relevant retrieved document, divided by the number of
// relevant judged documents.
func averagePrecision(rels []int, numRel int) float64 {
	sum, found := 0.0, 0
	for i, rel := range rels {
		if rel >= relevanceLevel {
			found++
			sum += float64(found) / float64(i+1)
		}
	}
	if found == 0 {
		return 0
	}
	return sum / float64(numRel)
}

// reciprocalRank is 1/rank of the first relevant document, or 0.
func reciprocalRank(rels []int) float64 {
	for i, rel := range rels {
		if rel >= relevanceLevel {
			return 1 / float64(i+1)
		}
	}
	return 0
}

// precisionAt stores, for each cutoff k, the relevant documents among the
// first k divided by k (also when fewer than k were retrieved).
func precisionAt(rels []int, cutoffs []int, out []float64) {
	found, i := 0, 0
	for c, k := range cutoffs {
		for ; i < k && i < len(rels); i++ {
			if rels[i] >= relevanceLevel {
				found++
			}
		}
		out[c] = float64(found) / float64(k)
	}
}

// ndcgAt stores nDCG at each cutoff: DCG of the ranking over DCG of the
// ideal ranking, both cut at k; gain is the label, the discount
// log2(rank+1). It sums in rank order, as trec_eval does, so the floating
// point results agree. Gains are integer labels, or for Estimate.NDCG
// real-valued estimates (integer ones give the same result either way).
func ndcgAt[G int | float64](rels, ideal []G, cutoffs []int, out []float64) {
	dcg, i := 0.0, 0
	idcg, j := 0.0, 0
	for c, k := range cutoffs {
		for ; i < k && i < len(rels); i++ {
			if rels[i] > 0 {
				dcg += float64(rels[i]) / math.Log2(float64(i+2))
			}
		}
		for ; j < k && j < len(ideal); j++ {
			idcg += float64(ideal[j]) / math.Log2(float64(j+2))
		}
		if idcg > 0 {
			out[c] = dcg / idcg
		} else {
			out[c] = dcg
		}
	}
}
