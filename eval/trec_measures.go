package eval

import (
	"math"
	"strconv"
	"strings"
)

// This file holds trec_eval 10.0's measures over TREC qrels and runs (all
// but the preference measures), written from their definitions in
// trec_eval's m_*.c files. Each measure is computed from a topicResult:
// the relevance of each retrieved document in rank order, and counts of
// the topic's judgments.

// paramKind says what parameters a measure takes after its name in the -m
// syntax ("P.5,10", "utility.1,-1,0,0", "ndcg.1=3,2=9").
type paramKind int8

const (
	noParams     paramKind = iota
	intCutoffs             // integer cutoffs, one value each, named name_k (atol, sorted)
	floatCutoffs           // real cutoffs, one value each, named name_%3.2f (atof, sorted)
	floatParams            // real parameters, one value named name_params
	gainParams             // "level=gain" pairs, one value named name_params
)

// summary says how a measure's per-topic values become its "all" value.
type summary int8

const (
	sumMean   summary = iota // arithmetic mean
	sumTotal                 // sum, printed as an integer
	sumGeo                   // exp of the mean (the per-topic values are logs)
	sumCount                 // the number of topics
	sumNumRel                // sum; with Complete, every positive judgment of the qrels
	sumNone                  // no summary (relstring)
)

// measureDef is one of trec_eval's measures.
type measureDef struct {
	name     string
	params   paramKind
	defaults string  // the default parameters, in -m syntax
	summary  summary // also says whether values print as integers
	perTopic bool    // printed for each topic with -q
	text     bool    // a string, not a number: runid, relstring
	calc     func(r *topicResult, p *params, out []float64)
}

