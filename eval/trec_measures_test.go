package eval_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestIncompleteJudgmentMeasures checks bpref, infAP, unj and their
// neighbours on the fixture's topic 1, computed by hand: the ranking is d3
// (label 0), dx (not judged), d4 (-2: judged but unjudged for infAP), d1
// (2), d2 (1); three documents are relevant (d1, d2, d5), one nonrelevant.
func TestIncompleteJudgmentMeasures(t *testing.T) {
	q, run := mustFixture(t)
	const eps = 0.00001
	infAP := (1.0/4 + (3.0/4)*(2.0/3)*(eps/(1+2*eps)) + 1.0/5 + (4.0/5)*(3.0/4)*((1+eps)/(2+2*eps))) / 3
	tests := []struct {
		opt  eval.Options
		want map[string]float64
	}{
		{eval.Options{Measures: mustMeasures(t, "all_trec")}, map[string]float64{
			"bpref": 0, "infAP": infAP, "unj_5": 2.0 / 5, "unj_10": 2.0 / 10, "Rprec": 0, "recall_5": 2.0 / 3,
			"num_nonrel_judged_ret": 1, "num_rel": 3, "success_1": 0, "success_5": 1, "set_P": 2.0 / 5,
			"set_recall": 2.0 / 3, "relative_P_5": 2.0 / 3, "map_cut_5": (1.0/4 + 2.0/5) / 3,
			"iprec_at_recall_0.00": 2.0 / 5, "iprec_at_recall_1.00": 0,
		}},
		// -J: d3, d1, d2.
		{eval.Options{JudgedOnly: true, Measures: mustMeasures(t, "bpref", "unj.5", "num_ret", "P.2")}, map[string]float64{
			"bpref": 0, "unj_5": 0, "num_ret": 3, "P_2": 0.5,
		}},
		// -l 2: only d1 is relevant; d2 and d5 are judged nonrelevant.
		{eval.Options{RelevanceLevel: 2, Measures: mustMeasures(t, "P.5", "recall.5", "num_rel", "bpref", "ndcg_cut.5")}, map[string]float64{
			"P_5": 1.0 / 5, "recall_5": 1, "num_rel": 1, "bpref": 0, "ndcg_cut_5": t1DCG5 / t1IDCG5,
		}},
		// -M 3: d3, dx, d4.
		{eval.Options{MaxRetrieved: 3, Measures: mustMeasures(t, "num_ret", "P.5", "unj.5")}, map[string]float64{
			"num_ret": 3, "P_5": 0, "unj_5": 2.0 / 5,
		}},
	}
	for _, tc := range tests {
		e, err := eval.Evaluate(q, run, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range tc.want {
			v, err := e.PerTopic(name)
			if err != nil {
				t.Errorf("%+v: %s: %v", tc.opt, name, err)
				continue
			}
			if math.Abs(v[0]-want) > 1e-12 {
				t.Errorf("%+v: %s of topic 1: got %v, want %v", tc.opt, name, v[0], want)
			}
		}
	}
}

// TestMeasureNames checks that values are found by trec_eval's names and
// by ir_measures', and that the per-topic strings print as trec_eval
// prints them.
func TestMeasureNames(t *testing.T) {
	q, run := mustFixture(t)
	e, err := eval.Evaluate(q, run, eval.Options{Measures: mustMeasures(t, "official", "relstring.4", "ndcg.1=3,2=9")})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"map", "AP", "P_5", "P.5", "P@5", "bpref", "Bpref", "iprec_at_recall_0.10", "gm_map", "num_q", "ndcg_1=3,2=9"} {
		if _, err := e.Mean(name); err != nil {
			t.Errorf("Mean(%q): %v", name, err)
		}
	}
	for _, name := range []string{"runid", "relstring", "relstring_4", "official", "iprec_at_recall", "recall_5"} {
		if _, err := e.Mean(name); !errors.Is(err, eval.ErrUnknownMeasure) {
			t.Errorf("Mean(%q): got %v, want ErrUnknownMeasure", name, err)
		}
	}
	if n, _ := e.Mean("num_q"); n != 2 {
		t.Errorf("num_q: got %v, want 2", n)
	}
	var out bytes.Buffer
	if err := e.WriteTrecEval(&out, true); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"runid                 \tall\ttag\n", "relstring_4           \t1\t'0-.2'\n", "relstring_4           \t3\t'0'\n"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("output lacks %q:\n%s", line, out.String())
		}
	}
	if strings.Contains(out.String(), "gm_map                \t1\t") {
		t.Errorf("gm_map printed for a topic:\n%s", out.String())
	}
}

// TestZScores checks -Z: values become (v - mean) / sd, a missing one
// -1000000, and the names start with Z.
func TestZScores(t *testing.T) {
	q, run := mustFixture(t)
	z, err := eval.ReadZScores(strings.NewReader("1 P_5 0.1 0.2\n3 P_5 0 0\n\n1 num_ret 4 0.5\n"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := eval.Evaluate(q, run, eval.Options{ZScores: z, Measures: mustMeasures(t, "P.5", "num_ret", "map")})
	if err != nil {
		t.Fatal(err)
	}
	// In trec_eval order num_ret, map, P_5. Topic 1: 5, 0.22, 0.4; topic 3:
	// 1, 0, 0.
	want := []eval.TopicScores{
		{Topic: "1", Values: []float64{2, -1000000, (0.4 - 0.1) / 0.2}},
		{Topic: "3", Values: []float64{-1000000, -1000000, 0}},
	}
	if diff := cmp.Diff(want, e.Topics, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
		t.Errorf("z-scores (-want +got):\n%s", diff)
	}
	var out bytes.Buffer
	if err := e.WriteTrecEval(&out, false); err != nil {
		t.Fatal(err)
	}
	if want := "Znum_ret               \tall\t-999998.0000\n"; !strings.Contains(out.String(), want) {
		t.Errorf("got\n%s\nwant a line %q", out.String(), want)
	}
	var pe *eval.ParseError
	if _, err := eval.ReadZScores(strings.NewReader("1 P_5 0.1\n")); !errors.As(err, &pe) || pe.Line != 1 {
		t.Errorf("a line of 3 fields: got %v, want a *ParseError for line 1", err)
	}
	// A qrels file is not a z-score file: its third field is a document id.
	_, err = eval.ReadZScores(strings.NewReader("# qrels\n1 0 Sa__PREMISE__1,Sb__CONC__1 2\n"))
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(err.Error(), "qid measure mean sd") {
		t.Errorf("a qrels file: got %v, want a *ParseError for line 2 saying what a z-score line holds", err)
	}
	if _, err := eval.ReadZScores(strings.NewReader("1 P_5 0.1 x\n")); !errors.As(err, &pe) || !strings.Contains(err.Error(), `z-score line 1, field sd: "x" is not a number`) {
		t.Errorf("an sd that is not a number: got %v", err)
	}
	if _, err := eval.ReadZScores(strings.NewReader("1 P_5 1e999 inf\n")); err != nil {
		t.Errorf("numbers out of range and inf, which atof reads: got %v", err)
	}
}
