package comparative_test

import (
	"strings"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/eval"
)

// TestLoad checks the embedded years against ir_datasets' counts (50 topics
// each; 2,107 judged passages for 2022, 1,783 judged documents for 2020)
// and its test fixtures' first and last topics.
func TestLoad(t *testing.T) {
	for _, c := range []struct {
		year, judged  int
		first, last   string
		objects, dims int
	}{
		{2022, 2107, "Which is better, a laptop or a desktop?", "Should I learn Python or R for data analysis?", 2, 2},
		{2020, 1783, "What is the difference between sex and love?", "Whose salary is higher: basketball or soccer players?", 0, 1},
	} {
		d, err := comparative.Load(c.year)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Topics) != 50 || d.Topics[0].Title != c.first || d.Topics[49].Title != c.last {
			t.Errorf("%d: %d topics, first %q, last %q", c.year, len(d.Topics), d.Topics[0].Title, d.Topics[49].Title)
		}
		for _, tp := range d.Topics {
			if len(tp.Objects) != c.objects {
				t.Errorf("%d: topic %s has %d objects, want %d", c.year, tp.ID, len(tp.Objects), c.objects)
			}
		}
		n := 0
		for range d.Judgments.Qrels(eval.Relevance).All() {
			n++
		}
		if n != c.judged || len(d.Judgments.Dimensions()) != c.dims || (d.Stances != nil) != (c.year == 2022) {
			t.Errorf("%d: %d relevance judgments, %d dimensions, stances %v", c.year, n, len(d.Judgments.Dimensions()), d.Stances != nil)
		}
	}
	for _, y := range []int{2021, 2019, 2023} {
		if _, err := comparative.Load(y); err == nil {
			t.Errorf("Load(%d): no error", y)
		}
	}
}

func TestStancesErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2 0 d FIRST\n2 0 e PRO\n", "s.qrels: line 2, field label: \"PRO\" is not FIRST, SECOND, NEUTRAL or NO"},
		{"2 0 d FIRST\n2 0 d NO\n", "s.qrels: line 2, field passage: topic 2 judges d twice"},
		{"2 0 d\n", "s.qrels: line 1: 3 fields, want 4"},
	} {
		_, err := comparative.ReadStances(strings.NewReader(c.in), "s.qrels")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.in, err, c.want)
		}
	}
}
