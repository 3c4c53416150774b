// Package experiment compares systems the way a shared task does, in
// memory: it runs several systems over the same topics (or takes runs made
// before), evaluates them on every judged dimension, and gives one table,
// with confidence intervals, the share of judged results, paired tests
// against a baseline and per-topic scores. A Sweep chooses a system's
// setting on some topics and reports it on others.
//
// It is PyTerrier's Experiment and GridSearch as a Go value with a useful
// zero value and a Run method (Evaluate is Run without the default
// predictor of unjudged pairs, and without its encoder in the binary):
//
//	table, err := experiment.Experiment{
//		Env:     env, // system.Open: the topics, the corpus, the judgments
//		Systems: []experiment.System{{Name: "advanced", System: system.Advanced()}, {Name: "baseline", System: system.Baseline{}}},
//	}.Run(ctx)
//	...
//	err = table.Write(os.Stdout, "text") // or "tsv", "json", "topics"
//
// The measure is Touché's: nDCG at a cutoff (5), plain (trec_eval's
// ndcg_cut, an unjudged result gains nothing) and judged-only (trec_eval
// -J, as Touché's official tables), over the judged topics the systems
// answer; for judgments of sentence pairs also an estimated judged-only
// figure, which labels the unjudged pairs whose sentences were judged in
// other pairs (eval.Estimate), with its coverage.
//
// What each figure rests on is part of the row. Judged-only nDCG@5 scores
// the first five judged results wherever they sit: Touché's own runs had
// their top 5 judged, but a new system's top 5 is mostly not (the 2022
// judgments rate only the pairs 2022's teams retrieved), and its
// judged-only figure then measures ranks far down the run. A smaller
// candidate pool pushes judged pairs up and "wins". So every row carries
// the depth of its judged-only figure (the mean and median rank of the
// judged results it scored, eval.Judged) beside judged@5, a row whose
// judged@5 is below 0.5 says "judged-only rests on ranks around N", and
// judged-only figures are tested against the baseline only where both
// runs' judged@5 reach Experiment.MinJudged; elsewhere the row says why
// there is no p-value. The headline figure (the first of the text table,
// and what a Sweep chooses by) is the predicted nDCG where the experiment
// has a predictor of unjudged pairs (Experiment.Predicted), else the
// estimated judged-only nDCG where there is one (judgments of sentence
// pairs), else judged-only nDCG. Own judgments (Experiment.Own) give
// columns of their own and change no other figure.
// A run none of whose results is judged is not an error: its row carries a
// warning, which every output prints beside it.
package experiment

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/unjudged"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/topicorder"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
)

// A System is one system of an experiment: a system.System that the
// experiment runs over the Env's topics, or a Run made before (read from a
// file with runfile.ReadFile, say). Name labels its rows; names must be
// distinct.
//
// TrainedOn names the judged topics the system learned its settings from;
// nil means what System says (a method TrainedOn, as system.Pipeline has, asked through wrappers' Unwrap
// methods), and nothing for a Run. A row on those topics, and a p-value that
// rests on it, is marked in-sample (Row.InSample, Row.InSampleP).
type System struct {
	Name      string
	System    system.System
	Run       runfile.Run
	TrainedOn map[string][]string
}

