package experiment_test

import (
	"bytes"
	stdcmp "cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/runfile"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// judgments returns relevance judgments of pairs on topics 1 and 2:
// topic 1 judges a,b 2 and a,c 0; topic 2 judges d,e 1.
func judgments(t *testing.T) *eval.Judgments {
	t.Helper()
	q, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "a,b", Label: 2}, {Topic: "1", DocID: "a,c", Label: 0},
		{Topic: "2", DocID: "d,e", Label: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("hand", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// newRun makes a run of ids, best first, per topic.
func newRun(t *testing.T, byTopic map[string][]string) runfile.Run {
	t.Helper()
	rs := map[string][]runfile.Result{}
	for topic, ids := range byTopic {
		for i, id := range ids {
			rs[topic] = append(rs[topic], runfile.Result{DocID: id, Score: float64(len(ids) - i)})
		}
	}
	run, err := runfile.NewRun("t", runfile.Rules{}, rs)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// TestExperimentHandComputed checks a table against values computed by
// hand (log2 3 = 1.585, nDCG of a label-2 document at rank 2 alone is
// 2/1.585/2 = 0.6309).
func TestExperimentHandComputed(t *testing.T) {
	perfect := newRun(t, map[string][]string{"1": {"a,b", "a,c"}, "2": {"d,e"}})
	// Topic 1: an unjudged pair of unjudged sentences, then a,b; topic 2:
	// d,e at 1. Plain: (1/log2 3, 1) → topic 1 0.6309. Judged-only: both 1.
	// b,c is unjudged, but b (2, in a,b) and c (0, in a,c) were judged:
	// estimated (2+0)/2 = 1.
	second := newRun(t, map[string][]string{"1": {"x,y", "a,b", "b,c"}, "2": {"d,e"}})
	x := experiment.Experiment{
		Judgments: judgments(t),
		Systems:   []experiment.System{{Name: "perfect", Run: perfect}, {Name: "second", Run: second}},
		Bootstrap: eval.Bootstrap{Resamples: 200},
		MinJudged: -1, // test judged-only figures however little is judged
	}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(table.Rows) != 2 || table.K != 5 || table.Baseline != "perfect" || table.Correction != "bonferroni" {
		t.Fatalf("got %+v", table)
	}
	r := table.Rows[1]
	approx := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
	l3 := math.Log2(3)
	approx("nDCG", r.NDCG.Mean, (1/l3+1)/2)
	approx("judged-only", r.Judged.Mean, 1)
	approx("judged@5", r.JudgedShare, (1.0/5+1.0/5)/2)
	// Estimated, topic 1: x,y dropped; a,b (2), b,c (1); ideal 2, 1 (the
	// estimate joins the ideal), so 1.
	approx("estimated", r.Estimated.Mean, 1)
	approx("labelled@5", r.Labelled, (2.0/5+1.0/5)/2)
	// The judged results scored: a,b at rank 2 of topic 1, d,e at rank 1
	// of topic 2.
	approx("depth", r.Depth, 1.5)
	approx("median depth", r.DepthMedian, 1.5)
	wantWarning := "judged@5 0.20: judged-only rests on ranks around 2 (median 2)"
	if r.Topics != 2 || r.Judgments != "hand relevance" || r.Warning != wantWarning || len(r.Warnings) != 1 {
		t.Errorf("got %d topics, judgments %q, warning %q; want 2, hand relevance, %q", r.Topics, r.Judgments, r.Warning, wantWarning)
	}
	want := []experiment.TopicScores{{Topic: "1", NDCG: 1 / l3, Judged: 1, Estimated: 1, Own: math.NaN(), Predicted: math.NaN()}, {Topic: "2", NDCG: 1, Judged: 1, Estimated: 1, Own: math.NaN(), Predicted: math.NaN()}}
	if diff := cmp.Diff(want, r.PerTopic, cmpopts.EquateNaNs()); diff != "" {
		t.Errorf("per topic (-want +got):\n%s", diff)
	}
	// Against the perfect run, plain differences (1/log2 3 − 1, 0): t = −1,
	// df 1, p = 0.5; judged-only differences are 0: p = 1.
	approx("p", r.P, 0.5)
	approx("judged p", r.JudgedP, 1)
	if b := table.Rows[0]; !math.IsNaN(b.P) || !math.IsNaN(b.JudgedP) {
		t.Errorf("the baseline's p-values: got %v, %v, want NaN", b.P, b.JudgedP)
	}
}

// TestExperimentCorrections tests three runs against a baseline: the
// p-values are the paired t-tests', adjusted.
func TestExperimentCorrections(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "r", Label: 1}, {Topic: "1", DocID: "n", Label: 0},
		{Topic: "2", DocID: "r", Label: 1}, {Topic: "2", DocID: "n", Label: 0},
		{Topic: "3", DocID: "r", Label: 1}, {Topic: "3", DocID: "n", Label: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("", []eval.Dimension{"args"}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	good := newRun(t, map[string][]string{"1": {"r", "n"}, "2": {"r", "n"}, "3": {"r", "n"}})
	bad := newRun(t, map[string][]string{"1": {"n", "r"}, "2": {"n", "r"}, "3": {"n", "r"}})
	mixed := newRun(t, map[string][]string{"1": {"n", "r"}, "2": {"r", "n"}, "3": {"r", "n"}})
	systems := []experiment.System{{Name: "good", Run: good}, {Name: "bad", Run: bad}, {Name: "mixed", Run: mixed}, {Name: "same", Run: good}}
	raw := map[string]float64{}
	for _, s := range systems[1:] {
		table, err := experiment.Experiment{Judgments: j, Systems: []experiment.System{systems[0], s}, Correction: "none"}.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		raw[s.Name] = table.Rows[1].P
	}
	for _, c := range []struct {
		name   string
		adjust func([]float64) []float64
	}{{"", adjustBy("bonferroni")}, {"holm", adjustBy("holm")}, {"none", func(p []float64) []float64 { return p }}} {
		table, err := experiment.Experiment{Judgments: j, Systems: systems, Correction: c.name}.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := c.adjust([]float64{raw["bad"], raw["mixed"], raw["same"]})
		for i, r := range table.Rows[1:] {
			if math.Abs(r.P-want[i]) > 1e-12 {
				t.Errorf("correction %q, %s: got p %v, want %v", c.name, r.System, r.P, want[i])
			}
		}
		// Judgments of arguments are not estimated.
		if r := table.Rows[0]; !math.IsNaN(r.Estimated.Mean) || !math.IsNaN(r.Labelled) {
			t.Errorf("estimated figures for judgments of arguments: %v, %v", r.Estimated, r.Labelled)
		}
	}
	if _, err := (experiment.Experiment{Judgments: j, Systems: systems, Correction: "sidak"}).Run(context.Background()); err == nil {
		t.Error("an unknown correction: got no error")
	}
}

// TestExperimentPairsAndWarnings scores a run of sentence pairs with
// judgments of arguments: without Pairs it is judged nowhere, and its rows
// say so; with Pairs it is mapped.
func TestExperimentPairsAndWarnings(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "51", DocID: "A", Label: 2}})
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("2021", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	run := newRun(t, map[string][]string{"51": {"A__PREMISE__1,A__CONC__1"}})
	x := experiment.Experiment{Judgments: j, Systems: []experiment.System{{Name: "pairs", Run: run}}}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r := table.Rows[0]; !strings.Contains(r.Warning, "nothing of the run is judged") || !strings.Contains(r.Warning, "-pairs") || r.NDCG.Mean != 0 {
		t.Errorf("unmapped: got warning %q, nDCG %v", r.Warning, r.NDCG.Mean)
	}
	var text bytes.Buffer
	if err := table.Write(&text, "text"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "nothing of the run is judged") {
		t.Errorf("the text table does not print the warning:\n%s", text.String())
	}
	x.Pairs = eval.FirstSentence
	if table, err = x.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := table.Rows[0]; strings.Contains(r.Warning, "nothing") || r.NDCG.Mean != 1 || r.Pairs != eval.FirstSentence {
		t.Errorf("mapped: got warning %q, nDCG %v, pairs %v", r.Warning, r.NDCG.Mean, r.Pairs)
	}
}

// TestExperimentErrors checks what an Experiment refuses.
func TestExperimentErrors(t *testing.T) {
	j := judgments(t)
	run := newRun(t, map[string][]string{"1": {"a,b"}})
	other := newRun(t, map[string][]string{"9": {"a,b"}})
	for name, x := range map[string]experiment.Experiment{
		"no systems":          {Judgments: j},
		"no judgments":        {Systems: []experiment.System{{Name: "a", Run: run}}},
		"no name":             {Judgments: j, Systems: []experiment.System{{Run: run}}},
		"two names":           {Judgments: j, Systems: []experiment.System{{Name: "a", Run: run}, {Name: "a", Run: run}}},
		"nothing to run":      {Judgments: j, Systems: []experiment.System{{Name: "a"}}},
		"a baseline too far":  {Judgments: j, Systems: []experiment.System{{Name: "a", Run: run}}, Baseline: 1},
		"no judged topic":     {Judgments: j, Systems: []experiment.System{{Name: "a", Run: other}}},
		"a negative cutoff":   {Judgments: j, Systems: []experiment.System{{Name: "a", Run: run}}, K: -1},
		"a system and no Env": {Judgments: j, Systems: []experiment.System{{Name: "a", System: nil}}},
	} {
		if _, err := x.Run(context.Background()); err == nil {
			t.Errorf("%s: got no error", name)
		}
	}
}

// TestWriteTSVAndJSON checks the machine formats: the TSV header, and JSON
// with null for what is not computed.
func TestWriteTSVAndJSON(t *testing.T) {
	run := newRun(t, map[string][]string{"1": {"a,b"}, "2": {"d,e"}})
	table, err := experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "a", Run: run}, {Name: "b", Run: run}}, K: 10}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var tsv bytes.Buffer
	if err := table.Write(&tsv, "tsv"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(tsv.String(), "\n"), "\n")
	want := "run\tjudgments\ttopics\tndcg10\tndcg10_low\tndcg10_high\tjudged_ndcg10\tjudged_ndcg10_low\tjudged_ndcg10_high\tp\tjudged10\t" +
		"p_plain\testimated_judged_ndcg10\testimated_judged_ndcg10_low\testimated_judged_ndcg10_high\testimated_p\tlabelled10\twarning\t" +
		"depth10\tdepth10_median\tp_untested\town_ndcg10\town_ndcg10_low\town_ndcg10_high\town_p\town_judged10" +
		"\tpredicted_ndcg10\tpredicted_ndcg10_low\tpredicted_ndcg10_high\tpredicted_p\tin_sample\tp_in_sample"
	if lines[0] != want || len(lines) != 3 || len(strings.Split(lines[1], "\t")) != 32 {
		t.Errorf("got\n%s", tsv.String())
	}
	var js bytes.Buffer
	if err := table.Write(&js, "json"); err != nil {
		t.Fatal(err)
	}
	var got struct {
		K    int
		Rows []struct {
			System   string
			P        *float64 `json:"judged_p"`
			Untested string   `json:"judged_p_untested"`
			Share    *float64 `json:"judged_share"`
			Depth    *float64 `json:"depth"`
			Warnings []string `json:"warnings"`
		}
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	// Each run has one result of ten judged, at rank 1: judged@10 0.10 is
	// below 0.5, so judged-only is not tested, and the rows say why.
	if got.K != 10 || len(got.Rows) != 2 || got.Rows[0].P != nil || got.Rows[1].P != nil ||
		got.Rows[1].Untested != "judged@10 0.10 and 0.10 < 0.20" || *got.Rows[1].Share != 0.1 || *got.Rows[1].Depth != 1 ||
		len(got.Rows[1].Warnings) != 1 || !strings.Contains(got.Rows[1].Warnings[0], "judged-only rests on ranks around 1") {
		t.Errorf("got %s", js.String())
	}
}

// TestSweep chooses among three variants whose per-topic judged-only
// values are known: on topics 1-4, "early" ranks the relevant document
// first on topics 1 and 2, "late" on 3 and 4, "never" nowhere.
func TestSweep(t *testing.T) {
	var js []eval.Judgment
	for _, topic := range []string{"1", "2", "3", "4"} {
		js = append(js, eval.Judgment{Topic: topic, DocID: "r", Label: 1}, eval.Judgment{Topic: topic, DocID: "n", Label: 0})
	}
	q, err := eval.NewQrels(js)
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	rel, non := []string{"r", "n"}, []string{"n", "r"}
	variants := []experiment.System{
		{Name: "never", Run: newRun(t, map[string][]string{"1": non, "2": non, "3": non, "4": non})},
		{Name: "early", Run: newRun(t, map[string][]string{"1": rel, "2": rel, "3": non, "4": non})},
		{Name: "late", Run: newRun(t, map[string][]string{"1": non, "2": non, "3": rel, "4": rel})},
	}
	x := experiment.Experiment{Judgments: j, Systems: variants, Bootstrap: eval.Bootstrap{Resamples: 100}}
	nonValue := 1 / math.Log2(3) // judged-only nDCG with r at rank 2
	// Chosen on topics 1 and 2: early; reported on 3 and 4, where it ranks
	// r second.
	res, err := experiment.Sweep{Experiment: x, Train: []string{"1", "2"}}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"early"}, res.Chosen); diff != "" || math.Abs(res.Reported.Mean-nonValue) > 1e-12 {
		t.Errorf("train on 1, 2: chose %v, reported %v; want early, %v", res.Chosen, res.Reported.Mean, nonValue)
	}
	// Two folds, {1, 3} and {2, 4}: each other fold holds one early and one
	// late topic, a tie, which goes to the first listed of the two
	// (early): reported early's values, 1 on 1 and 2, nonValue on 3, 4.
	res, err = experiment.Sweep{Experiment: x, Folds: 2}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"early", "early"}, res.Chosen); diff != "" || math.Abs(res.Reported.Mean-(1+nonValue)/2) > 1e-12 || len(res.PerTopic) != 4 {
		t.Errorf("two folds: chose %v, reported %v over %d topics; want early twice, %v over 4", res.Chosen, res.Reported.Mean, len(res.PerTopic), (1+nonValue)/2)
	}
	for name, s := range map[string]experiment.Sweep{
		"both":           {Experiment: x, Train: []string{"1"}, Folds: 2},
		"neither":        {Experiment: x},
		"one variant":    {Experiment: experiment.Experiment{Judgments: j, Systems: variants[:1]}, Folds: 2},
		"all for train":  {Experiment: x, Train: []string{"1", "2", "3", "4"}},
		"too many folds": {Experiment: x, Folds: 5},
	} {
		if _, err := s.Run(context.Background()); err == nil {
			t.Errorf("%s: got no error", name)
		}
	}
}