// measureDefs lists the measures in trec_eval's order, the order in which
// it computes and prints them whatever order they were asked for in.
var measureDefs = [...]measureDef{
	{name: "runid", summary: sumNone, text: true},
	{name: "num_q", summary: sumCount, calc: func(_ *topicResult, _ *params, out []float64) { out[0] = 1 }},
	{name: "num_ret", summary: sumTotal, perTopic: true, calc: func(r *topicResult, _ *params, out []float64) { out[0] = float64(r.numRet()) }},
	{name: "num_rel", summary: sumNumRel, perTopic: true, calc: func(r *topicResult, _ *params, out []float64) { out[0] = float64(r.numRel) }},
	{name: "num_rel_ret", summary: sumTotal, perTopic: true, calc: func(r *topicResult, _ *params, out []float64) { out[0] = float64(r.numRelRet) }},
	{name: "map", perTopic: true, calc: calcMAP},
	{name: "gm_map", summary: sumGeo, calc: func(r *topicResult, _ *params, out []float64) {
		out[0] = logC(max(averagePrecisionAt(r, len(r.rels)), minGeoMean))
	}},
	{name: "Rprec", perTopic: true, calc: calcRprec},
	{name: "bpref", perTopic: true, calc: func(r *topicResult, _ *params, out []float64) { out[0] = bpref(r) }},
	{name: "recip_rank", perTopic: true, calc: calcRecipRank},
	{name: "iprec_at_recall", params: floatCutoffs, defaults: "0,.1,.2,.3,.4,.5,.6,.7,.8,.9,1", perTopic: true, calc: calcIprecAtRecall},
	{name: "P", params: intCutoffs, defaults: "5,10,15,20,30,100,200,500,1000", perTopic: true, calc: calcP},
	{name: "relstring", params: floatParams, defaults: "10", summary: sumNone, perTopic: true, text: true},
	{name: "recall", params: intCutoffs, defaults: "5,10,15,20,30,100,200,500,1000", perTopic: true, calc: calcRecall},
	{name: "infAP", perTopic: true, calc: calcInfAP},
	{name: "gm_bpref", summary: sumGeo, calc: func(r *topicResult, _ *params, out []float64) { out[0] = logC(max(bpref(r), minGeoMean)) }},
	{name: "Rprec_mult", params: floatCutoffs, defaults: "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0", perTopic: true, calc: calcRprecMult},
	{name: "utility", params: floatParams, defaults: "1,-1,0,0", perTopic: true, calc: calcUtility},
	{name: "11pt_avg", params: floatParams, defaults: "0.0,.1,.2,.3,.4,.5,.6,.7,.8,.9,1.0", perTopic: true, calc: calc11ptAvg},
	{name: "binG", perTopic: true, calc: calcBinG},
	{name: "G", params: gainParams, perTopic: true, calc: calcG},
	{name: "dcg", params: gainParams, perTopic: true, calc: func(r *topicResult, p *params, out []float64) { out[0], _ = dcg(r, p) }},
	{name: "ideal_dcg", params: gainParams, perTopic: true, calc: func(r *topicResult, p *params, out []float64) { _, out[0] = dcg(r, p) }},
	{name: "ndcg", params: gainParams, perTopic: true, calc: func(r *topicResult, p *params, out []float64) {
		if d, ideal := dcg(r, p); ideal > 0 {
			out[0] = d / ideal
		}
	}},
	{name: "ndcg_rel", params: gainParams, perTopic: true, calc: calcNDCGRel},
	{name: "Rndcg", params: gainParams, perTopic: true, calc: calcRNDCG},
	{name: "ndcg_cut", params: intCutoffs, defaults: "5,10,15,20,30,100,200,500,1000", perTopic: true, calc: calcNDCGCut},
	{name: "map_cut", params: intCutoffs, defaults: "5,10,15,20,30,100,200,500,1000", perTopic: true, calc: calcMAPCut},
	{name: "relative_P", params: intCutoffs, defaults: "5,10,15,20,30,100,200,500,1000", perTopic: true, calc: calcRelativeP},
	{name: "success", params: intCutoffs, defaults: "1,5,10", perTopic: true, calc: calcSuccess},
	{name: "set_P", perTopic: true, calc: func(r *topicResult, _ *params, out []float64) {
		if n := r.numRet(); n > 0 {
			out[0] = float64(r.numRelRet) / float64(n)
		}
	}},
	{name: "set_relative_P", perTopic: true, calc: func(r *topicResult, _ *params, out []float64) {
		if n := r.numRet(); n > 0 && r.numRel > 0 {
			out[0] = float64(r.numRelRet) / float64(min(n, r.numRel))
		}
	}},
	{name: "set_recall", perTopic: true, calc: func(r *topicResult, _ *params, out []float64) {
		if r.numRel > 0 {
			out[0] = float64(r.numRelRet) / float64(r.numRel)
		}
	}},
	{name: "set_map", perTopic: true, calc: func(r *topicResult, _ *params, out []float64) {
		if n := r.numRet(); n > 0 && r.numRel > 0 {
			out[0] = float64(r.numRelRet) * float64(r.numRelRet) / (float64(n) * float64(r.numRel))
		}
	}},
	{name: "set_F", params: floatParams, defaults: "1.0", perTopic: true, calc: calcSetF},
	{name: "num_nonrel_judged_ret", summary: sumTotal, perTopic: true, calc: func(r *topicResult, _ *params, out []float64) {
		out[0] = float64(r.numRet() - r.numNonpool - r.numUnjudged - r.numRelRet)
	}},
	{name: "yaap", perTopic: true, calc: calcYAAP},
	{name: "rbp", params: gainParams, perTopic: true, calc: calcRBP},
	{name: "rbp_resid", params: gainParams, perTopic: true, calc: calcRBPResid},
	{name: "unj", params: intCutoffs, defaults: "5,10,20", perTopic: true, calc: calcUnjudged},
}

// nicknames are trec_eval's names for sets of measures. trec_eval's
// default, without -m, is "official".
var nicknames = map[string][]string{
	"official": {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
		"Rprec", "bpref", "recip_rank", "iprec_at_recall", "P"},
	"all_trec": {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map",
		"Rprec", "bpref", "recip_rank", "iprec_at_recall", "P", "relstring",
		"recall", "unj", "rbp", "rbp_resid", "infAP", "gm_bpref",
		"utility", "11pt_avg", "ndcg", "relative_P", "Rprec_mult", "success",
		"map_cut", "ndcg_cut", "ndcg_rel", "Rndcg", "binG", "G",
		"set_P", "set_recall", "set_relative_P", "set_map", "set_F",
		"num_nonrel_judged_ret"},
	"set": {"runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P",
		"set_recall", "set_relative_P", "set_map", "set_F"},
}