// An Experiment runs and evaluates systems. The zero value of each field
// but Env and Systems is the usual choice.
type Experiment struct {
	// Env is what the systems run on: its topics, corpus and indexes,
	// and, for an embedded sample, its judgments. Only the Env's topics
	// are evaluated. It may be nil when every System has a Run.
	Env *system.Env
	// Systems are the systems compared, the baseline among them.
	Systems []System
	// Judgments score the runs; nil means the Env's.
	Judgments *eval.Judgments
	// Predicted labels every pair the judgments leave unjudged with a
	// label predicted from the judged sentences of its topic and gives the
	// predicted nDCG@K of each run: Row.Predicted, the table's headline.
	// When it is nil, the Env is set and the judgments judge sentence
	// pairs (Touché 2022), Run trains eval/unjudged's Model on the
	// judgments and the Env's texts with the shipped Universal Sentence
	// Encoder lite (when the judgments hold too little to learn from, the
	// estimate leads; Evaluate trains none); set it to use another model
	// (or another encoder). Of the figures compared in issue 33's simulation it
	// is the one that kept the systems' order when judgments were hidden
	// and that a smaller pool did not move (BENCHMARKS.md).
	Predicted interface {
		NDCG(ctx context.Context, run runfile.Run, k int, d eval.Dimension, opt eval.Options) (*eval.EstimatedNDCG, error)
	}
	// Own are judgments of one's own (as examples/judge writes them),
	// kept apart from the official ones: they
	// give figures of their own, nDCG@K and judged@K over the official
	// labels and the own labels of what the official ones leave unjudged
	// (Row.Own, Row.OwnShare), and change no other figure. Where two own
	// files label one pair, the first listed counts.
	Own []*eval.Judgments
	// Baseline is the index in Systems of the system the others are
	// tested against; 0 means the first.
	Baseline int
	// K is the cutoff of nDCG and of the judged share; 0 means 5.
	K int
	// Pairs maps runs of sentence pairs (or sentences) onto arguments when
	// the judgments rate arguments (Touché 2020, 2021); 0 maps nothing, and
	// such a run is then judged nowhere (its rows say so). It does not
	// apply to judgments of pairs.
	Pairs eval.Mapping
	// Complete averages over every judged topic (of the Env's, if set), a
	// topic a run misses scoring 0 (trec_eval -c); by default the means
	// are over the judged topics each run answers.
	Complete bool
	// ByRank ranks each topic's results by the run's rank column rather
	// than by score, as trec_eval does (eval.Options.ByRank).
	ByRank bool
	// Correction adjusts the p-values for testing every system against
	// the baseline: "bonferroni" (""), "holm" or "none". Its family is
	// one p column on one dimension: the p-values of that measure of every
	// system tested against the baseline (Table.Family says so).
	Correction string
	// Test is the paired significance test of every system against the
	// baseline: the t-test by default, or the permutation or Wilcoxon
	// signed-rank test (eval.PairedTest).
	Test eval.PairedTest
	// MinJudged is the least judged@K both of two runs need for their
	// judged-only figures to be tested against each other (judged@K is the
	// mean over topics of the share of the top K that is judged). As with
	// encoding/csv's FieldsPerRecord, 0 means the default, 0.2, and a
	// negative value tests every run, whatever its judged@K; the commands'
	// -min-judged flags take the same values. Below 0.2 a judged-only
	// p-value tells more of where the judged results sit than of how good
	// the run is. A value above 1 is an error.
	MinJudged float64
	// Bootstrap configures the confidence intervals (95%, 10,000
	// resamples, seed 0 by default).
	Bootstrap eval.Bootstrap
	// Stances, when set, gives every system its stance measure over the
	// whole run (Row.StanceF1 and Row.StanceN): Touché 2022 Task 2's
	// macro-F1 over the judged results the run gives a stance
	// (comparative.Stances returns one).
	Stances interface {
		F1(runs ...runfile.Run) (f1 float64, n int)
	}
	// Tag is the run tag of the runs the experiment makes; "" means the
	// system's name.
	Tag string
}

// A Table is what an Experiment gives: a Row for every judged dimension
// and system, dimension by dimension, systems in the order given.
type Table struct {
	// K is the cutoff of the measures.
	K int
	// Baseline names the system the others are tested against.
	Baseline string
	// Correction is the adjustment of the p-values.
	Correction string
	// Test names the significance test ("t-test", "permutation test",
	// "Wilcoxon signed-rank test"), and Family says which p-values the
	// Correction covers together.
	Test, Family string
	// MinJudged is the judged@K two runs need for their judged-only
	// figures to be tested (Experiment.MinJudged, its default applied); a
	// negative value means every run is tested.
	MinJudged float64
	// Headline names the measure the table leads with, the first figure of
	// its text formats and the one a Sweep chooses by: "predicted" (the
	// predicted nDCG, Row.Predicted) where the experiment has a predictor
	// of unjudged results (Experiment.Predicted, or the one Run trains for
	// judgments of sentence pairs on an Env), else "estimated" (the
	// estimated judged-only nDCG, Row.Estimated) for judgments of sentence
	// pairs or of Task 2 passages, else "judged" (judged-only nDCG,
	// Row.Judged) for judgments of arguments.
	Headline string
	// Own is the number of own judgments (Experiment.Own) that add to the
	// official ones on a dimension (the most of any dimension); 0 without
	// own judgments.
	Own int
	// Rows holds the figures.
	Rows []Row
	// Runs holds the run of each system, by name, for writing or a closer
	// look.
	Runs map[string]runfile.Run

	stances bool // the rows have a stance measure (Experiment.Stances)
}