// TestExperimentTooLittleToFit runs three dimensions of judgments too small
// for eval.FitEstimate (no judged pair has both sentences in other judged
// pairs): the table is made, with the mean estimate for coherence.
func TestExperimentTooLittleToFit(t *testing.T) {
	var qs []*eval.Qrels
	for range 3 {
		q, err := eval.NewQrels([]eval.Judgment{{Topic: "1", DocID: "a,b", Label: 2}, {Topic: "1", DocID: "c,d", Label: 0}})
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	j, err := eval.NewJudgments("small", []eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence}, qs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.FitEstimate(j, eval.Coherence); err == nil {
		t.Fatal("FitEstimate fits these judgments: the test no longer tests the fallback")
	}
	// a,d is unjudged; its sentences' means are 2 and 0: estimated 1.
	run := newRun(t, map[string][]string{"1": {"a,d", "a,b"}})
	table, err := experiment.Experiment{Judgments: j, Systems: []experiment.System{{Name: "s", Run: run}},
		Bootstrap: eval.Bootstrap{Resamples: 50}}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(table.Rows) != 3 {
		t.Fatalf("got %d rows, want one per dimension", len(table.Rows))
	}
	coh := table.Rows[2]
	if got, want := coh.Labelled, 2.0/5; math.Abs(got-want) > 1e-12 {
		t.Errorf("coherence labelled@5: got %v, want %v (a,d estimated, a,b judged)", got, want)
	}
}

// TestJudgedOnlyGate tests judged-only figures only where both runs' top 5
// are judged enough, and with the test asked for.
func TestJudgedOnlyGate(t *testing.T) {
	var js []eval.Judgment
	byTopic := map[string][]string{}
	deep := map[string][]string{}
	reversed := map[string][]string{}
	for _, topic := range []string{"1", "2", "3", "4", "5", "6"} {
		for i, l := range []int{2, 1, 0, 1, 2} {
			id := fmt.Sprintf("s%d,t%d", i, i)
			js = append(js, eval.Judgment{Topic: topic, DocID: id, Label: l})
			byTopic[topic] = append(byTopic[topic], id)
		}
		reversed[topic] = slices.Clone(byTopic[topic])
		slices.Reverse(reversed[topic])
		if topic == "1" {
			reversed[topic] = byTopic[topic]
		}
		// Four unjudged pairs of unjudged sentences, then the judged ones.
		deep[topic] = append([]string{"u1,v1", "u2,v2", "u3,v3", "u4,v4"}, byTopic[topic]...)
	}
	q, err := eval.NewQrels(js)
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("gate", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	x := experiment.Experiment{Judgments: j, Bootstrap: eval.Bootstrap{Resamples: 50}, Test: eval.PairedTest{Method: "wilcoxon"}, MinJudged: 0.3,
		Systems: []experiment.System{{Name: "judged", Run: newRun(t, byTopic)}, {Name: "reversed", Run: newRun(t, reversed)}, {Name: "deep", Run: newRun(t, deep)}}}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rev, dp := table.Rows[1], table.Rows[2]
	var a, b []float64
	for i := range rev.PerTopic {
		a, b = append(a, rev.PerTopic[i].Judged), append(b, table.Rows[0].PerTopic[i].Judged)
	}
	p, err := eval.PairedTest{Method: "wilcoxon"}.P(a, b)
	if err != nil {
		t.Fatal(err)
	}
	// One of two p-values in the family: Bonferroni doubles it.
	if want := math.Min(1, 2*p); rev.Untested != "" || math.Abs(rev.JudgedP-want) > 1e-12 || rev.JudgedShare != 1 || rev.Depth != 3 {
		t.Errorf("reversed: p %v (untested %q), judged@5 %v, depth %v; want p %v, judged@5 1, depth 3", rev.JudgedP, rev.Untested, rev.JudgedShare, rev.Depth, want)
	}
	if !math.IsNaN(dp.JudgedP) || dp.Untested != "judged@5 0.20 < 0.30" || dp.Depth != 7 || dp.DepthMedian != 7 ||
		dp.Warning != "judged@5 0.20: judged-only rests on ranks around 7 (median 7)" {
		t.Errorf("deep: p %v, untested %q, depth %v/%v, warning %q", dp.JudgedP, dp.Untested, dp.Depth, dp.DepthMedian, dp.Warning)
	}
	if math.IsNaN(dp.P) {
		t.Error("deep: the plain nDCG is not tested")
	}
	if table.Test != "Wilcoxon signed-rank test" || !strings.Contains(table.Family, "up to 2 p-values") {
		t.Errorf("test %q, family %q", table.Test, table.Family)
	}
	var text bytes.Buffer
	if err := table.Write(&text, "wide"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Wilcoxon signed-rank test against judged", "untested: judged@5 0.20 < 0.30", "p (Wilcoxon signed-rank test, Bonferroni) judged-only"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text table lacks %q:\n%s", want, text.String())
		}
	}
	x.MinJudged = -1
	if table, err = x.Run(context.Background()); err != nil || math.IsNaN(table.Rows[2].JudgedP) {
		t.Errorf("MinJudged -1: %v, deep's p %v", err, table.Rows[2].JudgedP)
	}
	x.Test.Method = "sign"
	if _, err := x.Run(context.Background()); err == nil {
		t.Error("an unknown test: no error")
	}
}