// Constants of trec_eval's measures.
const (
	minGeoMean   = 0.00001 // the least value gm_map and gm_bpref take the log of
	infAPEpsilon = 0.00001
)

// lookupDef returns the index in measureDefs of the measure named name, or
// -1.
func lookupDef(name string) int {
	for i := range measureDefs {
		if measureDefs[i].name == name {
			return i
		}
	}
	return -1
}

// params are a measure's parameters, resolved.
type params struct {
	text   string    // as given after the '.', or "" for the defaults
	ints   []int     // intCutoffs, sorted
	floats []float64 // floatCutoffs (sorted) and floatParams
	gains  []gainPair
}

// gainPair is one "level=gain" parameter.
type gainPair struct {
	level string
	gain  float64
}

// topicResult is what trec_eval's measures see of one topic: the ranked
// relevance list and counts from the judgments.
type topicResult struct {
	// rels holds each retrieved document's label in rank order:
	// relNotJudged (-1) for a document the qrels do not judge,
	// relNegative (-2) for one they give a negative label.
	rels        []int
	numRelRet   int   // retrieved documents with a label >= level
	numNonpool  int   // retrieved documents not judged (0 with JudgedOnly)
	numUnjudged int   // retrieved documents with a negative label (0 with JudgedOnly)
	numRel      int   // judged documents with a label >= level
	levels      []int // levels[l]: judged documents with label l, for l from 0 to the largest
	level       int   // the relevance level
	*logs             // the logarithms, cached
}

func (r *topicResult) numRet() int { return len(r.rels) }

// relevant reports whether the document at a rank is relevant.
func (r *topicResult) relevant(rank int) bool { return r.rels[rank] >= r.level }

// cutoffValues stores, for each cutoff k (sorted), f of the number of
// relevant documents among the first k (the retrieved ones, when fewer
// than k were retrieved).
func cutoffValues(r *topicResult, cutoffs []int, out []float64, f func(relSoFar, k int) float64) {
	relSoFar, i := 0, 0
	for c, k := range cutoffs {
		for ; i < k && i < len(r.rels); i++ {
			if r.relevant(i) {
				relSoFar++
			}
		}
		out[c] = f(relSoFar, k)
	}
}

func calcP(r *topicResult, p *params, out []float64) {
	cutoffValues(r, p.ints, out, func(rel, k int) float64 { return float64(rel) / float64(k) })
}

func calcRecall(r *topicResult, p *params, out []float64) {
	if r.numRel == 0 {
		return
	}
	cutoffValues(r, p.ints, out, func(rel, _ int) float64 { return float64(rel) / float64(r.numRel) })
}

func calcRelativeP(r *topicResult, p *params, out []float64) {
	if r.numRel == 0 {
		return
	}
	cutoffValues(r, p.ints, out, func(rel, k int) float64 { return float64(rel) / float64(min(k, r.numRel)) })
}

func calcSuccess(r *topicResult, p *params, out []float64) {
	cutoffValues(r, p.ints, out, func(rel, _ int) float64 {
		if rel > 0 {
			return 1
		}
		return 0
	})
}

func calcUnjudged(r *topicResult, p *params, out []float64) {
	unj, i := 0, 0
	for c, k := range p.ints {
		for ; i < k && i < len(r.rels); i++ {
			if r.rels[i] < 0 {
				unj++
			}
		}
		out[c] = float64(unj) / float64(k)
	}
}

// averagePrecisionAt returns the sum of the precisions at the relevant
// documents among the first n, over the number of relevant documents; 0
// when none is retrieved.
func averagePrecisionAt(r *topicResult, n int) float64 {
	sum, found := 0.0, 0
	for i := range min(n, len(r.rels)) {
		if r.relevant(i) {
			found++
			sum += float64(found) / float64(i+1)
		}
	}
	if found == 0 {
		return 0
	}
	return sum / float64(r.numRel)
}