// A Row holds one system's figures on one judged dimension.
type Row struct {
	System string
	// Judgments names the dimension, with the judgments' name: "2022
	// relevance".
	Judgments string
	Dimension eval.Dimension
	// Topics is the number of topics the means are over.
	Topics int
	// Pairs is how the run's sentence pairs were mapped onto the arguments
	// the judgments rate (Experiment.Pairs); 0 when they were not.
	Pairs eval.Mapping
	// NDCG is nDCG@K (trec_eval's ndcg_cut) and Judged its judged-only
	// variant (trec_eval -J), each a mean over topics with its bootstrap
	// interval.
	NDCG   eval.Interval
	Judged eval.Interval
	// JudgedShare is the share of the top K results that are judged
	// (eval.Judged), averaged over the topics.
	JudgedShare float64
	// Depth and DepthMedian are the mean and the median rank, over all
	// topics, of the judged results that Judged scored (eval.Judged):
	// about (K+1)/2 for a run whose top K is judged, far more for one
	// whose judged results lie deep. NaN when nothing is judged.
	Depth, DepthMedian float64
	// Own is nDCG@K (as NDCG: an unjudged result gains nothing) over the
	// official judgments and the own ones (Experiment.Own) that judge what
	// they leave unjudged, and OwnShare the judged@K with both; when the own
	// judgments judge every result of the top K (OwnShare 1), Own is the
	// exact nDCG@K. NaN without own judgments of the dimension. OwnP is its
	// p-value against the baseline, as P.
	Own      eval.Interval
	OwnShare float64
	OwnP     float64
	// Predicted is the nDCG@K over the exact labels and those
	// Experiment.Predicted gives every other pair, with its p-value against
	// the baseline (as P); NaN without a Predicted.
	Predicted  eval.Interval
	PredictedP float64
	// Estimated is the judged-only nDCG@K over exact and estimated labels
	// (eval.Estimate), and Labelled the share of the top K results with
	// either; both are NaN for judgments of arguments, which are not
	// estimated.
	Estimated eval.Interval
	Labelled  float64
	// P, JudgedP and EstimatedP are the two-sided p-values of paired
	// tests (Experiment.Test) of the row's per-topic NDCG, Judged and
	// Estimated against the baseline's, over the topics both have,
	// adjusted by the Correction; NaN for the baseline itself, and for
	// JudgedP where the row's or the baseline's JudgedShare is below
	// MinJudged.
	P          float64
	JudgedP    float64
	EstimatedP float64
	// Untested says why JudgedP is NaN for a row that is not the baseline;
	// "" where it was tested.
	Untested string
	// PerTopic holds the per-topic values, in topic order (numeric ids first, as Run.Topics gives them) of their
	// topic ids.
	PerTopic []TopicScores
	// InSample is the number of the row's topics (of the PerTopic the
	// means are over) that its system learned its settings from
	// (System.TrainedOn) on these judgments; 0 when it learned from none of
	// them. Its figures are then in-sample: how well the system fits what it
	// learned from, not how it does on topics it has not seen.
	InSample int
	// InSampleP reports whether the row's p-values rest on in-sample
	// figures: its own or the baseline's InSample is above 0.
	InSampleP bool
	// Warnings say why the row's figures mean little: nothing of the run
	// is judged, its judged-only figure rests on results far below the
	// top K (JudgedShare below 0.5), or its figures are in-sample
	// (InSample). Warning is them joined by "; ".
	Warnings []string
	Warning  string
	// StanceF1 is the system's stance measure (Experiment.Stances) over
	// its whole run, the same on each of its rows (NaN when StanceN is 0),
	// and StanceN the number
	// of judged results it rests on; both 0 without Experiment.Stances.
	StanceF1 float64
	StanceN  int
}

