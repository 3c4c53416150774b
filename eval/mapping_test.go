package eval_test

import (
	"errors"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/google/go-cmp/cmp"
)

// TestArgumentRun maps a hand-made run of pairs and sentences with both
// mappings and both orders.
func TestArgumentRun(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "a", Label: 0},
		{Topic: "1", DocID: "b", Label: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	run := runfile.Run{"1": {
		// File order is not rank order; by score, the ranking is the
		// lines' order here, ties broken by docid descending.
		{QID: "1", DocID: "d__PREMISE__1,d__CONC__1", Rank: 4, Score: 1, Stance: stance.Pro, Tag: "t"},
		{QID: "1", DocID: "a__PREMISE__1,b__CONC__1", Rank: 1, Score: 3, Tag: "t"},
		{QID: "1", DocID: "a__PREMISE__2,a__CONC__1", Rank: 3, Score: 2, Tag: "t"}, // a again
		{QID: "1", DocID: "c__PREMISE__1", Rank: 2, Score: 2, Tag: "t"},            // a single sentence
	}}
	line := func(doc string, rank int, s stance.Stance) runfile.Line {
		return runfile.Line{QID: "1", DocID: doc, Rank: rank, Score: float64(4 - rank), Stance: s, Tag: "t"}
	}
	for _, tc := range []struct {
		m    eval.Mapping
		o    eval.Order
		want []runfile.Line
	}{
		// By score: a (3), then the tie at 2: "c__PREMISE__1" sorts above
		// "a__PREMISE__2,…", so c, then a again (dropped), then d.
		{eval.FirstSentence, eval.ByScore, []runfile.Line{line("a", 1, stance.Unknown), line("c", 2, stance.Unknown), line("d", 3, stance.Pro)}},
		// b beats a (judged 2 against 0) in the first pair; a comes with
		// its own pair later.
		{eval.BestJudged, eval.ByScore, []runfile.Line{line("b", 1, stance.Unknown), line("c", 2, stance.Unknown), line("a", 3, stance.Unknown), line("d", 4, stance.Pro)}},
		// By rank the order is the same here.
		{eval.FirstSentence, eval.ByRank, []runfile.Line{line("a", 1, stance.Unknown), line("c", 2, stance.Unknown), line("d", 3, stance.Pro)}},
	} {
		got, err := eval.ArgumentRun(run, q, tc.m, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		want := tc.want
		for i := range want {
			want[i].Score = float64(len(want) - i)
		}
		if diff := cmp.Diff(runfile.Run{"1": want}, got); diff != "" {
			t.Errorf("%v by %v (-want +got):\n%s", tc.m, tc.o, diff)
		}
	}
	// Rank order that disagrees with the scores.
	byRank := runfile.Run{"1": {
		{QID: "1", DocID: "x__PREMISE__1", Rank: 2, Score: 9},
		{QID: "1", DocID: "y__PREMISE__1", Rank: 1, Score: 1},
	}}
	got, err := eval.ArgumentRun(byRank, q, eval.FirstSentence, eval.ByRank)
	if err != nil {
		t.Fatal(err)
	}
	if got["1"][0].DocID != "y" || got["1"][1].DocID != "x" {
		t.Errorf("by rank: got %v, want y then x", got["1"])
	}
	for _, bad := range []string{"nopair", "a__PREMISE__1,nosentence", "a,b,c"} {
		_, err := eval.ArgumentRun(runfile.Run{"1": {{QID: "1", DocID: bad, Score: 1}}}, q, eval.FirstSentence, eval.ByScore)
		if !errors.Is(err, eval.ErrNotMappable) {
			t.Errorf("docid %q: got %v, want ErrNotMappable", bad, err)
		}
	}
}

func TestParseMapping(t *testing.T) {
	for _, m := range []eval.Mapping{eval.FirstSentence, eval.BestJudged} {
		if got, err := eval.ParseMapping(m.String()); err != nil || got != m {
			t.Errorf("ParseMapping(%q): got %v, %v", m.String(), got, err)
		}
	}
	if _, err := eval.ParseMapping("all"); err == nil {
		t.Error(`ParseMapping("all"): got no error`)
	}
}

func TestEvaluateByRank(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "1", DocID: "rel", Label: 1}})
	if err != nil {
		t.Fatal(err)
	}
	// The relevant document has the lower score but rank 1.
	run := runfile.Run{"1": {{DocID: "rel", Rank: 1, Score: 0.1}, {DocID: "other", Rank: 2, Score: 0.9}}}
	for o, want := range map[eval.Order]float64{eval.ByScore: 0.5, eval.ByRank: 1} {
		e, err := eval.Evaluate(q, run, eval.Options{Measures: mustMeasures(t, "recip_rank"), Order: o})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := e.Mean("recip_rank"); got != want {
			t.Errorf("by %v: got recip_rank %v, want %v", o, got, want)
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
	got, err := eval.Judged(q, run, 5, eval.Options{})
	if err != nil || got != 0.4 {
		t.Errorf("Judged@5: got %v, %v; want 0.4", got, err)
	}
	// With Complete, topic 2 counts with 0.
	got, err = eval.Judged(q, run, 5, eval.Options{Complete: true})
	if err != nil || got != 0.2 {
		t.Errorf("Judged@5 -c: got %v, %v; want 0.2", got, err)
	}
	// At 1 only the best document counts: a.
	if got, _ := eval.Judged(q, run, 1, eval.Options{}); got != 1 {
		t.Errorf("Judged@1: got %v, want 1", got)
	}
	if _, err := eval.Judged(q, runfile.Run{"3": run["3"]}, 5, eval.Options{}); !errors.Is(err, eval.ErrNoTopics) {
		t.Errorf("no judged topic: got %v, want ErrNoTopics", err)
	}
	if _, err := eval.Judged(q, run, 0, eval.Options{}); !errors.Is(err, eval.ErrCutoff) {
		t.Errorf("k = 0: got %v, want ErrCutoff", err)
	}
}

// FuzzArgumentRun checks that any document ids give a mapping or an error,
// never a panic, and that a mapped argument is listed once.
func FuzzArgumentRun(f *testing.F) {
	f.Add("a__PREMISE__1,b__CONC__1", "a__PREMISE__1,a__CONC__1")
	f.Add("a,b", "")
	f.Add(",,,", "x__CONC__0,y__PREMISE__-1")
	f.Add("c__PREMISE__3", "c__CONC__1")
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "1", DocID: "b", Label: 1}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		run := runfile.Run{"1": {{QID: "1", DocID: a, Score: 2}, {QID: "1", DocID: b, Score: 1}}}
		for _, m := range []eval.Mapping{eval.FirstSentence, eval.BestJudged} {
			mapped, err := eval.ArgumentRun(run, q, m, eval.ByScore)
			if err != nil {
				continue
			}
			seen := map[string]bool{}
			for _, l := range mapped["1"] {
				if seen[l.DocID] {
					t.Fatalf("%v: %q listed twice in %v", m, l.DocID, mapped)
				}
				seen[l.DocID] = true
			}
		}
	})
}
