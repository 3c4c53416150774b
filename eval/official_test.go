package eval_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
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
		q, err := eval.Official(tc.year, tc.d)
		if err != nil {
			t.Fatalf("Official(%d, %s): %v", tc.year, tc.d, err)
		}
		if q.Len() != tc.n || len(q.Topics()) != tc.topics {
			t.Errorf("Official(%d, %s): got %d judgments over %d topics, want %d over %d", tc.year, tc.d, q.Len(), len(q.Topics()), tc.n, tc.topics)
		}
	}
	for _, bad := range []struct {
		year int
		d    eval.Dimension
	}{{2020, eval.Quality}, {2023, eval.Relevance}, {2022, "stance"}} {
		if _, err := eval.Official(bad.year, bad.d); !errors.Is(err, eval.ErrNotEmbedded) {
			t.Errorf("Official(%d, %q): got error %v, want ErrNotEmbedded", bad.year, bad.d, err)
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
		for _, d := range eval.OfficialDimensions(year) {
			q, err := eval.Official(year, d)
			if err != nil {
				t.Fatal(err)
			}
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

func TestOfficial2022(t *testing.T) {
	s, err := eval.Official2022()
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 6841 {
		t.Errorf("Len: got %d, want 6841", s.Len())
	}
	// The first line of each 2022 file.
	got, ok := s.Labels("1", "Sc065954f-Ae72bc9c6__PREMISE__41,Sc065954f-Ae72bc9c6__CONC__1")
	if want := (eval.Labels{Relevance: 2, Quality: 2, Coherence: 2}); !ok || got != want {
		t.Errorf("Labels: got %+v, %v, want %+v, true", got, ok, want)
	}
	got, ok = s.Labels("1", "S51530f3f-Ad9a140f__PREMISE__3,S1b03f390-A22aff8a0__PREMISE__57")
	if want := (eval.Labels{Relevance: 2, Quality: 2, Coherence: 0}); !ok || got != want {
		t.Errorf("Labels: got %+v, %v, want %+v, true", got, ok, want)
	}
	if s.Dimension(eval.Coherence) == nil || s.Dimension("stance") != nil {
		t.Error("Dimension: got wrong qrels presence")
	}
}

func TestNewJudgmentSetMismatch(t *testing.T) {
	a, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 1}, {"1", "y,z", 0}})
	b, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 2}, {"1", "y,z", 1}})
	c, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 0}, {"1", "z,y", 1}})
	d, _ := eval.NewQrels([]eval.Judgment{{"1", "x,y", 0}})
	if _, err := eval.NewJudgmentSet(a, b, b); err != nil {
		t.Errorf("aligned: %v", err)
	}
	for name, q := range map[string]*eval.Qrels{"other pair": c, "missing pair": d} {
		if _, err := eval.NewJudgmentSet(a, b, q); !errors.Is(err, eval.ErrMismatch) {
			t.Errorf("%s: got error %v, want ErrMismatch", name, err)
		}
		if _, err := eval.NewJudgmentSet(q, b, a); !errors.Is(err, eval.ErrMismatch) {
			t.Errorf("%s as relevance: got error %v, want ErrMismatch", name, err)
		}
	}
}