// TopicScores holds one topic's values of a Row (NaN where not computed).
type TopicScores struct {
	Topic     string
	NDCG      float64
	Judged    float64
	Estimated float64
	Own       float64 // nDCG with the own judgments too (Row.Own)
	Predicted float64 // Row.Predicted
}

// Run runs every System that has no Run over the Env's topics, evaluates
// all of them, and returns the table.
func (x Experiment) Run(ctx context.Context) (*Table, error) {
	return x.run(ctx, "Run", trainPredictor)
}

// Evaluate is Run without the default predictor of unjudged pairs: where
// Predicted is nil, no model is trained and the table leads with the
// estimate, as Run's does without an Env; every other figure is Run's. A
// program that calls Evaluate and never Run does not carry the shipped
// Universal Sentence Encoder lite (28 MB of weights), which only the
// default predictor needs.
func (x Experiment) Evaluate(ctx context.Context) (*Table, error) {
	return x.run(ctx, "Evaluate", nil)
}

// run is Run, named method in errors, with train (nil: none) training the
// default predictor.
func (x Experiment) run(ctx context.Context, method string, train func(context.Context, *eval.Judgments, *system.Env) (*unjudged.Model, error)) (*Table, error) {
	if err := nilctx.Check(ctx, "experiment: Experiment."+method); err != nil {
		return nil, err
	}
	if err := x.checkSystems(); err != nil {
		return nil, err
	}
	correct, err := correction(x.Correction)
	if err != nil {
		return nil, err
	}
	// The estimates are made from all the judgments (a fitted one learns
	// from every topic), whichever topics are evaluated: a run scores the
	// same in an experiment on an Env as with the evaluate command.
	j, all, keep, err := x.judgments()
	if err != nil {
		return nil, err
	}
	k, minJudged, err := x.cutoffs()
	if err != nil {
		return nil, err
	}
	t := &Table{K: k, Baseline: x.Systems[x.Baseline].Name, Correction: cmpOr(x.Correction, "bonferroni"),
		Test: testName(x.Test.Method), MinJudged: minJudged, Headline: headlineJudged}
	t.Family = family(t.Correction, len(x.Systems)-1, t.Baseline)
	if t.Runs, err = x.runs(ctx); err != nil {
		return nil, err
	}
	training := make([]map[string][]string, len(x.Systems))
	for i, s := range x.Systems {
		training[i] = s.TrainedOn
		if training[i] == nil {
			training[i] = trainingOf(s.System)
		}
	}
	trained := false // whether the default predictor was trained (or could not be)
	for _, d := range j.Dimensions() {
		est, err := estimator(all, d)
		if err != nil {
			return nil, fmt.Errorf("experiment: %w", err)
		}
		if x.Predicted == nil && train != nil && !trained && est != nil && x.Env != nil && headline == headlinePredicted {
			trained = true
			m, err := train(ctx, all, x.Env)
			if err != nil {
				return nil, err
			}
			if m != nil {
				x.Predicted = m
			}
		}
		switch {
		case x.Predicted != nil && est != nil && headline == headlinePredicted:
			t.Headline = headlinePredicted
		case est != nil:
			t.Headline = headlineEstimated
		}
		own, added, err := withOwn(j.Qrels(d), x.Own, d, func(topic string) bool { return keep == nil || keep[topic] })
		if err != nil {
			return nil, err
		}
		t.Own = max(t.Own, added)
		rows, err := x.evaluate(ctx, j, d, est, own, k, t.Runs)
		if err != nil {
			return nil, err
		}
		markInSample(rows, training, j.Name, x.Baseline)
		testRows(rows, x.Baseline, correct, x.Test, minJudged, k)
		for i := range rows {
			rows[i].Warning = strings.Join(rows[i].Warnings, "; ")
		}
		t.Rows = append(t.Rows, rows...)
	}
	if x.Stances != nil {
		t.stances = true
		for i, r := range t.Rows {
			t.Rows[i].StanceF1, t.Rows[i].StanceN = x.Stances.F1(topicsOf(t.Runs[r.System], keep))
			if t.Rows[i].StanceN == 0 {
				t.Rows[i].StanceF1 = math.NaN()
			}
		}
	}
	return t, nil
}