func calcMAP(r *topicResult, _ *params, out []float64) { out[0] = averagePrecisionAt(r, len(r.rels)) }

func calcMAPCut(r *topicResult, p *params, out []float64) {
	if r.numRel == 0 {
		return
	}
	sum, found, i := 0.0, 0, 0
	for c, k := range p.ints {
		for ; i < k && i < len(r.rels); i++ {
			if r.relevant(i) {
				found++
				sum += float64(found) / float64(i+1)
			}
		}
		out[c] = sum / float64(r.numRel)
	}
}

func calcYAAP(r *topicResult, _ *params, out []float64) {
	sum, found := 0.0, 0
	for i := range r.rels {
		if r.relevant(i) {
			found++
			sum += float64(found) / float64(i+1)
		}
	}
	out[0] = logC((1 + sum) / (1 + float64(r.numRel) - sum))
}

func calcRprec(r *topicResult, _ *params, out []float64) {
	n := min(len(r.rels), r.numRel)
	if n == 0 {
		return
	}
	found := 0
	for i := range n {
		if r.relevant(i) {
			found++
		}
	}
	out[0] = float64(found) / float64(r.numRel)
}

func calcRecipRank(r *topicResult, _ *params, out []float64) {
	for i := range r.rels {
		if r.relevant(i) {
			out[0] = 1 / float64(i+1)
			return
		}
	}
}

// bpref is trec_eval's bpref: for each relevant retrieved document, one
// less the share of judged nonrelevant documents above it (at most R, of
// min(R, judged nonrelevant)), summed and divided by R. Unjudged documents
// are skipped.
func bpref(r *topicResult) float64 {
	numNonrel := 0
	for l := 0; l < r.level && l < len(r.levels); l++ {
		numNonrel += r.levels[l]
	}
	sum, nonrel := 0.0, 0
	for _, rel := range r.rels {
		switch {
		case rel < 0:
			continue
		case rel < r.level:
			nonrel++
		case nonrel > 0:
			sum += 1 - float64(min(nonrel, r.numRel))/float64(min(numNonrel, r.numRel))
		default:
			sum++
		}
	}
	if r.numRel > 0 {
		sum /= float64(r.numRel)
	}
	return sum
}

// calcInfAP is inferred AP (Yilmaz and Aslam): documents outside the pool
// are skipped, pooled but unjudged ones (negative labels) count in the
// expected precision above each relevant document.
func calcInfAP(r *topicResult, _ *params, out []float64) {
	sum := 0.0
	rel, nonrel, unjudged := 0, 0, 0
	for j, l := range r.rels {
		switch {
		case l == relNotJudged:
			continue
		case l == relNegative:
			unjudged++
			continue
		case l >= 0 && l < r.level:
			nonrel++
			continue
		}
		rel++
		if j == 0 {
			sum++
			continue
		}
		fj := float64(j)
		sum += 1/(fj+1) + (fj/(fj+1))*(float64(rel-1+nonrel+unjudged)/fj)*
			((float64(rel-1)+infAPEpsilon)/(float64(rel-1+nonrel)+2*infAPEpsilon))
	}
	if r.numRel > 0 {
		sum /= float64(r.numRel)
	}
	out[0] = sum
}

// interpolated walks the ranking from the bottom and calls at(relSoFar,
// precision) at each relevant document, with the interpolated precision
// (the best precision at or below the rank), for relSoFar from
// numRelRet down to 1. It returns the interpolated precision at the top.
func interpolated(r *topicResult, at func(relSoFar int, iprec float64)) float64 {
	iprec := float64(r.numRelRet) / float64(len(r.rels))
	relSoFar := r.numRelRet
	for i := len(r.rels); i > 0 && relSoFar > 0; i-- {
		if p := float64(relSoFar) / float64(i); iprec < p {
			iprec = p
		}
		if r.relevant(i - 1) {
			at(relSoFar, iprec)
			relSoFar--
		}
	}
	return iprec
}

