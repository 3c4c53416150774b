package eval_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// TestJudgedRanks checks Judged's ranks: those of the documents judged-only nDCG@k
// scores: unjudged and spam documents are skipped, and the count stops at k.
func TestJudgedRanks(t *testing.T) {
	q, err := eval.NewQrels([]eval.Judgment{
		{Topic: "1", DocID: "a", Label: 0}, {Topic: "1", DocID: "b", Label: -2}, {Topic: "1", DocID: "c", Label: 2},
		{Topic: "1", DocID: "d", Label: 1},
		{Topic: "2", DocID: "a", Label: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Topic 1 by score: x a y b c d; a (label 0) counts, b (spam) does not.
	run := runfile.Run{
		"1": {{DocID: "x", Score: 6}, {DocID: "a", Score: 5}, {DocID: "y", Score: 4}, {DocID: "b", Score: 3}, {DocID: "c", Score: 2}, {DocID: "d", Score: 1}},
		"3": {{DocID: "a", Score: 1}},
	}
	_, got, err := eval.Judged(q, run, 2, eval.Options{})
	if diff := cmp.Diff([][]int{{2, 5}}, got); err != nil || diff != "" {
		t.Errorf("k = 2: %v; got … want (-want +got):\n%s", err, diff)
	}
	_, got, err = eval.Judged(q, run, 5, eval.Options{Complete: true})
	if diff := cmp.Diff([][]int{{2, 5, 6}, {}}, got); err != nil || diff != "" {
		t.Errorf("k = 5, complete: %v; got … want (-want +got):\n%s", err, diff)
	}
	// -M 5 drops d.
	_, got, err = eval.Judged(q, run, 5, eval.Options{MaxRetrieved: 5})
	if diff := cmp.Diff([][]int{{2, 5}}, got); err != nil || diff != "" {
		t.Errorf("-M 5: %v; got … want (-want +got):\n%s", err, diff)
	}
	if _, _, err := eval.Judged(q, runfile.Run{"3": run["3"]}, 5, eval.Options{}); !errors.Is(err, eval.ErrNoTopics) {
		t.Errorf("no judged topic: got %v, want ErrNoTopics", err)
	}
	if _, _, err := eval.Judged(q, run, 0, eval.Options{}); !errors.Is(err, eval.ErrUnknownMeasure) {
		t.Errorf("k = 0: got %v, want ErrUnknownMeasure", err)
	}
}
