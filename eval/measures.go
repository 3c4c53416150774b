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

// Measure is a measure to compute, usually from ParseMeasure. Name is one
// of trec_eval 10.0's measure names (map, P, ndcg_cut, bpref, infAP, unj,
// ...; see the package documentation for the list), or one of its names
// for a set of measures: official (trec_eval's default), all_trec or set.
//
// Cutoffs are the cutoffs of the measures that take integer cutoffs (P,
// recall, ndcg_cut, map_cut, relative_P, success, unj); nil means
// trec_eval's defaults. Params is the parameter text, as after the '.' in
// trec_eval's -m syntax, of the measures that take other parameters: real
// cutoffs (iprec_at_recall ".1,.5", Rprec_mult), real parameters (utility
// "1,-1,0,0", 11pt_avg, set_F, relstring) or gains (ndcg, ndcg_rel, Rndcg,
// G, rbp, rbp_resid, dcg, ideal_dcg: "1=3,2=9" gives label 1 gain 3 and
// label 2 gain 9; rbp's persistence is "p=0.8"). "" means trec_eval's
// defaults.
type Measure struct {
	Name    string
	Cutoffs []int
	Params  string
}

// ParseMeasure parses a measure in trec_eval's -m syntax ("map",
// "P.5,10", "ndcg_cut.5,10,1000", "iprec_at_recall.0.1,0.5",
// "ndcg.1=3,2=9", "all_trec") or as ir_measures names it ("nDCG@5",
// "P@10", "R@10", "AP", "RR", "Bpref"). As in trec_eval, integer cutoffs are
// read as C's atol reads them (23.4 is 23); they must be positive and
// distinct, and are computed (and named) in increasing order.
func ParseMeasure(s string) (Measure, error) {
	if m, ok := irMeasure(s); ok {
		return m, nil
	}
	name, text, hasParams := strings.Cut(s, ".")
	if _, ok := nicknames[name]; ok {
		if hasParams {
			return Measure{}, fmt.Errorf("%w: %s names a set of measures and takes no parameters (%s)", errUnknownMeasure, name, quote.Q(s))
		}
		return Measure{Name: name}, nil
	}
	d := lookupDef(name)
	if d < 0 {
		return Measure{}, fmt.Errorf("%w %s", errUnknownMeasure, quote.Q(s))
	}
	m := Measure{Name: name}
	if !hasParams {
		return m, nil
	}
	if measureDefs[d].params == intCutoffs {
		for p := range strings.SplitSeq(text, ",") {
			m.Cutoffs = append(m.Cutoffs, atoi(p))
		}
	} else {
		m.Params = text
	}
	if _, err := resolveParams(d, m); err != nil {
		return Measure{}, fmt.Errorf("%w (%s)", err, quote.Q(s))
	}
	return m, nil
}

// irMeasure parses the ir_measures names of trec_eval's measures: nDCG@k,
// P@k, R@k, AP, RR and Bpref.
func irMeasure(s string) (Measure, bool) {
	switch s {
	case "AP":
		return Measure{Name: "map"}, true
	case "RR":
		return Measure{Name: "recip_rank"}, true
	case "Bpref":
		return Measure{Name: "bpref"}, true
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
		return Measure{Name: "ndcg_cut", Cutoffs: []int{k}}, true
	case "P":
		return Measure{Name: "P", Cutoffs: []int{k}}, true
	case "R":
		return Measure{Name: "recall", Cutoffs: []int{k}}, true
	}
	return Measure{}, false
}

