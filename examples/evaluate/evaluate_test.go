package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sharedData is ../shared/data seen from the repository root, two levels up.
var sharedData = filepath.Join("..", "..", "..", "shared", "data")

// TestGolden runs evaluate with the options that produced each trec_eval
// output in trec_eval-golden and requires identical bytes.
func TestGolden(t *testing.T) {
	dir := filepath.Join(sharedData, "trec_eval-golden")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("golden data not available at %s: %v", dir, err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files in %s (%v)", dir, err)
	}
	for _, golden := range files {
		base := filepath.Base(golden)
		t.Run(base, func(t *testing.T) {
			year := ""
			for _, y := range []string{"2020", "2021"} {
				if strings.Contains(base, "-"+y+"-") {
					year = y
				}
			}
			if year == "" {
				t.Fatalf("%s: no year in the name", base)
			}
			qrels := filepath.Join(sharedData, "touche", "qrels-task1-"+year+"-relevance.qrels")
			var args []string
			if stem, ok := strings.CutSuffix(base, ".judged-only.txt"); ok {
				args = []string{"-q", "-J", "-m", "ndcg_cut.5,10", "-m", "P.5", qrels, filepath.Join(dir, "runs", stem+".txt")}
			} else {
				args = []string{"-q", "-c", "-m", "ndcg_cut.5,10,1000", "-m", "P.5,10", "-m", "map", "-m", "recip_rank",
					"-m", "num_ret", "-m", "num_rel_ret", qrels, filepath.Join(dir, "runs", base)}
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != exitOK {
				t.Fatalf("evaluate %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(stdout.Bytes(), want) {
				t.Errorf("evaluate %s: got output differing from trec_eval's (-want +got):\n%s",
					strings.Join(args, " "), cmp.Diff(strings.Split(string(want), "\n"), strings.Split(stdout.String(), "\n")))
			}
		})
	}
}

// TestTable checks the Touché table on hand-computed runs (see testdata).
func TestTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"-qrels", "testdata/tiny.qrels", "-resamples", "500", "testdata/a.run", "testdata/b.run"}
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want a header and 2 rows:\n%s", len(lines), stdout.String())
	}
	log2 := math.Log2
	// Run b, topic 1: x (unjudged), c (0), b (1); ideal 2, 1.
	// Topic 2: e (-2), z (unjudged), d (1); ideal 1.
	idcg1 := 2 + 1/log2(3)
	bPlain := (1/log2(4)/idcg1 + 1/log2(4)) / 2
	bJudged := (1/log2(3)/idcg1 + 1) / 2
	tests := []struct {
		run           string
		plain, judged float64
		p             string
	}{
		{"a", 1, 1, "-"},
		// Judged-only differences b-a are (x, 0), so t = -1 with df = 1: p = 0.5.
		{"b", bPlain, bJudged, "0.5000"},
	}
	for i, tc := range tests {
		f := strings.Fields(lines[i+1])
		if len(f) != 10 {
			t.Fatalf("row %q: got %d columns, want 10", lines[i+1], len(f))
		}
		if f[0] != tc.run || f[1] != "tiny.qrels" || f[2] != "2" || f[9] != tc.p {
			t.Errorf("row %q: got run %s, judgments %s, topics %s, p %s; want %s, tiny.qrels, 2, %s", lines[i+1], f[0], f[1], f[2], f[9], tc.run, tc.p)
		}
		num := func(s string) float64 {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("row %q: %v", lines[i+1], err)
			}
			return v
		}
		for _, g := range []struct {
			name         string
			mean, lo, hi string
			want         float64
		}{{name: "plain", mean: f[3], lo: f[4], hi: f[5], want: tc.plain}, {name: "judged-only", mean: f[6], lo: f[7], hi: f[8], want: tc.judged}} {
			if got, want := g.mean, strconv.FormatFloat(g.want, 'f', 4, 64); got != want {
				t.Errorf("%s %s nDCG@5: got %s, want %s", tc.run, g.name, got, want)
			}
			if !(num(g.lo) <= num(g.mean) && num(g.mean) <= num(g.hi)) {
				t.Errorf("%s %s: interval [%s, %s] does not hold the mean %s", tc.run, g.name, g.lo, g.hi, g.mean)
			}
		}
	}
	// Same seed, same table.
	var again bytes.Buffer
	run(args, &again, &stderr)
	if again.String() != stdout.String() {
		t.Errorf("second run: got\n%s\nwant\n%s", again.String(), stdout.String())
	}
}

