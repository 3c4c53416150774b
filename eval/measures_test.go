package eval_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Hand-checkable fixture.
//
// Topic 1 judges d1:2 d2:1 d3:0 d4:-2 (spam) d5:1 (never retrieved); 3
// relevant, ideal gains 2, 1, 1. The run ranks, by score and then docno
// descending: d3 (3.0, label 0), dx (2.5, unjudged), d4 (2.0, spam; ties
// with d1 and "d4" > "d1"), d1 (2.0, label 2), d2 (1.0, label 1).
// Topic 2 is judged but not in the run. Topic 3 judges only f1:0, which the
// run retrieves. Topic 9 is in the run but not judged.
const fixtureQrels = `1 0 d1 2
1 0 d2 1
1 0 d3 0
1 0 d4 -2
1 0 d5 1
2 0 e1 1
3 0 f1 0
`

const fixtureRun = `1 Q0 d1 1 2.0 tag
1 Q0 d2 2 1.0 tag
1 Q0 d3 3 3.0 tag
1 Q0 d4 4 2.0 tag
1 Q0 dx 5 2.5 tag
3 PRO f1 0 1 tag
9 CON g1 0 7 tag
`

func mustFixture(t testing.TB) (*eval.Qrels, runfile.Run) {
	t.Helper()
	q, err := eval.ReadQrels(strings.NewReader(fixtureQrels))
	if err != nil {
		t.Fatal(err)
	}
	run, err := runfile.NewReader(strings.NewReader(fixtureRun)).ReadRun()
	if err != nil {
		t.Fatal(err)
	}
	return q, run
}

func mustMeasures(t *testing.T, specs ...string) []eval.Measure {
	t.Helper()
	var ms []eval.Measure
	for _, s := range specs {
		m, err := eval.ParseMeasure(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

func log2(x float64) float64 { return math.Log2(x) }

// Hand-computed values for topic 1.
var (
	// Plain ranking: rels 0, -, -, 2, 1 at ranks 1..5.
	t1MAP   = (1.0/4 + 2.0/5) / 3
	t1DCG5  = 2/log2(5) + 1/log2(6)
	t1IDCG5 = 2 + 1/log2(3) + 1/log2(4)
	// Judged only: d3 (0), d1 (2), d2 (1).
	t1JMAP   = (1.0/2 + 2.0/3) / 3
	t1JDCG2  = 2 / log2(3)
	t1JIDCG2 = 2 + 1/log2(3)
	t1JDCG5  = 2/log2(3) + 1/log2(4)
)

func TestEvaluateFixture(t *testing.T) {
	q, run := mustFixture(t)
	measures := []string{"num_ret", "num_rel_ret", "map", "recip_rank", "P.2,5,10", "ndcg_cut.2,5"}
	names := []string{"num_ret", "num_rel_ret", "map", "recip_rank", "P_2", "P_5", "P_10", "ndcg_cut_2", "ndcg_cut_5"}
	zero := make([]float64, len(names))
	topic3 := []float64{1, 0, 0, 0, 0, 0, 0, 0, 0}
	plain1 := []float64{5, 2, t1MAP, 1.0 / 4, 0, 2.0 / 5, 2.0 / 10, 0, t1DCG5 / t1IDCG5}
	judged1 := []float64{3, 2, t1JMAP, 1.0 / 2, 1.0 / 2, 2.0 / 5, 2.0 / 10, t1JDCG2 / t1JIDCG2, t1JDCG5 / t1IDCG5}
	mean := func(n float64, rows ...[]float64) []float64 {
		m := make([]float64, len(names))
		for _, r := range rows {
			for i, v := range r {
				m[i] += v
			}
		}
		for i := 2; i < len(m); i++ { // num_ret and num_rel_ret are sums
			m[i] /= n
		}
		return m
	}
	tests := []struct {
		name   string
		opt    eval.Options
		topics []eval.TopicScores
		means  []float64
	}{
		{
			name:   "default: topics in both run and qrels",
			topics: []eval.TopicScores{{Topic: "1", Values: plain1}, {Topic: "3", Values: topic3}},
			means:  mean(2, plain1, topic3),
		},
		{
			name:   "complete (-c): missing topic 2 scores 0",
			opt:    eval.Options{Complete: true},
			topics: []eval.TopicScores{{Topic: "1", Values: plain1}, {Topic: "2", Values: zero}, {Topic: "3", Values: topic3}},
			means:  mean(3, plain1, zero, topic3),
		},
		{
			name:   "judged only (-J): unjudged and spam dropped before cutting",
			opt:    eval.Options{JudgedOnly: true},
			topics: []eval.TopicScores{{Topic: "1", Values: judged1}, {Topic: "3", Values: topic3}},
			means:  mean(2, judged1, topic3),
		},
		{
			name:   "-c -J",
			opt:    eval.Options{JudgedOnly: true, Complete: true},
			topics: []eval.TopicScores{{Topic: "1", Values: judged1}, {Topic: "2", Values: zero}, {Topic: "3", Values: topic3}},
			means:  mean(3, judged1, zero, topic3),
		},
	}
	approx := cmpopts.EquateApprox(0, 1e-12)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.Measures = mustMeasures(t, measures...)
			e, err := eval.Evaluate(q, run, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(names, e.Names); diff != "" {
				t.Errorf("names: got differ from want (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.topics, e.Topics, approx); diff != "" {
				t.Errorf("topics: got differ from want (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.means, e.Means, approx); diff != "" {
				t.Errorf("means: got differ from want (-want +got):\n%s", diff)
			}
		})
	}
}

func TestEvaluateTies(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "7", DocID: "a", Label: 1}, {Topic: "7", DocID: "b", Label: 0}})
	if err != nil {
		t.Fatal(err)
	}
	// Equal scores: trec_eval puts "b" before "a" (docno descending),
	// whatever the rank column or input order says.
	run := runfile.Run{"7": {{DocID: "a", Score: 1}, {DocID: "b", Score: 1}}}
	e, err := eval.Evaluate(q, run, eval.Options{Measures: mustMeasures(t, "recip_rank", "ndcg_cut.1")})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0.5, 0}
	if diff := cmp.Diff(want, e.Means); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
}