// recallCutoffs converts recall levels into numbers of relevant documents
// (rounded half away from zero, as C's lround), and returns the index of
// the last one not above numRelRet.
func recallCutoffs(r *topicResult, levels []float64) ([]int, int) {
	cuts := make([]int, len(levels))
	for i, l := range levels {
		cuts[i] = int(math.Round(l * float64(r.numRel)))
	}
	cur := len(cuts) - 1
	for cur >= 0 && cuts[cur] > r.numRelRet {
		cur--
	}
	return cuts, cur
}

func calcIprecAtRecall(r *topicResult, p *params, out []float64) {
	cuts, cur := recallCutoffs(r, p.floats)
	top := interpolated(r, func(relSoFar int, iprec float64) {
		for cur >= 0 && relSoFar == cuts[cur] {
			out[cur] = iprec
			cur--
		}
	})
	for ; cur >= 0; cur-- {
		out[cur] = top
	}
}

func calc11ptAvg(r *topicResult, p *params, out []float64) {
	cuts, cur := recallCutoffs(r, p.floats)
	sum := 0.0
	top := interpolated(r, func(relSoFar int, iprec float64) {
		for cur >= 0 && relSoFar == cuts[cur] {
			sum += iprec
			cur--
		}
	})
	for ; cur >= 0; cur-- {
		sum += top
	}
	out[0] = sum / float64(len(p.floats))
}

func calcRprecMult(r *topicResult, p *params, out []float64) {
	cuts := make([]int, len(p.floats))
	for i, f := range p.floats {
		cuts[i] = int(f*float64(r.numRel) + 0.9)
	}
	cur := len(cuts) - 1
	for ; cur >= 0 && cuts[cur] > len(r.rels); cur-- {
		out[cur] = float64(r.numRelRet) / float64(cuts[cur])
	}
	relSoFar := r.numRelRet
	for i := len(r.rels); i > 0 && relSoFar > 0; i-- {
		prec := float64(relSoFar) / float64(i)
		for cur >= 0 && i == cuts[cur] {
			out[cur] = prec
			cur--
		}
		if r.relevant(i - 1) {
			relSoFar--
		}
	}
}

// calcUtility weighs the relevant retrieved, nonrelevant retrieved,
// relevant missed and nonrelevant missed documents. The last needs the
// size of the collection (trec_eval -N), which is taken to be 0, trec_eval's
// default.
func calcUtility(r *topicResult, p *params, out []float64) {
	c := p.floats
	rr, ret, rel := float64(r.numRelRet), float64(r.numRet()), float64(r.numRel)
	const collection = 0
	out[0] = c[0]*rr + c[1]*(ret-rr) + c[2]*(rel-rr) + c[3]*(collection+rr-ret-rel)
}

func calcSetF(r *topicResult, p *params, out []float64) {
	if r.numRelRet == 0 {
		return
	}
	prec := float64(r.numRelRet) / float64(r.numRet())
	rec := float64(r.numRelRet) / float64(r.numRel)
	x := p.floats[0]
	out[0] = (x + 1) * prec * rec / (x*prec + rec)
}

func calcBinG(r *topicResult, _ *params, out []float64) {
	sum, found := 0.0, 0
	for i := range r.rels {
		if r.relevant(i) {
			found++
			sum += 1 / r.log2(float64(3+i-found))
		}
	}
	if found > 0 {
		out[0] = sum / float64(r.numRel)
	}
}

