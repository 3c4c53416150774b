package experiment_test

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/experiment/report"
	"github.com/argsearch/argsearch/runfile"
)

// readTask2Run reads a Touché 2022 Task 2 run (judged lines) from
// comparative's testdata.
func readTask2Run(t *testing.T, name string) runfile.Run {
	t.Helper()
	f, err := os.Open("../comparative/testdata/runs2022/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	r := runfile.NewReader(gz)
	r.Comparative = true
	r.Name = name
	run, err := r.ReadRun()
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// TestTask2 takes Touché 2022 Task 2 runs made before with the Task 2
// judgments (passages, not sentence pairs) and gives the overview's Table 9
// and 10 figures, judged-only nDCG@5 in rank order, and the t-test of Table 4.
func TestTask2(t *testing.T) {
	d, err := comparative.Load(2022)
	if err != nil {
		t.Fatal(err)
	}
	j, stances := d.Judgments, d.Stances
	x := experiment.Experiment{
		Judgments: j,
		Stances:   stances,
		ByRank:    true,
		Systems: []experiment.System{
			{Name: "Puss in Boots", Run: readTask2Run(t, "Puss-in-Boots-run1.txt.gz")},
			{Name: "Katana", Run: readTask2Run(t, "Katana-run3.txt.gz")},
			{Name: "Olivier Armstrong", Run: readTask2Run(t, "Olivier-Armstrong-run1.txt.gz")},
		},
	}
	tab, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]float64{ // relevance, quality as printed in Tables 9 and 10
		"Puss in Boots":     {0.469, 0.476},
		"Katana":            {0.618, 0.643},
		"Olivier Armstrong": {0.492, 0.582},
	}
	wantStance := map[string]struct { // Table 11: F1 run, N run
		f1 float64
		n  int
	}{"Puss in Boots": {0.158, 1328}, "Katana": {0.229, 1027}, "Olivier Armstrong": {0.191, 551}}
	seen := 0
	for _, row := range tab.Rows {
		w, ok := want[row.System]
		if !ok {
			t.Fatalf("row of %q", row.System)
		}
		i := 0
		if row.Dimension == eval.Quality {
			i = 1
		}
		if got := math.Round(row.Judged.Mean*1000) / 1000; got != w[i] {
			t.Errorf("%s %v: judged-only nDCG@5 %.4f, printed %.3f", row.System, row.Dimension, row.Judged.Mean, w[i])
		}
		if ws := wantStance[row.System]; math.Round(row.StanceF1*1000)/1000 != ws.f1 || row.StanceN != ws.n {
			t.Errorf("%s: stance F1 %.4f over %d, printed %.3f over %d", row.System, row.StanceF1, row.StanceN, ws.f1, ws.n)
		}
		if row.Topics != 50 {
			t.Errorf("%s %v: %d topics, want 50", row.System, row.Dimension, row.Topics)
		}
		// Pooled runs: every passage of their top 5 judged or not
		// estimable, so the estimate is the judged-only figure.
		if row.Estimated.Mean != row.Judged.Mean {
			t.Errorf("%s %v: estimated %.4f, judged-only %.4f; want them equal for a pooled run", row.System, row.Dimension, row.Estimated.Mean, row.Judged.Mean)
		}
		seen++
	}
	if seen != 6 {
		t.Errorf("%d rows, want 6 (3 runs × relevance, quality)", seen)
	}
	var sb strings.Builder
	if err := tab.Write(&sb, "text"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "stance F1") {
		t.Errorf("the text table has no stance column")
	}
	t.Log("\n" + sb.String())
	var tsv, js strings.Builder
	if err := tab.Write(&tsv, "tsv"); err != nil {
		t.Fatal(err)
	}
	if err := tab.Write(&js, "json"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tsv.String(), "\tstance_f1\tstance_n\n") || !strings.Contains(js.String(), `"stance_n": 1027`) {
		t.Errorf("TSV or JSON lacks the stance measure")
	}
	// The HTML report of the same table.
	var html strings.Builder
	if err := report.Write(&html, x, tab, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), "Katana") || !strings.Contains(html.String(), "0.6175") {
		t.Errorf("the HTML report lacks Katana's row or its 0.6175")
	}
}

// TestTask2Estimate: a run whose top passage in every topic is an unjudged
// sibling of a judged one (another passage number of the same document)
// gets that passage estimated from the document's judged passages
// (eval.Estimate), so its estimated figure covers more of the top 5 than its
// judged-only one.
func TestTask2Estimate(t *testing.T) {
	d, err := comparative.Load(2022)
	if err != nil {
		t.Fatal(err)
	}
	run := readTask2Run(t, "Puss-in-Boots-run1.txt.gz")
	moved := 0
	for _, lines := range run {
		doc, _, ok := strings.Cut(lines[0].DocID, "___")
		if ok {
			lines[0].DocID = doc + "___999999" // no passage has this number
			moved++
		}
	}
	x := experiment.Experiment{
		Judgments: d.Judgments,
		ByRank:    true,
		Systems:   []experiment.System{{Name: "moved", Run: run}},
	}
	tab, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	row := tab.Rows[0] // relevance
	if row.Dimension != eval.Relevance {
		t.Fatalf("first row: %v, want relevance", row.Dimension)
	}
	if moved < 40 || math.IsNaN(row.Estimated.Mean) || !(row.Labelled > row.JudgedShare) {
		t.Errorf("%d top passages moved; estimated %.4f (labelled %.2f), judged-only %.4f (judged %.2f): want more labelled than judged",
			moved, row.Estimated.Mean, row.Labelled, row.Judged.Mean, row.JudgedShare)
	}
	t.Logf("%d top passages moved to an unjudged sibling: estimated %.4f (labelled@5 %.2f), judged-only %.4f (judged@5 %.2f)",
		moved, row.Estimated.Mean, row.Labelled, row.Judged.Mean, row.JudgedShare)
}