// resolveParams checks a measure's parameters against the measure
// measureDefs[d], and returns them resolved (the defaults when none are
// given).
func resolveParams(d int, m Measure) (*params, error) {
	def := &measureDefs[d]
	if def.params != intCutoffs && m.Cutoffs != nil {
		return nil, fmt.Errorf("%w: %s takes no integer cutoffs", errUnknownMeasure, def.name)
	}
	if def.params == noParams && m.Params != "" {
		return nil, fmt.Errorf("%w: %s takes no parameters", errUnknownMeasure, def.name)
	}
	if def.params == intCutoffs {
		if m.Params != "" {
			return nil, fmt.Errorf("%w: give the cutoffs of %s as Cutoffs", errUnknownMeasure, def.name)
		}
		c := m.Cutoffs
		if c == nil {
			for p := range strings.SplitSeq(def.defaults, ",") {
				c = append(c, atoi(p))
			}
		}
		c, err := checkCutoffs(c)
		if err != nil {
			return nil, err
		}
		return &params{ints: c}, nil
	}
	text := m.Params
	p := &params{text: text}
	if text == "" {
		text = def.defaults
	}
	if text == "" {
		return p, nil // gains: the labels themselves
	}
	switch def.params {
	case floatCutoffs, floatParams:
		for f := range strings.SplitSeq(text, ",") {
			p.floats = append(p.floats, atof(f))
		}
		if def.params == floatCutoffs {
			slices.Sort(p.floats)
			for i := 1; i < len(p.floats); i++ {
				if p.floats[i] == p.floats[i-1] {
					return nil, fmt.Errorf("%w: duplicate cutoff %g", errUnknownMeasure, p.floats[i])
				}
			}
		}
		if def.name == "utility" && len(p.floats) != 4 {
			return nil, fmt.Errorf("%w: utility takes 4 coefficients, not %d", errUnknownMeasure, len(p.floats))
		}
	case gainParams:
		// As trec_eval: comma-separated level=gain pairs, each with one '='.
		for pair := range strings.SplitSeq(text, ",") {
			level, gain, ok := strings.Cut(pair, "=")
			if !ok || strings.Contains(gain, "=") {
				return nil, fmt.Errorf("%w: %s: want level=gain pairs such as 1=3,2=9", errUnknownMeasure, quote.Q(text))
			}
			p.gains = append(p.gains, gainPair{level: level, gain: atof(gain)})
		}
	}
	return p, nil
}

// checkCutoffs returns the cutoffs sorted, or an error if one is not
// positive or one repeats.
func checkCutoffs(c []int) ([]int, error) {
	c = slices.Clone(c)
	slices.Sort(c)
	if len(c) == 0 || c[0] <= 0 {
		return nil, fmt.Errorf("%w: cutoffs must be positive", errUnknownMeasure)
	}
	for i := 1; i < len(c); i++ {
		if c[i] == c[i-1] {
			return nil, fmt.Errorf("%w: duplicate cutoff %d", errUnknownMeasure, c[i])
		}
	}
	return c, nil
}

// String returns the measure in trec_eval's -m syntax.
func (m Measure) String() string {
	switch {
	case len(m.Cutoffs) > 0:
		parts := make([]string, len(m.Cutoffs))
		for i, k := range m.Cutoffs {
			parts[i] = strconv.Itoa(k)
		}
		return m.Name + "." + strings.Join(parts, ",")
	case m.Params != "":
		return m.Name + "." + m.Params
	}
	return m.Name
}

// valueNames returns the names of the values a measure gives, as
// Evaluation.Names spells them.
func valueNames(d int, p *params) []string {
	def := &measureDefs[d]
	switch def.params {
	case intCutoffs:
		names := make([]string, len(p.ints))
		for i, k := range p.ints {
			names[i] = def.name + "_" + strconv.Itoa(k)
		}
		return names
	case floatCutoffs:
		names := make([]string, len(p.floats))
		for i, f := range p.floats {
			names[i] = def.name + "_" + cFloat(f, 3, 2)
		}
		return names
	case floatParams, gainParams:
		if p.text != "" {
			return []string{def.name + "_" + p.text}
		}
	}
	return []string{def.name}
}

// valueName returns the name under which an Evaluation holds the value a
// measure names: "ndcg_cut_5" for "ndcg_cut.5" or "nDCG@5", "map" for
// "map" or "AP".
func valueName(s string) (string, error) {
	m, err := ParseMeasure(s)
	if err != nil {
		return "", err
	}
	if _, ok := nicknames[m.Name]; ok {
		return "", fmt.Errorf("%w: %s names a set of measures, not one value", errUnknownMeasure, quote.Q(s))
	}
	d := lookupDef(m.Name)
	p, err := resolveParams(d, m)
	if err != nil {
		return "", err
	}
	names := valueNames(d, p)
	if len(names) != 1 || measureDefs[d].text {
		return "", fmt.Errorf("%w: %s names no single value (give one cutoff, as in %s.5)", errUnknownMeasure, quote.Q(s), m.Name)
	}
	return names[0], nil
}