// calcNDCGCut is ndcg_cut: the label is the gain (labels of 0 and below give
// none, whatever the relevance level), and the ideal ranking holds every
// judged document with a positive label. Its discounts are math.Log2's,
// as those of Estimate.NDCG and of the measure before it was one of many,
// so that nDCG@k agrees to the bit across the library; they differ from
// glibc's by an ulp at most, which no printed digit has shown.
func calcNDCGCut(r *topicResult, p *params, out []float64) {
	sum, i := 0.0, 0
	for c, k := range p.ints {
		for ; i < k && i < len(r.rels); i++ {
			if g := r.rels[i]; g > 0 {
				sum += float64(g) / math.Log2(float64(i+2))
			}
		}
		out[c] = sum
	}
	ideal, pos := 0.0, 0
	level, left := len(r.levels)-1, 0
	if level >= 0 {
		left = r.levels[level]
	}
	for c, k := range p.ints {
		for ; pos < k; pos++ {
			for level > 0 && left == 0 {
				level--
				left = r.levels[level]
			}
			if level <= 0 {
				break
			}
			left--
			ideal += float64(level) / math.Log2(float64(pos+2))
		}
		if ideal > 0 {
			out[c] /= ideal
		}
	}
}

// relGain is one relevance level's gain, and how many judged documents
// have the level.
type relGain struct {
	level int
	gain  float64
	count int
}

// gains is trec_eval's gain table: the gains of the level=gain parameters
// whose level is an integer, and each label from 0 to the largest judged
// one with its own value as gain unless a parameter gives it one, ordered
// by gain as trec_eval orders them (see sortGains).
type gains []relGain

func newGains(r *topicResult, p *params) gains {
	g := make(gains, 0, len(p.gains)+len(r.levels))
	for _, pair := range p.gains {
		if !validInt(pair.level) {
			continue
		}
		g = append(g, relGain{level: atoi(pair.level), gain: pair.gain})
	}
	given := len(g)
	for l, n := range r.levels {
		// The entries appended here have levels below l: look among the
		// parameters' only.
		j := 0
		for j < given && g[j].level != l {
			j++
		}
		if j < given {
			g[j].count = n
			continue
		}
		g = append(g, relGain{level: l, gain: float64(l), count: n})
	}
	sortGains(g)
	return g
}

// sortGains sorts gains as trec_eval does: with glibc's merge sort and a
// comparison that truncates the difference of two gains to an integer (so
// that gains less than 1 apart are equal, and keep their order).
func sortGains(g gains) {
	if len(g) < 2 {
		return
	}
	tmp := make(gains, len(g))
	mergeSortGains(g, tmp)
}