// checkSystems refuses an experiment without systems, with a baseline out
// of range, or with a system without a name or of another's name.
func (x Experiment) checkSystems() error {
	if len(x.Systems) == 0 {
		return errors.New("experiment: no systems")
	}
	if x.Baseline < 0 || x.Baseline >= len(x.Systems) {
		return fmt.Errorf("experiment: baseline %d of %d systems", x.Baseline, len(x.Systems))
	}
	for i, s := range x.Systems {
		if s.Name == "" {
			return fmt.Errorf("experiment: system %d has no name", i+1)
		}
		if slices.ContainsFunc(x.Systems[:i], func(o System) bool { return o.Name == s.Name }) {
			return fmt.Errorf("experiment: two systems are named %s", quote.Q(s.Name))
		}
	}
	return nil
}

// judgments returns the judgments the experiment evaluates with (of the
// Env's topics, keep, when there is an Env) and all of them.
func (x Experiment) judgments() (j, all *eval.Judgments, keep map[string]bool, err error) {
	j = x.Judgments
	if j == nil && x.Env != nil {
		j = x.Env.Judgments
	}
	if j == nil {
		return nil, nil, nil, errors.New("experiment: no judgments (set Judgments, or use an Env of an embedded sample)")
	}
	all = j
	if x.Env != nil {
		keep = map[string]bool{}
		for _, t := range x.Env.Topics {
			keep[t.ID] = true
		}
		if j, err = restrict(j, x.Env); err != nil {
			return nil, nil, nil, err
		}
	}
	return j, all, keep, nil
}

// cutoffs returns the experiment's K and MinJudged with their defaults, and
// refuses them and a Test out of range.
func (x Experiment) cutoffs() (k int, minJudged float64, err error) {
	k = x.K
	if k == 0 {
		k = 5
	}
	if k < 0 {
		return 0, 0, fmt.Errorf("experiment: cutoff %d", k)
	}
	if _, err := x.Test.P([]float64{0, 1}, []float64{1, 0}); err != nil {
		return 0, 0, fmt.Errorf("experiment: %w", err)
	}
	minJudged = x.MinJudged
	switch {
	case minJudged == 0:
		minJudged = defaultMinJudged
	case minJudged > 1 || math.IsNaN(minJudged):
		return 0, 0, fmt.Errorf("experiment: MinJudged %v, want a share of at most 1 (0 means %.1f; a negative value tests every run)", minJudged, defaultMinJudged)
	case minJudged < 0:
		minJudged = -1
	}
	return k, minJudged, nil
}

// runs returns every system's run, by name: its Run, or the run of its
// System over the Env's topics. An empty run is an error.
func (x Experiment) runs(ctx context.Context) (map[string]runfile.Run, error) {
	runs := map[string]runfile.Run{}
	for _, s := range x.Systems {
		run := s.Run
		switch {
		case run != nil:
		case s.System == nil:
			return nil, fmt.Errorf("experiment: system %s has neither a System nor a Run", quote.Q(s.Name))
		case x.Env == nil:
			return nil, fmt.Errorf("experiment: system %s must be run, and there is no Env", quote.Q(s.Name))
		default:
			var err error
			if run, err = system.Run(ctx, x.Env, s.System, runTag(x.Tag, s.Name)); err != nil {
				return nil, fmt.Errorf("experiment: %s: %w", s.Name, err)
			}
		}
		if lines(run) == 0 {
			return nil, fmt.Errorf("experiment: %s: the run is empty", s.Name)
		}
		runs[s.Name] = run
	}
	return runs, nil
}

// topicsOf returns the part of run on the topics keep holds, all of it
// when keep is nil.
func topicsOf(run runfile.Run, keep map[string]bool) runfile.Run {
	if keep == nil {
		return run
	}
	out := runfile.Run{}
	for qid, lines := range run {
		if keep[qid] {
			out[qid] = lines
		}
	}
	return out
}