// TestOwnJudgments adds own judgments to the hand-made ones: they give
// columns of their own, labelled with their number, and change no other.
func TestOwnJudgments(t *testing.T) {
	// Topic 1 ranks x,y (unjudged officially), then a,b (2); topic 2 d,e (1).
	run := newRun(t, map[string][]string{"1": {"x,y", "a,b"}, "2": {"d,e"}})
	q, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "x,y", Label: 1},
		{Topic: "1", DocID: "a,b", Label: 0}, // officially 2: the official label wins
		{Topic: "9", DocID: "p,q", Label: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	own, err := eval.NewJudgments("mine", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	x := experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "a", Run: run}, {Name: "b", Run: run}},
		Bootstrap: eval.Bootstrap{Resamples: 50}}
	without, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	x.Own = []*eval.Judgments{own}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// x,y and p,q add to the official judgments; a,b does not.
	if table.Own != 2 {
		t.Errorf("own judgments added: got %d, want 2", table.Own)
	}
	r := table.Rows[0]
	// Topic 1: gains 1, 2 against the ideal 2, 1, 0: (1 + 2/log2 3) /
	// (2 + 1/log2 3); topic 2: 1.
	l3 := math.Log2(3)
	want := ((1+2/l3)/(2+1/l3) + 1) / 2
	if math.Abs(r.Own.Mean-want) > 1e-12 || math.Abs(r.OwnShare-(2.0/5+1.0/5)/2) > 1e-12 {
		t.Errorf("own: nDCG@5 %v, judged@5 %v; want %v, %v", r.Own.Mean, r.OwnShare, want, (2.0/5+1.0/5)/2)
	}
	if math.Abs(r.NDCG.Mean-without.Rows[0].NDCG.Mean) > 0 || r.Judged != without.Rows[0].Judged || r.JudgedShare != without.Rows[0].JudgedShare {
		t.Errorf("the official figures changed with own judgments: %+v against %+v", r, without.Rows[0])
	}
	if !math.IsNaN(without.Rows[0].Own.Mean) || !math.IsNaN(without.Rows[0].OwnShare) {
		t.Errorf("own figures without own judgments: %v, %v", without.Rows[0].Own, without.Rows[0].OwnShare)
	}
	var text, plain bytes.Buffer
	if err := table.Write(&text, "wide"); err != nil {
		t.Fatal(err)
	}
	if err := without.Write(&plain, "wide"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "nDCG@5 official + 2 own") || !strings.Contains(text.String(), "judged@5 official + 2 own") || strings.Contains(plain.String(), "own") {
		t.Errorf("the own columns: with\n%s\nwithout\n%s", text.String(), plain.String())
	}
	var topics bytes.Buffer
	if err := table.Write(&topics, "topics"); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(topics.String(), "\n"); !strings.Contains(lines[0], "official + 2 own") || !strings.HasSuffix(strings.TrimSpace(lines[1]), fmt.Sprintf("%.4f", (1+2/l3)/(2+1/l3))) {
		t.Errorf("per topic, with own judgments:\n%s", topics.String())
	}
}