func TestEvaluateGradedNDCG(t *testing.T) {
	// Gains are labels (2 counts double); the ideal includes the unretrieved
	// label-2 document; negative labels give no gain.
	q, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "a", Label: 1},
		{Topic: "1", DocID: "b", Label: 2},
		{Topic: "1", DocID: "c", Label: -2},
		{Topic: "1", DocID: "d", Label: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	run := runfile.Run{"1": {{DocID: "c", Score: 3}, {DocID: "a", Score: 2}, {DocID: "b", Score: 1}}}
	e, err := eval.Evaluate(q, run, eval.Options{Measures: mustMeasures(t, "ndcg_cut.3")})
	if err != nil {
		t.Fatal(err)
	}
	dcg := 1/log2(3) + 2/log2(4)
	idcg := 2 + 2/log2(3) + 1/log2(4)
	got, _ := e.Mean("ndcg_cut_3")
	if math.Abs(got-dcg/idcg) > 1e-12 {
		t.Errorf("ndcg_cut_3: got %v, want %v", got, dcg/idcg)
	}
}

func TestEvaluateEmptyRun(t *testing.T) {
	q, _ := mustFixture(t)
	for _, run := range []runfile.Run{nil, {}, {"1": nil}} {
		_, err := eval.Evaluate(q, run, eval.Options{})
		if !errors.Is(err, eval.ErrNoTopics) || err.Error() != "eval: the run is empty" {
			t.Errorf("empty run %v without -c: got error %v, want \"eval: the run is empty\", ErrNoTopics", run, err)
		}
	}
	// Only unjudged topics: nothing to evaluate either.
	if _, err := eval.Evaluate(q, runfile.Run{"9": {{DocID: "x", Score: 1}}}, eval.Options{}); !errors.Is(err, eval.ErrNoTopics) || strings.Contains(err.Error(), "empty") {
		t.Errorf("run of unjudged topics: got error %v, want ErrNoTopics", err)
	}
	// trec_eval -c prints zeros for a run with no documents; Evaluate gives
	// them too, but says that nothing was judged.
	e, err := eval.Evaluate(q, runfile.Run{}, eval.Options{Complete: true, Measures: mustMeasures(t, "map", "num_ret")})
	if !errors.Is(err, eval.ErrNothingJudged) {
		t.Fatalf("got error %v, want ErrNothingJudged", err)
	}
	if got, want := len(e.Topics), 3; got != want {
		t.Errorf("topics: got %d, want %d", got, want)
	}
	if diff := cmp.Diff([]float64{0, 0}, e.Means); diff != "" {
		t.Errorf("means: got differ from want (-want +got):\n%s", diff)
	}
}

func TestEvaluateDuplicateInRun(t *testing.T) {
	q, _ := mustFixture(t)
	run := runfile.Run{"1": {{DocID: "d1", Score: 2}, {DocID: "d2", Score: 1}, {DocID: "d1", Score: 0.5}}}
	if _, err := eval.Evaluate(q, run, eval.Options{}); !errors.Is(err, runfile.ErrDuplicate) {
		t.Errorf("got error %v, want ErrDuplicate", err)
	}
}

