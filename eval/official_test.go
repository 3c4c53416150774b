package eval_test

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
)

func TestOfficial(t *testing.T) {
	tests := []struct {
		year   int
		d      eval.Dimension
		n      int // lines in the official file
		topics int
	}{
		{2020, eval.Relevance, 2298, 49},
		{2021, eval.Relevance, 3711, 50},
		{2022, eval.Relevance, 6841, 50},
		{2022, eval.Quality, 6841, 50},
		{2022, eval.Coherence, 6841, 50},
	}
	for _, tc := range tests {
		j, err := eval.Official(tc.year)
		if err != nil {
			t.Fatalf("Official(%d): %v", tc.year, err)
		}
		q := j.Qrels(tc.d)
		if q == nil {
			t.Fatalf("Official(%d): no %s", tc.year, tc.d)
		}
		if q.Len() != tc.n || len(q.Topics()) != tc.topics {
			t.Errorf("Official(%d) %s: got %d judgments over %d topics, want %d over %d", tc.year, tc.d, q.Len(), len(q.Topics()), tc.n, tc.topics)
		}
	}
	if j, _ := eval.Official(2020); j.Qrels(eval.Quality) != nil || len(j.Dimensions()) != 1 || j.Name != "2020" {
		t.Errorf("Official(2020): got dimensions %v, want relevance alone", j.Dimensions())
	}
	for _, year := range []int{2019, 2023} {
		if _, err := eval.Official(year); err == nil || !strings.Contains(err.Error(), "no official judgments embedded") {
			t.Errorf("Official(%d): got error %v, want no official judgments embedded", year, err)
		}
	}
}

// TestOfficialMatchesShared checks the embedded copies against the shared
// release files, line by line, when those are available.
func TestOfficialMatchesShared(t *testing.T) {
	dir := filepath.Join(sharedData, "touche")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared data not available at %s: %v", dir, err)
	}
	for _, year := range []int{2020, 2021, 2022} {
		j, err := eval.Official(year)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range j.Dimensions() {
			q := j.Qrels(d)
			f, err := os.Open(filepath.Join(dir, "qrels-task1-"+strconv.Itoa(year)+"-"+string(d)+".qrels"))
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(f)
			n := 0
			for sc.Scan() {
				fs := strings.Fields(sc.Text())
				l, ok := q.Label(fs[0], fs[2])
				if !ok || strconv.Itoa(l) != fs[3] {
					t.Errorf("%d %s: %q: got label %d, %v", year, d, sc.Text(), l, ok)
				}
				n++
			}
			f.Close()
			if n != q.Len() {
				t.Errorf("%d %s: got %d embedded judgments, want %d", year, d, q.Len(), n)
			}
		}
	}
}

func TestNewJudgmentsMismatch(t *testing.T) {
	a, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 1}, {"1", "y,z", 0}})
	b, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 2}, {"1", "y,z", 1}})
	c, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 0}, {"1", "z,y", 1}})
	d, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 0}})
	dims := []eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence}
	if _, err := eval.NewJudgments("test", dims, []*eval.Qrels{a, b, b}); err != nil {
		t.Errorf("aligned: %v", err)
	}
	for name, q := range map[string]*eval.Qrels{"other pair": c, "missing pair": d} {
		if _, err := eval.NewJudgments("test", dims, []*eval.Qrels{a, b, q}); err == nil {
			t.Errorf("%s: got error %v, want errMismatch", name, err)
		}
		if _, err := eval.NewJudgments("test", dims, []*eval.Qrels{q, b, a}); err == nil {
			t.Errorf("%s as relevance: got error %v, want errMismatch", name, err)
		}
	}
	for name, bad := range map[string][]eval.Dimension{
		"repeated": {eval.Relevance, eval.Relevance, eval.Coherence},
		"empty":    {eval.Relevance, "", eval.Coherence},
		"too few":  {eval.Relevance},
	} {
		if _, err := eval.NewJudgments("test", bad, []*eval.Qrels{a, b, b}); err == nil {
			t.Errorf("%s dimensions: got error %v, want errMismatch", name, err)
		}
	}
}

// TestSubset checks Judgments.Subset against the judgments filtered by
// hand: the same judgments of every dimension, a repeated or unjudged topic
// changing nothing, and the whole set unchanged.
func TestSubset(t *testing.T) {
	j, err := eval.Official(2022)
	if err != nil {
		t.Fatal(err)
	}
	for _, ids := range [][]string{nil, {"2"}, {"50", "2", "2", "nope"}, j.Qrels(eval.Relevance).Topics()} {
		keep := map[string]bool{}
		for _, id := range ids {
			keep[id] = true
		}
		sub := j.Subset(ids)
		if sub.Name != j.Name || !slices.Equal(sub.Dimensions(), j.Dimensions()) {
			t.Errorf("%v: name %q, dimensions %v", ids, sub.Name, sub.Dimensions())
		}
		for _, d := range j.Dimensions() {
			var want, got []eval.Judgment
			for jd := range j.Qrels(d).All() {
				if keep[jd.Topic] {
					want = append(want, jd)
				}
			}
			for jd := range sub.Qrels(d).All() {
				got = append(got, jd)
			}
			if !slices.Equal(got, want) || sub.Qrels(d).Len() != len(want) {
				t.Errorf("%v, %s: got %d judgments (Len %d), want %d", ids, d, len(got), sub.Qrels(d).Len(), len(want))
			}
		}
	}
}
