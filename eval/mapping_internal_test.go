package eval

import (
	"errors"
	"testing"

	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/google/go-cmp/cmp"
)

// TestMapped maps a hand-made run of pairs and sentences with both
// mappings and both orders.
func TestMapped(t *testing.T) {
	q, err := NewQrels([]Judgment{
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
		m    Mapping
		o    bool // by rank
		want []runfile.Line
	}{
		// By score: a (3), then the tie at 2: "c__PREMISE__1" sorts above
		// "a__PREMISE__2,…", so c, then a again (dropped), then d.
		{FirstSentence, false, []runfile.Line{line("a", 1, stance.Unknown), line("c", 2, stance.Unknown), line("d", 3, stance.Pro)}},
		// b beats a (judged 2 against 0) in the first pair; a comes with
		// its own pair later.
		{BestJudged, false, []runfile.Line{line("b", 1, stance.Unknown), line("c", 2, stance.Unknown), line("a", 3, stance.Unknown), line("d", 4, stance.Pro)}},
		// By rank the order is the same here.
		{FirstSentence, true, []runfile.Line{line("a", 1, stance.Unknown), line("c", 2, stance.Unknown), line("d", 3, stance.Pro)}},
	} {
		got, err := Options{Pairs: tc.m, ByRank: tc.o}.mapped(run, q)
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
	got, err := Options{Pairs: FirstSentence, ByRank: true}.mapped(byRank, q)
	if err != nil {
		t.Fatal(err)
	}
	if got["1"][0].DocID != "y" || got["1"][1].DocID != "x" {
		t.Errorf("by rank: got %v, want y then x", got["1"])
	}
	for _, bad := range []string{"nopair", "a__PREMISE__1,nosentence", "a,b,c"} {
		_, err := Options{Pairs: FirstSentence}.mapped(runfile.Run{"1": {{QID: "1", DocID: bad, Score: 1}}}, q)
		if !errors.Is(err, errNotMappable) {
			t.Errorf("docid %q: got %v, want errNotMappable", bad, err)
		}
	}
}

// FuzzMapped checks that any document ids give a mapping or an error,
// never a panic, and that a mapped argument is listed once.
func FuzzMapped(f *testing.F) {
	f.Add("a__PREMISE__1,b__CONC__1", "a__PREMISE__1,a__CONC__1")
	f.Add("a,b", "")
	f.Add(",,,", "x__CONC__0,y__PREMISE__-1")
	f.Add("c__PREMISE__3", "c__CONC__1")
	q, err := NewQrels([]Judgment{{Topic: "1", DocID: "b", Label: 1}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		run := runfile.Run{"1": {{QID: "1", DocID: a, Score: 2}, {QID: "1", DocID: b, Score: 1}}}
		for _, m := range []Mapping{FirstSentence, BestJudged} {
			mapped, err := Options{Pairs: m}.mapped(run, q)
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
