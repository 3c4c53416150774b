package eval_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

func TestMappingString(t *testing.T) {
	for m, want := range map[eval.Mapping]string{eval.FirstSentence: "first", eval.BestJudged: "best", 0: ""} {
		if got := m.String(); got != want {
			t.Errorf("%d: got %q, want %q", m, got, want)
		}
	}
}

// TestEvaluatePairs scores a run of pairs with argument judgments through
// Options.Pairs, and shows the hint of ErrNothingJudged without it.
func TestEvaluatePairs(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "51", DocID: "A", Label: 2}, {Topic: "51", DocID: "B", Label: 1}})
	if err != nil {
		t.Fatal(err)
	}
	run := runfile.Run{"51": {
		{QID: "51", DocID: "B__PREMISE__1,A__CONC__1", Score: 3},
		{QID: "51", DocID: "A__PREMISE__1,A__CONC__1", Score: 2},
	}}
	opt := eval.Options{Measures: mustMeasures(t, "recip_rank", "num_ret")}
	e, err := eval.Evaluate(q, run, opt)
	if !errors.Is(err, eval.ErrNothingJudged) || !strings.Contains(err.Error(), "Options.Pairs") {
		t.Errorf("unmapped: got error %v, want ErrNothingJudged with a hint at Options.Pairs", err)
	}
	if e == nil || e.Means[0] != 2 || e.Means[1] != 0 {
		t.Errorf("unmapped: got %+v, want trec_eval's values (num_ret 2, recip_rank 0) beside the error", e)
	}
	for m, want := range map[eval.Mapping][2]float64{
		eval.FirstSentence: {2, 1}, // B (label 1) first, then A
		eval.BestJudged:    {1, 1}, // both pairs map to A, judged 2
	} {
		opt.Pairs = m
		e, err := eval.Evaluate(q, run, opt)
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		if got := [2]float64{e.Means[0], e.Means[1]}; got != want {
			t.Errorf("%v: got num_ret, recip_rank %v, want %v", m, got, want)
		}
		judged, _, err := eval.Judged(q, run, 2, opt)
		if err != nil || judged != want[0]/2 {
			t.Errorf("%v: Judged@2 got %v, %v; want %v", m, judged, err, want[0]/2)
		}
	}
}

func TestEvaluateByRank(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "1", DocID: "rel", Label: 1}})
	if err != nil {
		t.Fatal(err)
	}
	// The relevant document has the lower score but rank 1.
	run := runfile.Run{"1": {{DocID: "rel", Rank: 1, Score: 0.1}, {DocID: "other", Rank: 2, Score: 0.9}}}
	for byRank, want := range map[bool]float64{false: 0.5, true: 1} {
		e, err := eval.Evaluate(q, run, eval.Options{Measures: mustMeasures(t, "recip_rank"), ByRank: byRank})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := e.Mean("recip_rank"); got != want {
			t.Errorf("by %v: got recip_rank %v, want %v", byRank, got, want)
		}
	}
}

func TestJudged(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "a", Label: 0}, {Topic: "1", DocID: "b", Label: -2},
		{Topic: "2", DocID: "a", Label: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Topic 1: a and b judged (spam counts) among the top 5 of 3: 2/5.
	// Topic 3 is not judged and does not count.
	run := runfile.Run{
		"1": {{DocID: "a", Score: 3}, {DocID: "x", Score: 2}, {DocID: "b", Score: 1}},
		"3": {{DocID: "a", Score: 1}},
	}
	got, _, err := eval.Judged(q, run, 5, eval.Options{})
	if err != nil || got != 0.4 {
		t.Errorf("Judged@5: got %v, %v; want 0.4", got, err)
	}
	// With Complete, topic 2 counts with 0.
	got, _, err = eval.Judged(q, run, 5, eval.Options{Complete: true})
	if err != nil || got != 0.2 {
		t.Errorf("Judged@5 -c: got %v, %v; want 0.2", got, err)
	}
	// At 1 only the best document counts: a.
	if got, _, _ := eval.Judged(q, run, 1, eval.Options{}); got != 1 {
		t.Errorf("Judged@1: got %v, want 1", got)
	}
	if _, _, err := eval.Judged(q, runfile.Run{"3": run["3"]}, 5, eval.Options{}); !errors.Is(err, eval.ErrNoTopics) {
		t.Errorf("no judged topic: got %v, want ErrNoTopics", err)
	}
	if _, _, err := eval.Judged(q, run, 0, eval.Options{}); !errors.Is(err, eval.ErrUnknownMeasure) {
		t.Errorf("k = 0: got %v, want ErrUnknownMeasure", err)
	}
}

// TestEvaluateMappedForPairJudgments checks the other way to judge nothing:
// a run of pairs mapped to arguments (Options.Pairs) for judgments that rate
// the pairs themselves; ErrNothingJudged then says to leave the mapping out.
func TestEvaluateMappedForPairJudgments(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "51", DocID: "A__PREMISE__1,A__CONC__1", Label: 2}})
	if err != nil {
		t.Fatal(err)
	}
	run := runfile.Run{"51": {{QID: "51", DocID: "A__PREMISE__1,A__CONC__1", Score: 1}}}
	opt := eval.Options{Measures: mustMeasures(t, "ndcg_cut.5")}
	if _, err := eval.Evaluate(q, run, opt); err != nil {
		t.Fatalf("unmapped: %v", err)
	}
	opt.Pairs = eval.FirstSentence
	_, err = eval.Evaluate(q, run, opt)
	if !errors.Is(err, eval.ErrNothingJudged) || !strings.Contains(err.Error(), "rate sentence pairs") || !strings.Contains(err.Error(), "leave it out") {
		t.Errorf("mapped: got %v, want ErrNothingJudged saying to leave Options.Pairs out", err)
	}
}