func TestTableOfficialYear(t *testing.T) {
	var stdout, stderr bytes.Buffer
	// The tiny runs use topics 1 and 2, which the 2022 judgments have.
	if code := run([]string{"-year", "2022", "-resamples", "100", "testdata/a.run"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, d := range []string{"2022 relevance", "2022 quality", "2022 coherence"} {
		if !strings.Contains(stdout.String(), d) {
			t.Errorf("got no row for %q:\n%s", d, stdout.String())
		}
	}
	stdout.Reset()
	stderr.Reset()
	// 2021 topics are 51-100: nothing of the tiny run is judged.
	if code := run([]string{"-year", "2021", "testdata/a.run"}, &stdout, &stderr); code != exitError {
		t.Errorf("run without judged topics: got exit %d, want %d", code, exitError)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		msg  string // in stderr
	}{
		{"no args", nil, exitUsage, "give -year or -qrels"},
		{"-q without -m", []string{"-q", "-year", "2020", "x"}, exitUsage, "-q needs trec_eval mode"},
		{"-year with -m", []string{"-m", "map", "-year", "2020", "q", "r"}, exitUsage, "-year is for the Touché table"},
		{"one file with -m", []string{"-m", "map", "q"}, exitUsage, "takes QRELS and RUN"},
		{"unknown measure", []string{"-m", "ndcg", "q", "r"}, exitUsage, "unknown measure"},
		{"unknown year", []string{"-year", "2019", "r"}, exitUsage, "no embedded judgments"},
		{"both qrels sources", []string{"-year", "2020", "-qrels", "q", "r"}, exitUsage, "not both"},
		{"missing file", []string{"-m", "map", "testdata/tiny.qrels", "testdata/none.run"}, exitError, "none.run"},
		{"bad run line", []string{"-m", "map", "testdata/tiny.qrels", "testdata/bad.run"}, exitError, "runfile: testdata/bad.run:2: field score"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != tc.code {
				t.Errorf("got exit %d, want %d (stderr %q)", code, tc.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.msg) {
				t.Errorf("got stderr %q, want it to mention %q", stderr.String(), tc.msg)
			}
		})
	}
}

// TestTableBaseline checks that -baseline names the run the others are
// tested against, and puts it first, wherever it stands among the runs.
func TestTableBaseline(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"-qrels", "testdata/tiny.qrels", "-resamples", "500", "-baseline", "testdata/b.run", "testdata/a.run", "testdata/b.run"}
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want a header and 2 rows:\n%s", len(lines), stdout.String())
	}
	// The judged-only differences a-b are the opposite of TestTable's, so the
	// two-sided p is the same 0.5.
	for i, want := range [][2]string{{"b", "-"}, {"a", "0.5000"}} {
		f := strings.Fields(lines[i+1])
		if f[0] != want[0] || f[len(f)-1] != want[1] {
			t.Errorf("row %d: got run %s, p %s; want %s, %s", i+1, f[0], f[len(f)-1], want[0], want[1])
		}
	}
	if code := run([]string{"-m", "map", "-baseline", "testdata/a.run", "testdata/tiny.qrels", "testdata/a.run"}, &stdout, &stderr); code != exitUsage {
		t.Errorf("-baseline with -m: got exit %d, want %d", code, exitUsage)
	}
}