// defaultMinJudged is Experiment.MinJudged's default.
// 0.2 is the least judged@5 at which judged-only's t-test verdicts on the
// 2022 sample agree with the verdicts under all judgments about 90% of the
// time when a part of the judgments is hidden, binned either by the judged
// share under all judgments or under the reduced ones (issue 33's
// simulation, examples/hidejudgments; BENCHMARKS.md has the table).
const defaultMinJudged = 0.2

// The measures a table can lead with (Table.Headline).
const (
	headlineJudged    = "judged"    // judged-only nDCG
	headlineEstimated = "estimated" // estimated judged-only nDCG
	headlinePredicted = "predicted" // nDCG over exact and predicted labels
)

// headline is the measure a table of judgments of sentence pairs leads
// with, and a Sweep chooses by, when the experiment has it: the one switch
// that sets which figure a reader sees first. Issue 33's simulation
// (BENCHMARKS.md) found the predicted nDCG@5 the one to trust; without an
// Experiment.Predicted the table leads with the estimate, and tables of
// argument judgments, which have neither, with judged-only nDCG.
const headline = headlinePredicted

// testName names a test as a table's header does.
func testName(method string) string {
	switch method {
	case "permutation":
		return "permutation test"
	case "wilcoxon":
		return "Wilcoxon signed-rank test"
	}
	return "t-test"
}

// family says which p-values a correction covers together.
func family(correction string, tested int, baseline string) string {
	if tested == 0 {
		return "one system, so no p-values"
	}
	if correction == "none" {
		return fmt.Sprintf("p-values not corrected (each system against %s)", baseline)
	}
	name := strings.ToUpper(correction[:1]) + correction[1:]
	values := "p-values"
	if tested == 1 {
		values = "p-value"
	}
	return fmt.Sprintf("%s corrects each p column within one dimension: up to %d %s, one per system against %s", name, tested, values, baseline)
}