// constantPredictor predicts every unjudged pair's label as 1: a stand-in
// for eval/unjudged's Model.
type constantPredictor struct{ j *eval.Judgments }

func (c constantPredictor) NDCG(_ context.Context, run runfile.Run, k int, d eval.Dimension, opt eval.Options) (*eval.EstimatedNDCG, error) {
	q := c.j.Qrels(d)
	res := &eval.EstimatedNDCG{}
	for _, topic := range q.Topics() {
		lines, ok := run[topic]
		if !ok {
			continue
		}
		var gains, ideal []float64
		for jd := range q.All() {
			if jd.Topic == topic && jd.Label > 0 {
				ideal = append(ideal, float64(jd.Label))
			}
		}
		for _, l := range lines[:min(k, len(lines))] { // lines are best first here
			g := 1.0
			if label, ok := q.Label(topic, l.DocID); ok {
				g = float64(label)
			} else {
				ideal = append(ideal, 1)
			}
			gains = append(gains, g)
		}
		slices.SortFunc(ideal, func(a, b float64) int { return stdcmp.Compare(b, a) })
		dcg, idcg := 0.0, 0.0
		for i := range min(k, len(gains)) {
			dcg += gains[i] / math.Log2(float64(i+2))
		}
		for i := range min(k, len(ideal)) {
			idcg += ideal[i] / math.Log2(float64(i+2))
		}
		res.Topics = append(res.Topics, topic)
		res.Values = append(res.Values, dcg/idcg)
		res.Labelled = append(res.Labelled, 1)
	}
	return res, nil
}