func TestEvaluateNaNScore(t *testing.T) {
	q, _ := mustFixture(t)
	run := runfile.Run{"1": {{DocID: "d1", Score: math.NaN()}}}
	if _, err := eval.Evaluate(q, run, eval.Options{}); !errors.Is(err, runfile.ErrScore) {
		t.Errorf("got error %v, want ErrScore", err)
	}
}

func TestEvaluateDefaultMeasures(t *testing.T) {
	q, run := mustFixture(t)
	e, err := eval.Evaluate(q, run, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"num_ret", "num_rel_ret", "map", "recip_rank"}
	for _, p := range []string{"P", "ndcg_cut"} {
		for _, k := range []string{"5", "10", "15", "20", "30", "100", "200", "500", "1000"} {
			want = append(want, p+"_"+k)
		}
	}
	if diff := cmp.Diff(want, e.Names); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
}

func TestMeasureOrderAndFirstCutoffsWin(t *testing.T) {
	q, run := mustFixture(t)
	// Asked in another order, with P twice: trec_eval's order, and the
	// first P that gives cutoffs sets them.
	e, err := eval.Evaluate(q, run, eval.Options{Measures: mustMeasures(t, "ndcg_cut.5", "P", "P.10,2", "P.3", "map")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"map", "P_2", "P_10", "ndcg_cut_5"}
	if diff := cmp.Diff(want, e.Names); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
}

func TestParseMeasure(t *testing.T) {
	tests := []struct {
		in      string
		want    eval.Measure
		wantErr error
		str     string // String, if not in
	}{
		{in: "ndcg_cut.10,20,23.4", want: eval.Measure{Name: "ndcg_cut", Cutoffs: []int{10, 20, 23}}, str: "ndcg_cut.10,20,23"},
		{in: "ndcg", want: eval.Measure{Name: "ndcg"}},
		{in: "ndcg.1=3,2=9,4=4.5", want: eval.Measure{Name: "ndcg", Params: "1=3,2=9,4=4.5"}},
		{in: "utility.2,-1,0,0", want: eval.Measure{Name: "utility", Params: "2,-1,0,0"}},
		{in: "iprec_at_recall..10,.20", want: eval.Measure{Name: "iprec_at_recall", Params: ".10,.20"}},
		{in: "all_trec", want: eval.Measure{Name: "all_trec"}},
		{in: "R@10", want: eval.Measure{Name: "recall", Cutoffs: []int{10}}, str: "recall.10"},
		{in: "all_trec.5", wantErr: eval.ErrUnknownMeasure},
		{in: "utility.1,2", wantErr: eval.ErrUnknownMeasure},
		{in: "ndcg.1", wantErr: eval.ErrUnknownMeasure},
		{in: "iprec_at_recall.0.5,.5", wantErr: eval.ErrUnknownMeasure},
		{in: "ndcgx", wantErr: eval.ErrUnknownMeasure},
		{in: "map", want: eval.Measure{Name: "map"}},
		{in: "ndcg_cut.1000,5,10", want: eval.Measure{Name: "ndcg_cut", Cutoffs: []int{1000, 5, 10}}},
		{in: "P.5", want: eval.Measure{Name: "P", Cutoffs: []int{5}}},
		{in: "map.5", wantErr: eval.ErrUnknownMeasure},
		{in: "P.0", wantErr: eval.ErrUnknownMeasure},
		{in: "P.5,5", wantErr: eval.ErrUnknownMeasure},
		{in: "P.", wantErr: eval.ErrUnknownMeasure},
		{in: "P.x", wantErr: eval.ErrUnknownMeasure},
		{in: "nDCG@0", wantErr: eval.ErrUnknownMeasure},
		{in: "nDCG@05", wantErr: eval.ErrUnknownMeasure},
		{in: "MAP@5", wantErr: eval.ErrUnknownMeasure},
	}
	for _, tc := range tests {
		got, err := eval.ParseMeasure(tc.in)
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("ParseMeasure(%q): got error %v, want %v", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseMeasure(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("ParseMeasure(%q): got differ from want (-want +got):\n%s", tc.in, diff)
		}
		want := tc.str
		if want == "" {
			want = tc.in
		}
		if s := got.String(); s != want {
			t.Errorf("String: got %q, want %q", s, want)
		}
	}
	// ir_measures' names parse to trec_eval's measures.
	for in, want := range map[string]string{"nDCG@5": "ndcg_cut.5", "P@10": "P.10", "R@10": "recall.10", "AP": "map", "RR": "recip_rank", "Bpref": "bpref"} {
		if got, err := eval.ParseMeasure(in); err != nil || got.String() != want {
			t.Errorf("ParseMeasure(%q): got %v, %v; want %s", in, got, err, want)
		}
	}
}

func TestWriteTrecEval(t *testing.T) {
	q, run := mustFixture(t)
	e, err := eval.Evaluate(q, run, eval.Options{Complete: true, Measures: mustMeasures(t, "num_ret", "map", "P.5")})
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	if err := e.WriteTrecEval(&got, true); err != nil {
		t.Fatal(err)
	}
	// map for topic 1 is (1/4 + 2/5)/3 = 0.21666…; mean over 3 topics 0.07222….
	want := "num_ret               \t1\t5\n" +
		"map                   \t1\t0.2167\n" +
		"P_5                   \t1\t0.4000\n" +
		"num_ret               \t2\t0\n" +
		"map                   \t2\t0.0000\n" +
		"P_5                   \t2\t0.0000\n" +
		"num_ret               \t3\t1\n" +
		"map                   \t3\t0.0000\n" +
		"P_5                   \t3\t0.0000\n" +
		"num_ret               \tall\t6\n" +
		"map                   \tall\t0.0722\n" +
		"P_5                   \tall\t0.1333\n"
	if diff := cmp.Diff(want, got.String()); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
	got.Reset()
	if err := e.WriteTrecEval(&got, false); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got.String(), "num_ret               \tall\t6\n") {
		t.Errorf("without per-topic lines: got %q, want the all lines only", got.String())
	}
}

func TestPerTopic(t *testing.T) {
	q, run := mustFixture(t)
	e, err := eval.Evaluate(q, run, eval.Options{Complete: true, Measures: mustMeasures(t, "recip_rank", "ndcg_cut.5,10")})
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.PerTopic("recip_rank")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]float64{0.25, 0, 0}, got); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
	// One value, three spellings.
	want, err := e.Mean("ndcg_cut_5")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ndcg_cut.5", "nDCG@5"} {
		if got, err := e.Mean(name); err != nil || got != want {
			t.Errorf("Mean(%q): got %v, %v; want %v", name, got, err, want)
		}
	}
	for _, name := range []string{"map", "ndcg_cut_5x", "ndcg_cut", "ndcg_cut.5,10", "nDCG@20", "ndcg_cut_20", "P_5", "nDCG@0", "", "ndcg_5"} {
		if _, err := e.Mean(name); !errors.Is(err, eval.ErrUnknownMeasure) {
			t.Errorf("Mean(%q): got error %v, want ErrUnknownMeasure", name, err)
		}
		if _, err := e.PerTopic(name); !errors.Is(err, eval.ErrUnknownMeasure) {
			t.Errorf("PerTopic(%q): got error %v, want ErrUnknownMeasure", name, err)
		}
	}
}