func mergeSortGains(g, tmp gains) {
	if len(g) <= 1 {
		return
	}
	n1 := len(g) / 2
	a, b := g[:n1], g[n1:]
	mergeSortGains(a, tmp)
	mergeSortGains(b, tmp)
	out := tmp[:0]
	for len(a) > 0 && len(b) > 0 {
		if int(a[0].gain-b[0].gain) <= 0 {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	out = append(out, a...)
	copy(g, out) // the rest of b is in place
}

// gain returns the gain of a label: that of the first entry for the
// level, or 0.
func (g gains) gain(label int) float64 {
	for _, e := range g {
		if e.level == label {
			return e.gain
		}
	}
	return 0
}

// idealWalk steps through the ideal ranking: the gains from the highest
// entry down, each as many times as documents have its level.
type idealWalk struct {
	g     gains
	cur   int
	n     int
	ideal float64
}

func newIdealWalk(g gains) *idealWalk {
	w := &idealWalk{g: g, cur: len(g) - 1}
	if w.cur >= 0 {
		w.ideal = g[w.cur].gain
	}
	return w
}

// next moves to the next rank of the ideal ranking and returns its gain.
func (w *idealWalk) next() float64 {
	w.n++
	for w.cur >= 0 && w.n > w.g[w.cur].count {
		w.n = 1
		w.cur--
		w.ideal = 0
		if w.cur >= 0 {
			w.ideal = w.g[w.cur].gain
		}
	}
	return w.ideal
}

// dcg returns the DCG of the ranking (every retrieved document) and of the
// ideal ranking (while its gains are positive) under the gains of p, with
// the discount log2(rank+1).
func dcg(r *topicResult, p *params) (float64, float64) {
	g := newGains(r, p)
	w := newIdealWalk(g)
	got, ideal := 0.0, 0.0
	i := 0
	for ; i < len(r.rels) && w.ideal > 0; i++ {
		if rg := g.gain(r.rels[i]); rg != 0 {
			got += rg / r.log2(float64(i+2))
		}
		if ig := w.next(); ig > 0 {
			ideal += ig / r.log2(float64(i+2))
		}
	}
	for ; i < len(r.rels); i++ {
		if rg := g.gain(r.rels[i]); rg != 0 {
			got += rg / r.log2(float64(i+2))
		}
	}
	for ; w.ideal > 0; i++ {
		if ig := w.next(); ig > 0 {
			ideal += ig / r.log2(float64(i+2))
		}
	}
	return got, ideal
}

// calcNDCGRel averages nDCG at each document with a positive gain: at its
// rank if retrieved, at the end of the ranking if not.
func calcNDCGRel(r *topicResult, p *params, out []float64) {
	g := newGains(r, p)
	w := newIdealWalk(g)
	got, ideal, sum := 0.0, 0.0, 0.0
	numRel, numRelRet := 0, 0
	i := 0
	for ; i < len(r.rels) && w.ideal > 0; i++ {
		rg := g.gain(r.rels[i])
		if rg != 0 {
			got += rg / r.log2(float64(i+2))
		}
		if ig := w.next(); ig > 0 {
			numRel++
			ideal += ig / r.log2(float64(i+2))
		}
		if rg > 0 {
			sum += got / ideal
			numRelRet++
		}
	}
	for ; i < len(r.rels); i++ {
		rg := g.gain(r.rels[i])
		if rg != 0 {
			got += rg / r.log2(float64(i+2))
		}
		if rg > 0 {
			sum += got / ideal
			numRelRet++
		}
	}
	for ; w.ideal > 0; i++ {
		if ig := w.next(); ig > 0 {
			numRel++
			ideal += ig / r.log2(float64(i+2))
		}
	}
	sum += float64(numRel-numRelRet) * got / ideal
	if sum > 0 {
		out[0] = sum / float64(numRel)
	}
}

// calcRNDCG averages nDCG at the ranks where the ideal gain changes (and
// at the end of the ranking, when it goes on after the ideal gains end).
func calcRNDCG(r *topicResult, p *params, out []float64) {
	g := newGains(r, p)
	if r.numRel == 0 {
		return
	}
	w := newIdealWalk(g)
	got, ideal, sum := 0.0, 0.0, 0.0
	old, changes := w.ideal, 0
	change := func(ig float64) {
		if old != ig {
			if ideal > 0 {
				sum += got / ideal
				changes++
			}
			old = ig
		}
	}
	i := 0
	for ; i < len(r.rels) && w.ideal > 0; i++ {
		rg := g.gain(r.rels[i])
		ig := w.next()
		change(ig)
		if rg != 0 {
			got += rg / r.log2(float64(i+2))
		}
		if ig > 0 {
			ideal += ig / r.log2(float64(i+2))
		}
	}
	if i < len(r.rels) {
		for ; i < len(r.rels); i++ {
			if rg := g.gain(r.rels[i]); rg != 0 {
				got += rg / r.log2(float64(i+2))
			}
		}
		if ideal > 0 {
			sum += got / ideal
			changes++
		}
	}
	for ; w.ideal > 0; i++ {
		ig := w.next()
		change(ig)
		if ig > 0 {
			ideal += ig / r.log2(float64(i+2))
		}
	}
	out[0] = sum / float64(changes)
}

// calcG is trec_eval's experimental G: each document's gain over
// log2(2 + the ideal gain so far (at least 1 a rank) - the gain so far),
// normalized by the ideal total gain.
func calcG(r *topicResult, p *params, out []float64) {
	g := newGains(r, p)
	w := newIdealWalk(g)
	const minCost = 1.0
	resultsG, sumResults, sumIdeal, sumCost := 0.0, 0.0, 0.0, 0.0
	i := 0
	for ; i < len(r.rels) && w.ideal > 0; i++ {
		rg := g.gain(r.rels[i])
		sumResults += rg
		ig := w.next()
		if ig > 0 {
			sumIdeal += ig
		}
		if ig >= minCost {
			sumCost += ig
		} else {
			sumCost += minCost
		}
		if rg != 0 {
			resultsG += rg / r.log2(2+sumCost-sumResults)
		}
	}
	for ; i < len(r.rels); i++ {
		rg := g.gain(r.rels[i])
		sumResults += rg
		sumCost += minCost
		if rg != 0 {
			resultsG += rg / r.log2(2+sumCost-sumResults)
		}
	}
	for w.ideal > 0 {
		if ig := w.next(); ig > 0 {
			sumIdeal += ig
		}
	}
	if sumIdeal > 0 {
		out[0] = resultsG / sumIdeal
	}
}

// persistence returns rbp's p: the value of a "p=..." parameter, or 0.9.
func persistence(p *params) float64 {
	v := 0.9
	for _, pair := range p.gains {
		if pair.level == "p" {
			v = pair.gain
		}
	}
	return v
}

// calcRBP is rank-biased precision, with the gains scaled into [0, 1]
// when one lies outside.
func calcRBP(r *topicResult, p *params, out []float64) {
	pp := persistence(p)
	g := newGains(r, p)
	lo, hi := 0.0, 0.0 // trec_eval leaves them uninitialized; its stack holds zeros
	for _, e := range g {
		lo, hi = min(lo, e.gain), max(hi, e.gain)
	}
	if lo < 0 || hi > 1 {
		for i := range g {
			g[i].gain = (g[i].gain - lo) / (hi - lo)
		}
	}
	sum, cur := 0.0, 1.0
	for _, l := range r.rels {
		if gn := g.gain(l); gn != 0 {
			sum += gn * cur
		}
		cur *= pp
	}
	out[0] = (1 - pp) * sum
}

// calcRBPResid is rbp's residual, the most rbp could grow if every
// unjudged retrieved document had the largest gain.
func calcRBPResid(r *topicResult, p *params, out []float64) {
	pp := persistence(p)
	sum, cur, unj := 0.0, 1.0, 0
	for _, l := range r.rels {
		if l < 0 {
			unj++
			sum += cur
		}
		cur *= pp
	}
	if unj > 0 {
		out[0] = cur + (1-pp)*sum
	}
}

// relString returns the labels of the first n documents, one character
// each: the digit, '>' above 9, '-' not judged, '.' a negative label.
func relString(r *topicResult, n int) string {
	n = max(0, min(n, len(r.rels)))
	var b strings.Builder
	b.Grow(n)
	for _, l := range r.rels[:n] {
		switch {
		case l > 9:
			b.WriteByte('>')
		case l >= 0:
			b.WriteByte(byte('0' + l))
		case l == relNotJudged:
			b.WriteByte('-')
		case l == relNegative:
			b.WriteByte('.')
		default:
			b.WriteByte('<')
		}
	}
	return b.String()
}

// validInt reports whether s is an optionally signed run of digits.
func validInt(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// atoi reads an integer as C's atol does: leading white space, a sign and
// digits; whatever follows is ignored, and no digits read as 0.
func atoi(s string) int {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	n := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n > math.MaxInt32 {
			n = math.MaxInt32 // clamp rather than overflow
		}
	}
	if neg {
		return -n
	}
	return n
}

// atof reads a number as C's atof does: the longest prefix (after white
// space) that is a decimal number, an infinity or a NaN; 0 if there is
// none.
func atof(s string) float64 {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	s = s[i:]
	j := 0
	if j < len(s) && (s[j] == '-' || s[j] == '+') {
		j++
	}
	rest := strings.ToLower(s[j:])
	for _, word := range []string{"infinity", "inf", "nan"} {
		if strings.HasPrefix(rest, word) {
			v, _ := strconv.ParseFloat(s[:j+len(word)], 64)
			return v
		}
	}
	digits := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
		digits++
	}
	if j < len(s) && s[j] == '.' {
		j++
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
			digits++
		}
	}
	if digits == 0 {
		return 0
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '-' || s[k] == '+') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			j = k
		}
	}
	v, _ := strconv.ParseFloat(s[:j], 64) // a range error gives ±Inf or 0, as strtod
	return v
}