// TestPredictedHeadline checks that a table with a predictor leads with
// the predicted figure, and a Sweep chooses by it.
func TestPredictedHeadline(t *testing.T) {
	j := judgments(t)
	// Topic 1: x,y (predicted 1), a,b (2); topic 2: d,e (1).
	run := newRun(t, map[string][]string{"1": {"x,y", "a,b"}, "2": {"d,e"}})
	other := newRun(t, map[string][]string{"1": {"a,b", "x,y"}, "2": {"d,e"}})
	x := experiment.Experiment{Judgments: j, Systems: []experiment.System{{Name: "a", Run: run}, {Name: "b", Run: other}},
		Bootstrap: eval.Bootstrap{Resamples: 50}, Predicted: constantPredictor{j}}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	l3 := math.Log2(3)
	// Topic 1: gains 1, 2 against the ideal 2, 1: (1 + 2/log2 3) / (2 + 1/log2 3).
	want := ((1+2/l3)/(2+1/l3) + 1) / 2
	if r := table.Rows[0]; table.Headline != "predicted" || math.Abs(r.Predicted.Mean-want) > 1e-12 || !math.IsNaN(r.PredictedP) || math.IsNaN(table.Rows[1].PredictedP) {
		t.Errorf("headline %q, predicted %v (p %v, b's %v); want predicted, %v", table.Headline, r.Predicted.Mean, r.PredictedP, table.Rows[1].PredictedP, want)
	}
	for format, want := range map[string]string{"text": "system judgments predicted nDCG@5 CI95 p", "wide": "run judgments topics predicted nDCG@5"} {
		var text bytes.Buffer
		if err := table.Write(&text, format); err != nil {
			t.Fatal(err)
		}
		if header := tableHeader(text.String()); !strings.HasPrefix(header, want) {
			t.Errorf("the %s table does not lead with the predicted figure: header %q, want %q...:\n%s", format, header, want, text.String())
		}
	}
	res, err := experiment.Sweep{Experiment: x, Train: []string{"1"}}.Run(context.Background())
	if err != nil || res.Measure != "predicted" || res.Chosen[0] != "b" {
		t.Errorf("sweep: %v, measure %q, chose %v; want predicted, b", err, res.Measure, res.Chosen)
	}
}

// adjustBy returns the p-value correction of a method, "bonferroni" or
// "holm", computed here from the definitions: Bonferroni multiplies each
// p-value by their number; Holm multiplies the i-th smallest (from 0) by
// m−i and keeps the results non-decreasing in that order; both cap at 1.
func adjustBy(method string) func([]float64) []float64 {
	return func(p []float64) []float64 {
		m := len(p)
		q := make([]float64, m)
		if method == "bonferroni" {
			for i, v := range p {
				q[i] = math.Min(1, v*float64(m))
			}
			return q
		}
		order := make([]int, m)
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return stdcmp.Compare(p[a], p[b]) })
		running := 0.0
		for rank, i := range order {
			running = math.Max(running, math.Min(1, p[i]*float64(m-rank)))
			q[i] = running
		}
		return q
	}
}

// tableHeader returns the header line of a table in Write's "text" or
// "wide" format (the line after the first blank line), its fields joined by
// one space.
func tableHeader(text string) string {
	_, rest, _ := strings.Cut(text, "\n\n")
	line, _, _ := strings.Cut(rest, "\n")
	return strings.Join(strings.Fields(line), " ")
}