// FuzzParseMeasure checks that any string parses to a measure or an error,
// never a panic; that a parsed measure prints as trec_eval's -m syntax
// that parses back to it; and that Mean takes every spelling Evaluation
// names a value by.
func FuzzParseMeasure(f *testing.F) {
	for _, s := range []string{"map", "ndcg_cut.5,10", "P.5", "nDCG@5", "P@10", "AP", "RR", "ndcg_cut_5", "P.", "nDCG@0", "num_rel_ret", "@",
		"ndcg.1=3,2=9", "utility.1,-1,0,0", "iprec_at_recall.0.5", "relstring.5", "all_trec", "rbp.p=0.8", "success.1"} {
		f.Add(s)
	}
	q, run := mustFixture(f)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := eval.ParseMeasure(s)
		if err == nil {
			back, err := eval.ParseMeasure(m.String())
			if err != nil || back.String() != m.String() {
				t.Fatalf("%q parses to %v, which parses back to %v, %v", s, m, back, err)
			}
			e, err := eval.Evaluate(q, run, eval.Options{Measures: []eval.Measure{m}})
			if err != nil {
				t.Fatalf("%q: Evaluate: %v", s, err)
			}
			if len(e.Names) == 1 { // a measure of one value
				if _, err := e.Mean(s); err != nil {
					t.Fatalf("Mean(%q) of a measure computed: %v", s, err)
				}
			}
		}
		e, err := eval.Evaluate(q, run, eval.Options{})
		if err != nil {
			t.Fatal(err)
		}
		e.Mean(s) // any string: a value or an error
	})
}

// TestNilQrels checks that the measures refuse nil qrels with an error
// instead of a nil pointer panic (issue 34).
func TestNilQrels(t *testing.T) {
	if _, err := eval.Evaluate(nil, nil, eval.Options{}); err == nil || !strings.Contains(err.Error(), "nil qrels") {
		t.Errorf("Evaluate(nil, nil): got %v, want an error naming the nil qrels", err)
	}
	if _, _, err := eval.Judged(nil, nil, 5, eval.Options{}); err == nil || !strings.Contains(err.Error(), "nil qrels") {
		t.Errorf("Judged(nil, nil): got %v, want an error naming the nil qrels", err)
	}
}