// evaluate gives every system's row on dimension d, with estimated
// figures when est is not nil.
func (x Experiment) evaluate(ctx context.Context, j *eval.Judgments, d eval.Dimension, est *eval.Estimate, own *eval.Qrels, k int, runs map[string]runfile.Run) ([]Row, error) {
	q := j.Qrels(d)
	label := strings.TrimSpace(j.Name + " " + string(d))
	pairJudgments := judgesPairs(q)
	ndcg5, err := eval.ParseMeasure(fmt.Sprintf("nDCG@%d", k))
	if err != nil {
		return nil, fmt.Errorf("experiment: %w", err)
	}
	ndcg := []eval.Measure{ndcg5}
	var rows []Row
	for _, s := range x.Systems {
		run := runs[s.Name]
		opt := eval.Options{Measures: ndcg, Complete: x.Complete, ByRank: x.ByRank}
		if !pairJudgments && rankedSentences(run) {
			opt.Pairs = x.Pairs
		}
		nan := eval.Interval{Mean: math.NaN(), Low: math.NaN(), High: math.NaN()}
		row := Row{System: s.Name, Judgments: label, Dimension: d, Pairs: opt.Pairs, P: math.NaN(), JudgedP: math.NaN(), EstimatedP: math.NaN(),
			Estimated: nan, Labelled: math.NaN(), Own: nan, OwnShare: math.NaN(), OwnP: math.NaN(), Predicted: nan, PredictedP: math.NaN()}
		perTopic := map[string]*TopicScores{}
		topic := func(id string) *TopicScores {
			if perTopic[id] == nil {
				perTopic[id] = &TopicScores{Topic: id, NDCG: math.NaN(), Judged: math.NaN(), Estimated: math.NaN(), Own: math.NaN(), Predicted: math.NaN()}
			}
			return perTopic[id]
		}
		for _, judged := range []bool{false, true} {
			opt.JudgedOnly = judged
			e, err := eval.Evaluate(q, run, opt)
			switch {
			case errors.Is(err, eval.ErrNothingJudged):
				if !judged {
					row.Warnings = append(row.Warnings, strings.TrimPrefix(err.Error(), "eval: ")) // what eval says of why
				}
			case errors.Is(err, eval.ErrNoTopics):
				return nil, fmt.Errorf("experiment: %s: no topic of the run is judged in %s", s.Name, label)
			case err != nil:
				return nil, fmt.Errorf("experiment: %s against %s: %w", s.Name, label, err)
			}
			values, err := e.PerTopic(ndcg[0].String())
			if err != nil {
				return nil, fmt.Errorf("experiment: %w", err)
			}
			ci, err := x.Bootstrap.CI(values)
			if err != nil {
				return nil, fmt.Errorf("experiment: %s against %s: %w", s.Name, label, err)
			}
			row.Topics = len(values)
			for i, ts := range e.Topics {
				if judged {
					topic(ts.Topic).Judged = values[i]
				} else {
					topic(ts.Topic).NDCG = values[i]
				}
			}
			if judged {
				row.Judged = ci
			} else {
				row.NDCG = ci
			}
		}
		share, ranks, err := eval.Judged(q, run, k, opt)
		if err != nil {
			return nil, fmt.Errorf("experiment: %s against %s: %w", s.Name, label, err)
		}
		row.JudgedShare = share
		if own != nil {
			opt.JudgedOnly = false
			if err := x.withOwn(&row, own, run, k, opt, topic); err != nil {
				return nil, fmt.Errorf("experiment: %s against %s and own judgments: %w", s.Name, label, err)
			}
		}
		row.Depth, row.DepthMedian = depth(ranks)
		if share < 0.5 && !math.IsNaN(row.Depth) {
			row.Warnings = append(row.Warnings, fmt.Sprintf("judged@%d %.2f: judged-only rests on ranks around %.0f (median %.0f)", k, share, row.Depth, row.DepthMedian))
		}
		if est != nil {
			ndcg := func(run runfile.Run, opt eval.Options) (*eval.EstimatedNDCG, error) { return est.NDCG(run, k, opt) }
			ci, labelled, err := x.labelledNDCG(ndcg, q, run, opt, func(id string, v float64) { topic(id).Estimated = v })
			if err != nil {
				return nil, fmt.Errorf("experiment: %s against %s: %w", s.Name, label, err)
			}
			row.Estimated, row.Labelled = ci, labelled
			if x.Predicted != nil {
				ndcg := func(run runfile.Run, opt eval.Options) (*eval.EstimatedNDCG, error) {
					return x.Predicted.NDCG(ctx, run, k, d, opt)
				}
				if row.Predicted, _, err = x.labelledNDCG(ndcg, q, run, opt, func(id string, v float64) { topic(id).Predicted = v }); err != nil {
					return nil, fmt.Errorf("experiment: %s against %s, predicted: %w", s.Name, label, err)
				}
			}
		}
		ids := slices.Collect(maps.Keys(perTopic))
		topicorder.Sort(ids)
		for _, id := range ids {
			row.PerTopic = append(row.PerTopic, *perTopic[id])
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// depth returns the mean and the median of all the ranks, or NaNs for none.
func depth(ranks [][]int) (mean, median float64) {
	all := slices.Concat(ranks...)
	if len(all) == 0 {
		return math.NaN(), math.NaN()
	}
	slices.Sort(all)
	sum := 0
	for _, r := range all {
		sum += r
	}
	n := len(all)
	return float64(sum) / float64(n), float64(all[(n-1)/2]+all[n/2]) / 2
}

// testRows sets the p-values of every row against the baseline's: the
// judged-only ones only where both runs' judged@k reach minJudged.
func testRows(rows []Row, baseline int, correct func([]float64) []float64, test eval.PairedTest, minJudged float64, k int) {
	if len(rows) < 2 {
		return
	}
	values := []func(TopicScores) float64{
		func(t TopicScores) float64 { return t.NDCG },
		func(t TopicScores) float64 { return t.Judged },
		func(t TopicScores) float64 { return t.Estimated },
		func(t TopicScores) float64 { return t.Own },
		func(t TopicScores) float64 { return t.Predicted },
	}
	set := []func(*Row, float64){
		func(r *Row, p float64) { r.P = p },
		func(r *Row, p float64) { r.JudgedP = p },
		func(r *Row, p float64) { r.EstimatedP = p },
		func(r *Row, p float64) { r.OwnP = p },
		func(r *Row, p float64) { r.PredictedP = p },
	}
	for m := range values {
		var ps []float64
		var tested []int
		for i := range rows {
			if i == baseline {
				continue
			}
			if m == 1 {
				if why := untested(rows[i], rows[baseline], minJudged, k); why != "" {
					rows[i].Untested = why
					continue
				}
			}
			a, b := paired(rows[i].PerTopic, rows[baseline].PerTopic, values[m])
			p, err := test.P(a, b)
			if err != nil { // fewer than two topics in common, or none computed
				if m == 1 {
					rows[i].Untested = fmt.Sprintf("%d topics in common", len(a))
				}
				continue
			}
			ps, tested = append(ps, p), append(tested, i)
		}
		for n, p := range correct(ps) {
			set[m](&rows[tested[n]], p)
		}
	}
}

// untested says why the judged-only figures of a row and the baseline's
// are not tested against each other, or "" when they are.
func untested(r, base Row, minJudged float64, k int) string {
	switch {
	case minJudged < 0:
		return ""
	case r.JudgedShare < minJudged && base.JudgedShare < minJudged:
		return fmt.Sprintf("judged@%d %.2f and %.2f < %.2f", k, r.JudgedShare, base.JudgedShare, minJudged)
	case r.JudgedShare < minJudged:
		return fmt.Sprintf("judged@%d %.2f < %.2f", k, r.JudgedShare, minJudged)
	case base.JudgedShare < minJudged:
		return fmt.Sprintf("baseline's judged@%d %.2f < %.2f", k, base.JudgedShare, minJudged)
	}
	return ""
}

// paired returns a system's and the baseline's values of the topics both
// have a value for, in topic order.
func paired(a, b []TopicScores, value func(TopicScores) float64) (x, y []float64) {
	byTopic := make(map[string]float64, len(b))
	for _, t := range b {
		if v := value(t); !math.IsNaN(v) {
			byTopic[t.Topic] = v
		}
	}
	for _, t := range a {
		v := value(t)
		if w, ok := byTopic[t.Topic]; ok && !math.IsNaN(v) {
			x, y = append(x, v), append(y, w)
		}
	}
	return x, y
}

// correction returns the p-value adjustment a name gives (see adjust).
func correction(name string) (func([]float64) []float64, error) {
	if _, err := adjust(nil, name); err != nil {
		return nil, err
	}
	return func(p []float64) []float64 {
		adjusted, _ := adjust(p, name) // the name is known
		return adjusted
	}, nil
}

// restrict returns the judgments of the Env's topics alone.
func restrict(j *eval.Judgments, env *system.Env) (*eval.Judgments, error) {
	ids := make([]string, len(env.Topics))
	for i, t := range env.Topics {
		ids[i] = t.ID
	}
	return j.Subset(ids), nil
}

// judgesPairs reports whether qrels judge sentence pairs (Touché 2022) or
// Task 2 passages, the units eval.Estimate estimates, rather than
// arguments.
func judgesPairs(q *eval.Qrels) bool {
	for j := range q.All() {
		_, _, err := docid.ParsePair(j.DocID)
		return err == nil || isPassage(j.DocID)
	}
	return false
}

// isPassage reports whether id is a Touché Task 2 passage, "DOCUMENT___N",
// which eval.Estimate estimates from the document's judged passages.
func isPassage(id string) bool {
	doc, n, ok := strings.Cut(id, "___")
	return ok && doc != "" && n != "" && strings.Trim(n, "0123456789") == ""
}

// rankedSentences reports whether a run ranks sentence pairs or sentences,
// by the first document of its first topic: such a run is mapped with
// Experiment.Pairs for judgments of arguments.
func rankedSentences(run runfile.Run) bool {
	for _, t := range run.Topics() {
		if len(run[t]) == 0 {
			continue
		}
		id := run[t][0].DocID
		if _, _, err := docid.ParsePair(id); err == nil {
			return true
		}
		_, err := docid.ParseSentence(id)
		return err == nil
	}
	return false
}

// runTag is the tag of a run the experiment makes.
func runTag(tag, name string) string {
	if tag != "" {
		return tag
	}
	return strings.Join(strings.Fields(name), "_")
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
