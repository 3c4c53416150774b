package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/docid"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/cli"
)

// smallJudgments judges, in each of two topics, the pairs of ten sentences
// with their next one, on two dimensions.
func smallJudgments(t *testing.T) *eval.Judgments {
	t.Helper()
	var rel, qual []eval.Judgment
	for _, topic := range []string{"1", "3"} {
		for i := 1; i < 10; i++ {
			id := docid.Pair(fmt.Sprintf("A%s__PREMISE__%d", topic, i), fmt.Sprintf("A%s__PREMISE__%d", topic, i+1))
			rel = append(rel, eval.Judgment{Topic: topic, DocID: id, Label: i % 3})
			qual = append(qual, eval.Judgment{Topic: topic, DocID: id, Label: (i + 1) % 3})
		}
	}
	qr, err := eval.NewQrels(rel)
	if err != nil {
		t.Fatal(err)
	}
	qq, err := eval.NewQrels(qual)
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("test", []eval.Dimension{eval.Relevance, eval.Quality}, []*eval.Qrels{qr, qq})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestHide checks that hiding removes exactly the pairs that touch a
// hidden sentence, hides the share asked of each topic's sentences, and
// draws the same sentences for the same seed and repetition.
func TestHide(t *testing.T) {
	j := smallJudgments(t)
	reduced, hidden, err := hide(j, 0.3, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, topic := range []string{"1", "3"} {
		if got := len(hidden[topic]); got != 3 { // 30% of 10 sentences
			t.Errorf("topic %s: %d sentences hidden, want 3", topic, got)
		}
	}
	for _, d := range j.Dimensions() {
		kept := 0
		for jd := range j.Qrels(d).All() {
			a, b, _ := docid.ParsePair(jd.DocID)
			touches := hidden[jd.Topic][a] || hidden[jd.Topic][b]
			label, ok := reduced.Qrels(d).Label(jd.Topic, jd.DocID)
			if ok == touches {
				t.Errorf("%s %s: kept %v, but it touches a hidden sentence: %v", d, jd.DocID, ok, touches)
			}
			if ok {
				kept++
				if label != jd.Label {
					t.Errorf("%s %s: label %d, want %d", d, jd.DocID, label, jd.Label)
				}
			}
		}
		if kept != reduced.Qrels(d).Len() {
			t.Errorf("%s: %d judgments left, %d of them the original's", d, reduced.Qrels(d).Len(), kept)
		}
	}
	_, again, err := hide(j, 0.3, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, other, err := hide(j, 0.3, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(again) != fmt.Sprint(hidden) {
		t.Errorf("the same seed hid %v, then %v", hidden, again)
	}
	if fmt.Sprint(other) == fmt.Sprint(hidden) {
		t.Errorf("repetitions 0 and 1 hid the same sentences: %v", hidden)
	}
}

// TestKendall checks τ-b on orders whose value is known.
func TestKendall(t *testing.T) {
	for _, tc := range []struct {
		a, b []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{[]float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 4.0 / 6},
		// One tie in b: (5 - 0) / sqrt(6 * 5).
		{[]float64{1, 2, 3, 4}, []float64{1, 1, 3, 4}, 5 / math.Sqrt(30)},
	} {
		if got := kendall(tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("kendall(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if got := kendall([]float64{1, 1}, []float64{1, 1}); !math.IsNaN(got) {
		t.Errorf("kendall of two constant scorings = %v, want NaN", got)
	}
}

// TestVerdict checks the three outcomes of a paired test.
func TestVerdict(t *testing.T) {
	a := []float64{0.5, 0.6, 0.7, 0.8, 0.9, 0.55, 0.65}
	b := []float64{0.1, 0.2, 0.1, 0.3, 0.2, 0.15, 0.25}
	if v := verdict(a, b); v != 1 {
		t.Errorf("verdict(better, worse) = %d, want 1", v)
	}
	if v := verdict(b, a); v != -1 {
		t.Errorf("verdict(worse, better) = %d, want -1", v)
	}
	c := []float64{0.5, 0.7, 0.6, 0.8, 0.9, 0.65, 0.55}
	if v := verdict(a, c); v != 0 {
		t.Errorf("verdict of two equal systems = %d, want 0", v)
	}
}

// TestBins checks that judged shares fall in the bin of their lower bound.
func TestBins(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want int
	}{{0, 0}, {0.04, 0}, {0.05, 1}, {0.1, 2}, {0.3, 5}, {0.49, 6}, {0.5, 7}, {1, 7}} {
		if got := binOf(tc.x); got != tc.want {
			t.Errorf("binOf(%v) = %d, want %d", tc.x, got, tc.want)
		}
	}
}

// TestCommandLine checks the usage errors, which name the flag, and -h.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-fractions", "0.25,1"}, "-fractions"},
		{[]string{"-fractions", "x"}, "-fractions"},
		{[]string{"-reps", "0"}, "-reps"},
		{[]string{"-encoder", "bert"}, "-encoder"},
		{[]string{"stray"}, "stray"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != cli.ExitUsage {
			t.Errorf("%v: exit %d, want %d", tc.args, code, cli.ExitUsage)
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: stderr %q does not name %s", tc.args, stderr.String(), tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &stdout, &stderr); code != cli.ExitOK || !strings.Contains(stdout.String(), "-fractions") {
		t.Errorf("-h: exit %d, stdout %q", code, stdout.String())
	}
}