// Options configures Evaluate. The zero value computes num_ret,
// num_rel_ret, map, recip_rank, P and ndcg_cut with trec_eval's default
// cutoffs, averaged over the topics the run answers.
type Options struct {
	// Measures to compute. Nil means num_ret, num_rel_ret, map,
	// recip_rank, P and ndcg_cut with default cutoffs (trec_eval's own
	// default, without -m, is the set named official). A measure named
	// twice is computed once; as in trec_eval, the first mention that
	// gives parameters sets them.
	Measures []Measure
	// Complete averages over every judged topic (trec_eval -c). A judged
	// topic missing from the run is scored as trec_eval scores it: as a
	// ranking of one unjudged document that is then not counted (num_ret
	// 0), which gives 0 on every measure but num_rel (and a few, such as
	// gm_map, whose 0 is not 0).
	Complete bool
	// JudgedOnly drops unjudged and negatively labelled documents from each
	// ranking before cutting (trec_eval -J).
	JudgedOnly bool
	// MaxRetrieved, if positive, keeps only the first MaxRetrieved
	// documents of each ranking (trec_eval -M).
	MaxRetrieved int
	// RelevanceLevel is the least label of a relevant document (trec_eval
	// -l); 0 means trec_eval's default, 1. It does not change the gains
	// of the nDCG measures, which are the labels.
	RelevanceLevel int
	// ZScores, if set, replaces each topic's values by their z-scores
	// (trec_eval -Z) before they are averaged: see ZScores.
	ZScores *ZScores
	// RunID is what the runid measure prints; "" means the tag of the
	// run's first line (trec_eval prints the tag of the file's last line).
	RunID string
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

// level returns the relevance level the options ask for.
func (opt Options) level() int {
	if opt.RelevanceLevel == 0 {
		return 1
	}
	return opt.RelevanceLevel
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

// plannedMeasure is a measure to compute, with its parameters and the
// place of its values.
type plannedMeasure struct {
	def   *measureDef
	p     *params
	names []string // its values' names
	first int      // index of its first value in Evaluation.Names; -1 for text
	n     int      // number of values
}

// sharedGains are the measures whose parameters trec_eval keeps in one
// shared variable (m_ndcg.c): the gains one of them is given apply to all
// three, and each is named after the last gains given to it or to one
// before it in measureDefs order.
var sharedGains = []string{"dcg", "ideal_dcg", "ndcg"}

// plan resolves the measures asked for into measureDefs order.
func plan(ms []Measure) ([]plannedMeasure, error) {
	if ms == nil {
		for _, n := range []string{"num_ret", "num_rel_ret", "map", "recip_rank", "P", "ndcg_cut"} {
			ms = append(ms, Measure{Name: n})
		}
	}
	wanted := make([]*Measure, len(measureDefs))
	for i := range ms {
		m := &ms[i]
		if names, ok := nicknames[m.Name]; ok {
			if m.Cutoffs != nil || m.Params != "" {
				return nil, fmt.Errorf("%w: %s names a set of measures and takes no parameters", errUnknownMeasure, m.Name)
			}
			for _, n := range names {
				d := lookupDef(n)
				if wanted[d] == nil {
					wanted[d] = &Measure{Name: n}
				}
			}
			continue
		}
		d := lookupDef(m.Name)
		if d < 0 {
			return nil, fmt.Errorf("%w %s", errUnknownMeasure, quote.Q(m.Name))
		}
		if _, err := resolveParams(d, *m); err != nil {
			return nil, err
		}
		if wanted[d] == nil || wanted[d].Cutoffs == nil && wanted[d].Params == "" {
			wanted[d] = m
		}
	}
	var out []plannedMeasure
	var shared *params // the gains of sharedGains, as each is initialized
	for d, m := range wanted {
		if m == nil {
			continue
		}
		p, err := resolveParams(d, *m)
		if err != nil {
			return nil, err
		}
		pm := plannedMeasure{def: &measureDefs[d], p: p, first: -1}
		if slices.Contains(sharedGains, pm.def.name) {
			if p.text != "" || shared == nil {
				shared = p
			}
			pm.names = valueNames(d, shared)
		} else {
			pm.names = valueNames(d, p)
		}
		out = append(out, pm)
	}
	values := 0
	for i := range out {
		pm := &out[i]
		if slices.Contains(sharedGains, pm.def.name) {
			pm.p = shared
		}
		if !pm.def.text {
			pm.first, pm.n = values, len(pm.names)
			values += pm.n
		}
	}
	return out, nil
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
	// "P_5", "ndcg_cut_10", "iprec_at_recall_0.10". The string-valued
	// measures runid and relstring have no value here; WriteTrecEval
	// prints them.
	Names []string
	// Topics holds the evaluated topics in byte order of their ids. These
	// are exactly the topics the means are taken over.
	Topics []TopicScores
	// Means holds the "all" value of each value, as trec_eval prints it:
	// the mean over Topics; for num_ret, num_rel, num_rel_ret and
	// num_nonrel_judged_ret the sum; for num_q the number of topics; for
	// gm_map and gm_bpref the geometric mean (their per-topic values are
	// the logarithms trec_eval averages).
	Means []float64

	measures   []plannedMeasure
	relstrings []string // the relstring measure's string for each topic
	runID      string
	zscores    bool
}

// index returns the position in Names of the value a measure names, or an
// error wrapping errUnknownMeasure.
func (e *Evaluation) index(measure string) (int, error) {
	if i := slices.Index(e.Names, measure); i >= 0 {
		return i, nil
	}
	name, err := valueName(measure)
	if err != nil {
		return -1, err
	}
	i := slices.Index(e.Names, name)
	if i < 0 {
		return -1, fmt.Errorf("%w: %s was not computed (computed: %s)", errUnknownMeasure, quote.Q(measure), strings.Join(e.Names, ", "))
	}
	return i, nil
}

// Mean returns the "all" value of a value, as in Means: the mean, or the
// sum for the counts num_ret, num_rel, num_rel_ret and
// num_nonrel_judged_ret. The measure may be spelled as in Names
// ("ndcg_cut_5"), in trec_eval's -m syntax with one cutoff ("ndcg_cut.5")
// or as ir_measures names it ("nDCG@5"). A measure that is unknown, names
// no single value ("ndcg_cut") or was not computed is an error that says
// which ("eval: unknown measure or cutoff: ...").
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

// missingDoc is the one document of the ranking trec_eval scores for a
// judged topic the run misses (with Complete).
const missingDoc = "ceci_nest_pas_un_docno"

// Evaluate scores a run against judgments with trec_eval 10.0 semantics
// (see the package documentation). It returns ErrNoTopics if no topic is
// evaluated (its message says "the run is empty" for a run without a
// line, unless opt.Complete), an error wrapping runfile.ErrDuplicate if a topic of the run
// lists a document twice (among its first opt.MaxRetrieved, as trec_eval
// checks), and one wrapping runfile.ErrScore for a NaN score. The run's
// lines are not modified. With opt.Pairs set, the run is first mapped onto
// arguments (see Mapping).
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
	if q == nil {
		return nil, errNilQrels
	}
	ms, err := plan(opt.Measures)
	if err != nil {
		return nil, err
	}
	if runLines(run) == 0 && !opt.Complete {
		return nil, errEmptyRun
	}
	if run, err = opt.mapped(run, q); err != nil {
		return nil, err
	}
	e := &Evaluation{measures: ms, runID: opt.RunID, zscores: opt.ZScores != nil}
	for _, m := range ms {
		if m.first >= 0 {
			e.Names = append(e.Names, m.names...)
		}
	}
	if e.runID == "" {
		e.runID = runTag(run)
	}
	e.Means = make([]float64, len(e.Names))
	var w workspace
	judged := 0
	missing := []runfile.Line{{DocID: missingDoc, Score: 1, Rank: 1}}
	// As trec_eval, look at the ranking (and report its duplicates) only
	// for a measure that needs it.
	ranking := slices.ContainsFunc(ms, func(m plannedMeasure) bool { return m.def.name != "runid" && m.def.name != "num_q" })
	for _, topic := range q.order {
		lines, ok := run[topic]
		if !ok {
			if !opt.Complete {
				continue
			}
			lines = missing
		}
		ts := TopicScores{Topic: topic, Values: make([]float64, len(e.Names))}
		n, relstring := 0, ""
		if ranking {
			n, relstring, err = w.score(ms, q.topics[topic], lines, opt, ts.Values)
			if err != nil {
				return nil, fmt.Errorf("eval: topic %s: %w", quote.Q(topic), err)
			}
		} else if len(ts.Values) > 0 {
			ts.Values[0] = 1 // num_q
			n = 1
		}
		if !ok {
			relstring = e.patchMissing(ts.Values, relstring)
		} else {
			judged += n
		}
		if opt.ZScores != nil {
			opt.ZScores.convert(topic, e.Names, ts.Values)
		}
		e.Topics = append(e.Topics, ts)
		e.relstrings = append(e.relstrings, relstring)
		for i, v := range ts.Values {
			e.Means[i] += v
		}
	}
	if len(e.Topics) == 0 {
		return nil, ErrNoTopics
	}
	e.summarize(q, opt)
	if judged == 0 {
		return e, nothingJudged(run, q, opt)
	}
	return e, nil
}

// patchMissing sets the values trec_eval resets for a topic the run
// misses: num_ret, utility (with default parameters), unj, rbp_resid
// (with default parameters) and relstring (with default parameters). It
// returns the topic's relstring.
func (e *Evaluation) patchMissing(values []float64, relstring string) string {
	for i, name := range e.Names {
		if name == "num_ret" || name == "utility" || name == "rbp_resid" || strings.HasPrefix(name, "unj") {
			values[i] = 0
		}
	}
	for _, m := range e.measures {
		if m.def.name == "relstring" && m.p.text == "" {
			relstring = ""
		}
	}
	return relstring
}

// summarize turns the sums in e.Means into trec_eval's "all" values.
func (e *Evaluation) summarize(q *Qrels, opt Options) {
	n := float64(len(e.Topics))
	for _, m := range e.measures {
		for i := m.first; i >= 0 && i < m.first+m.n; i++ {
			switch m.def.summary {
			case sumMean:
				e.Means[i] /= n
			case sumGeo:
				e.Means[i] = expC(e.Means[i] / n)
			case sumCount:
				e.Means[i] = n
			case sumNumRel:
				if opt.Complete {
					e.Means[i] = float64(q.numPositive())
				}
			}
		}
	}
}

// runTag returns the tag of the first line of a run's first topic (in
// topic order (numeric ids first)), or "".
func runTag(run runfile.Run) string {
	for _, t := range run.Topics() {
		if len(run[t]) > 0 {
			return run[t][0].Tag
		}
	}
	return ""
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
	logs   logs
}

// rank checks a topic's lines and puts them into w.ranked in the order o
// gives.
func (w *workspace) rank(lines []runfile.Line, o order) error {
	if err := w.sort(lines, o); err != nil {
		return err
	}
	return w.checkDuplicates()
}

// sort puts a topic's lines into w.ranked in the order o gives, or returns
// an error for a NaN score.
func (w *workspace) sort(lines []runfile.Line, o order) error {
	w.ranked = w.ranked[:0]
	for i := range lines {
		l := &lines[i]
		if math.IsNaN(l.Score) {
			return fmt.Errorf("document %s has a NaN score: %w", quote.Q(l.DocID), runfile.ErrScore)
		}
		w.ranked = append(w.ranked, ranked{l.Score, l.Rank, l.DocID})
	}
	slices.SortFunc(w.ranked, o.ranking())
	return nil
}

// checkDuplicates returns an error if w.ranked lists a document twice.
func (w *workspace) checkDuplicates() error {
	if w.seen == nil {
		w.seen = make(map[string]struct{}, len(w.ranked))
	}
	clear(w.seen)
	for _, r := range w.ranked {
		if _, dup := w.seen[r.doc]; dup {
			return fmt.Errorf("document %s listed twice: %w", quote.Q(r.doc), runfile.ErrDuplicate)
		}
		w.seen[r.doc] = struct{}{}
	}
	return nil
}

// score computes one topic's values into values, and returns the number
// of retrieved documents the topic's judgments know and the topic's
// relstring.
func (w *workspace) score(ms []plannedMeasure, t *topicQrels, lines []runfile.Line, opt Options, values []float64) (int, string, error) {
	if err := w.sort(lines, opt.order()); err != nil {
		return 0, "", err
	}
	if opt.MaxRetrieved > 0 && len(w.ranked) > opt.MaxRetrieved {
		w.ranked = w.ranked[:opt.MaxRetrieved]
	}
	if err := w.checkDuplicates(); err != nil {
		return 0, "", err
	}
	r := topicResult{level: opt.level(), levels: t.levels, numRel: t.numRelAt(opt.level()), logs: &w.logs}
	w.rels = w.rels[:0]
	judgedRet := 0
	for _, d := range w.ranked {
		label, judged := t.labels[d.doc]
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
		switch {
		case rel == relNotJudged:
			r.numNonpool++
		case rel == relNegative:
			r.numUnjudged++
		case rel >= r.level:
			r.numRelRet++
		}
		w.rels = append(w.rels, rel)
	}
	r.rels = w.rels
	relstring := ""
	for _, m := range ms {
		switch {
		case m.def.name == "relstring":
			relstring = relString(&r, int(m.p.floats[0]))
		case m.def.calc != nil:
			m.def.calc(&r, m.p, values[m.first:m.first+m.n])
		}
	}
	return judgedRet, relstring, nil
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

// runLines returns the number of lines of run.
func runLines(run runfile.Run) int {
	n := 0
	for _, lines := range run {
		n += len(lines)
	}
	return n
}
