package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
	"github.com/argsearch/argsearch/examples/internal/cli"
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
			if code := run(args, &stdout, &stderr); code != cli.ExitOK {
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

// textTable splits an aligned table (Table.Write's "text" or "wide") into
// its caption, header and rows; the caption may take several lines, and a
// blank line ends the rows.
func textTable(t *testing.T, out string) (caption, header string, rows []string) {
	t.Helper()
	caption, rest, ok := strings.Cut(out, "\n\n")
	if !ok || !strings.HasPrefix(caption, "p: ") {
		t.Fatalf("got\n%s\nwant a caption, a blank line and the table", out)
	}
	table, _, _ := strings.Cut(rest, "\n\n")
	lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
	return caption, lines[0], lines[1:]
}

// TestTable checks the Touché table on hand-computed runs (see testdata):
// every figure with -wide, and the same figures in the narrow table
// printed by default, which fits 120 columns.
func TestTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	// -min-judged -1: the runs are short, and their judged-only figures are
	// tested all the same.
	args := []string{"-qrels", "testdata/tiny.qrels", "-resamples", "500", "-min-judged", "-1", "testdata/a.run", "testdata/b.run"}
	if code := run(append([]string{"-wide"}, args...), &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	caption, _, lines := textTable(t, stdout.String())
	if len(lines) != 2 || !strings.HasPrefix(caption, "p: two-sided paired t-test against A") {
		t.Fatalf("got %d rows, want 2 under a caption:\n%s", len(lines), stdout.String())
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
		// Rows are labelled by the runs' tags.
		{"A", 1, 1, "-"},
		// Judged-only differences b-a are (x, 0), so t = -1 with df = 1: p = 0.5.
		{"B", bPlain, bJudged, "0.5000"},
	}
	var narrow bytes.Buffer
	if code := run(args, &narrow, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	_, header, narrowRows := textTable(t, narrow.String())
	if got := strings.Join(strings.Fields(header), " "); got != "system judgments judged-only nDCG@5 CI95 p judged@5 warning" {
		t.Errorf("the narrow table's header: got %q", got)
	}
	for _, l := range strings.Split(narrow.String(), "\n") {
		if n := utf8.RuneCountInString(l); n > 120 {
			t.Errorf("the narrow table has a line of %d columns: %q", n, l)
		}
	}
	for i, tc := range tests {
		// Judgments of arguments: judged-only nDCG@5 leads, with its
		// p-value, judged@5 and depth, then plain nDCG@5 and its p-value.
		f := strings.Fields(lines[i])
		if len(f) < 19 {
			t.Fatalf("row %q: got %d columns, want 19 and a warning", lines[i], len(f))
		}
		if f[0] != tc.run || f[1] != "tiny.qrels" || f[2] != "2" || f[6] != tc.p {
			t.Errorf("row %q: got run %s, judgments %s, topics %s, p %s; want %s, tiny.qrels, 2, %s", lines[i], f[0], f[1], f[2], f[6], tc.run, tc.p)
		}
		num := func(s string) float64 {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("row %q: %v", lines[i], err)
			}
			return v
		}
		for _, g := range []struct {
			name         string
			mean, lo, hi string
			want         float64
		}{{name: "plain", mean: f[10], lo: f[11], hi: f[12], want: tc.plain}, {name: "judged-only", mean: f[3], lo: f[4], hi: f[5], want: tc.judged}} {
			if got, want := g.mean, strconv.FormatFloat(g.want, 'f', 4, 64); got != want {
				t.Errorf("%s %s nDCG@5: got %s, want %s", tc.run, g.name, got, want)
			}
			if !(num(g.lo) <= num(g.mean) && num(g.mean) <= num(g.hi)) {
				t.Errorf("%s %s: interval [%s, %s] does not hold the mean %s", tc.run, g.name, g.lo, g.hi, g.mean)
			}
		}
		// The narrow row: the same run, judged-only figure, interval,
		// p-value and judged@5.
		n := strings.Fields(narrowRows[i])
		if want := []string{f[0], f[1], f[3], f[4] + "-" + f[5], f[6], f[7]}; len(n) < len(want) || !slices.Equal(n[:len(want)], want) {
			t.Errorf("narrow row %q: want it to start %q", narrowRows[i], want)
		}
	}
	// Same seed, same table.
	var again bytes.Buffer
	run(append([]string{"-wide"}, args...), &again, &stderr)
	if again.String() != stdout.String() {
		t.Errorf("second run: got\n%s\nwant\n%s", again.String(), stdout.String())
	}
	// -wide is the aligned table's: with tsv or json, a usage error.
	if code := run([]string{"-wide", "-format", "tsv", "-qrels", "testdata/tiny.qrels", "testdata/a.run"}, &again, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), "-wide goes with -format table") {
		t.Errorf("-wide -format tsv: exit %d, %q; want a usage error", code, stderr.String())
	}
}

// TestTableOfficialYear checks the table of a run against the official
// 2022 judgments: a row per dimension, led by the predicted nDCG@5 (the
// predictor trained on the embedded 2022 sample; the only test of this
// package that trains it), and with -predict=false by the estimate.
func TestTableOfficialYear(t *testing.T) {
	var stdout, stderr bytes.Buffer
	// The tiny runs use topics 1 and 2, which the 2022 judgments have.
	if code := run([]string{"-year", "2022", "-resamples", "100", "testdata/a.run"}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	_, header, rows := textTable(t, stdout.String())
	for i, d := range []string{"2022 relevance", "2022 quality", "2022 coherence"} {
		if i >= len(rows) || !strings.HasPrefix(strings.Join(strings.Fields(rows[i]), " "), "A "+d+" ") {
			t.Errorf("got no row for %q:\n%s", d, stdout.String())
		}
	}
	// Every row's first figure (after system and judgments) is the
	// predicted nDCG@5.
	if h := strings.Join(strings.Fields(header), " "); !strings.HasPrefix(h, "system judgments predicted nDCG@5 CI95") {
		t.Errorf("header %q: want the predicted nDCG@5 first", header)
	}
	for _, l := range rows {
		if f := strings.Fields(l); len(f) < 5 || f[3] == "NaN" || f[3] == "-" {
			t.Errorf("row %q: want a predicted nDCG@5", l)
		}
	}
	stdout.Reset()
	if code := run([]string{"-year", "2022", "-predict=false", "-resamples", "100", "testdata/a.run"}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("-predict=false: exit %d: %s", code, stderr.String())
	}
	if _, h, _ := textTable(t, stdout.String()); !strings.HasPrefix(strings.Join(strings.Fields(h), " "), "system judgments estimated judged-only nDCG@5") || strings.Contains(h, "predicted") {
		t.Errorf("-predict=false: header %q: want the estimate first, and no predicted figure", h)
	}
	stdout.Reset()
	stderr.Reset()
	// 2021 topics are 51-100: nothing of the tiny run is judged.
	if code := run([]string{"-year", "2021", "testdata/a.run"}, &stdout, &stderr); code != cli.ExitError {
		t.Errorf("run without judged topics: got exit %d, want %d", code, cli.ExitError)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		msg  string // in stderr
	}{
		{"no args", nil, cli.ExitUsage, "give -year or -qrels"},
		{"-q without -m", []string{"-q", "-year", "2020", "x"}, cli.ExitUsage, "-q needs trec_eval mode"},
		{"-name with -m", []string{"-m", "map", "-name", "x", "q", "r"}, cli.ExitUsage, "-name is for the Touché table"},
		{"too many names", []string{"-year", "2021", "-name", "x", "-name", "y", "r"}, cli.ExitUsage, "2 -name flags for 1 run files"},
		{"unknown correction", []string{"-year", "2021", "-correction", "sidak", "r"}, cli.ExitUsage, "-correction"},
		{"-validate-estimated with a file", []string{"-validate-estimated", "r"}, cli.ExitUsage, "takes no files"},
		{"-validate-estimated with 2021", []string{"-validate-estimated", "-year", "2021"}, cli.ExitUsage, "only 2022"},
		{"-order with -m", []string{"-m", "map", "-order", "rank", "q", "r"}, cli.ExitUsage, "-order is for the Touché table"},
		{"unknown mapping", []string{"-year", "2021", "-pairs", "all", "r"}, cli.ExitUsage, `-pairs "all", want first or best`},
		{"unknown order", []string{"-year", "2021", "-order", "foo", "r"}, cli.ExitUsage, `-order "foo", want score or rank`},
		{"-year with -m and QRELS", []string{"-m", "map", "-year", "2020", "q", "r"}, cli.ExitUsage, "takes RUN alone"},
		{"-dimension without -year", []string{"-m", "map", "-dimension", "quality", "q", "r"}, cli.ExitUsage, "-dimension goes with -year"},
		{"-dimension in table mode", []string{"-dimension", "quality", "-year", "2022", "r"}, cli.ExitUsage, "-dimension needs trec_eval mode"},
		{"unknown dimension", []string{"-m", "map", "-year", "2021", "-dimension", "coherence", "testdata/a.run"}, cli.ExitUsage, `-dimension "coherence"`},
		{"unknown test", []string{"-year", "2021", "-test", "sign", "r"}, cli.ExitUsage, `-test "sign"`},
		{"-min-judged too large", []string{"-year", "2021", "-min-judged", "2", "r"}, cli.ExitUsage, "-min-judged 2"},
		{"-test with -m", []string{"-m", "map", "-test", "wilcoxon", "q", "r"}, cli.ExitUsage, "-test is for the Touché table"},
		{"a qrels file as z-scores", []string{"-Z", "testdata/tiny.qrels", "testdata/tiny.qrels", "testdata/a.run"}, cli.ExitError, "tiny.qrels: eval: z-score line 1, field mean"},
		{"one file with -m", []string{"-m", "map", "q"}, cli.ExitUsage, "takes QRELS and RUN"},
		{"unknown measure", []string{"-m", "ndcgx", "q", "r"}, cli.ExitUsage, "unknown measure"},
		{"-M 0", []string{"-M0", "q", "r"}, cli.ExitUsage, "-M 0: want at least 1"},
		{"-l 0", []string{"-l", "0", "-m", "map", "q", "r"}, cli.ExitUsage, "-l 0: levels below 1"},
		{"-M in table mode", []string{"-M", "5", "-year", "2020", "r"}, cli.ExitUsage, "-M needs trec_eval mode"},
		{"-Z in table mode", []string{"-Zz", "-qrels", "q", "r"}, cli.ExitUsage, "-Z needs trec_eval mode"},
		{"parameters of a set", []string{"-m", "all_trec.5", "q", "r"}, cli.ExitUsage, "takes no parameters"},
		{"bad gains", []string{"-mndcg.1", "q", "r"}, cli.ExitUsage, "level=gain"},
		{"missing z-scores", []string{"-Z", "testdata/none.z", "testdata/tiny.qrels", "testdata/a.run"}, cli.ExitError, "none.z"},
		{"-format with -m", []string{"-m", "map", "-format", "tsv", "q", "r"}, cli.ExitUsage, "-format is for the Touché table"},
		{"unknown year", []string{"-year", "2019", "r"}, cli.ExitUsage, "no embedded judgments"},
		{"both qrels sources", []string{"-year", "2020", "-qrels", "q", "r"}, cli.ExitUsage, "not both"},
		{"missing file", []string{"-m", "map", "testdata/tiny.qrels", "testdata/none.run"}, cli.ExitError, "none.run"},
		{"bad run line", []string{"-m", "map", "testdata/tiny.qrels", "testdata/bad.run"}, cli.ExitError, "runfile: testdata/bad.run:2: field score"},
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
	args := []string{"-qrels", "testdata/tiny.qrels", "-resamples", "500", "-min-judged", "-1", "-wide", "-baseline", "testdata/b.run", "testdata/a.run", "testdata/b.run"}
	if code := run(args, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	_, _, lines := textTable(t, stdout.String())
	if len(lines) != 2 {
		t.Fatalf("got %d rows, want 2:\n%s", len(lines), stdout.String())
	}
	// The judged-only differences a-b are the opposite of TestTable's, so the
	// two-sided p is the same 0.5.
	for i, want := range [][2]string{{"B", "-"}, {"A", "0.5000"}} {
		f := strings.Fields(lines[i])
		if f[0] != want[0] || f[6] != want[1] {
			t.Errorf("row %d: got run %s, p %s; want %s, %s", i+1, f[0], f[6], want[0], want[1])
		}
	}
	if code := run([]string{"-m", "map", "-baseline", "testdata/a.run", "testdata/tiny.qrels", "testdata/a.run"}, &stdout, &stderr); code != cli.ExitUsage {
		t.Errorf("-baseline with -m: got exit %d, want %d", code, cli.ExitUsage)
	}
}

// tableRow runs the table with args (and -format tsv) and returns the
// fields of its only row and stderr: run, topics, nDCG@5, judged-only
// nDCG@5, judged@5.
func tableRow(t *testing.T, args ...string) (row []string, stderr string) {
	t.Helper()
	var stdout, errBuf bytes.Buffer
	if code := run(append([]string{"-resamples", "100", "-format", "tsv"}, args...), &stdout, &errBuf); code != cli.ExitOK {
		t.Fatalf("%v: exit %d: %s", args, code, errBuf.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%v: got %d lines, want a header and one row:\n%s", args, len(lines), stdout.String())
	}
	f := strings.Split(lines[1], "\t")
	return []string{f[0], f[2], f[3], f[6], f[10]}, errBuf.String()
}

// TestTablePairs maps a hand-made run of sentence pairs (testdata/pairs.run)
// onto the arguments of testdata/args.qrels: topic 1 judges A 2, B 0, C 1;
// topic 2 D 1; topic 3 E 2 (the run does not answer topic 3).
func TestTablePairs(t *testing.T) {
	log2 := math.Log2
	idcg1 := 2 + 1/log2(3)
	f4 := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	tests := []struct {
		args                []string
		plain, judged, topi string
		share               string
	}{
		// first: topic 1 ranks A, B (A's second pair is dropped): DCG 2,
		// and all judged; topic 2 ranks X, unjudged: 0 either way. Over
		// the run's topics 1 and 2.
		{[]string{"-pairs", "first"}, f4(2 / idcg1 / 2), f4(2 / idcg1 / 2), "2", "0.20"},
		// -c: topic 3 counts, with 0.
		{[]string{"-pairs", "first", "-c"}, f4(2 / idcg1 / 3), f4(2 / idcg1 / 3), "3", "0.13"},
		// best: topic 1 ranks A (judged 2 beats B's 0), then C (the third
		// pair: C's 1 beats B's 0); topic 2 ranks D (D's 1 beats unjudged
		// X). Both ideal.
		{[]string{"-pairs", "best"}, f4(1), f4(1), "2", "0.30"},
		{[]string{"-pairs", "best", "-c"}, f4(2.0 / 3), f4(2.0 / 3), "3", "0.20"},
	}
	for _, tc := range tests {
		f, stderr := tableRow(t, append(append([]string{"-qrels", "testdata/args.qrels"}, tc.args...), "testdata/pairs.run")...)
		if f[0] != "p" || f[1] != tc.topi || f[2] != tc.plain || f[3] != tc.judged || f[4] != tc.share {
			t.Errorf("%v: got run %s, topics %s, nDCG@5 %s, judged-only %s, judged@5 %s; want p, %s, %s, %s, %s",
				tc.args, f[0], f[1], f[2], f[3], f[4], tc.topi, tc.plain, tc.judged, tc.share)
		}
		// The run has at most three pairs a topic: its judged-only
		// figure rests on ranks around 1 or 2, and says so.
		if !strings.Contains(stderr, "judged-only rests on ranks around") || strings.Contains(stderr, "nothing") {
			t.Errorf("%v: got stderr %q, want the warning of a judged@5 below 0.5 alone", tc.args, stderr)
		}
	}
}

// TestTableWarnsUnjudged checks the warning for a run the judgments cannot
// score: sentence pairs against argument judgments without -pairs. The row
// is still printed, with nDCG@5 0.
func TestTableWarnsUnjudged(t *testing.T) {
	f, stderr := tableRow(t, "-qrels", "testdata/args.qrels", "testdata/pairs.run")
	if f[2] != "0.0000" || f[4] != "0.00" {
		t.Errorf("got nDCG@5 %s, judged@5 %s; want 0", f[2], f[4])
	}
	for _, want := range []string{"pairs", "judged", "-pairs first"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr %q: want it to mention %q", stderr, want)
		}
	}
	// A run of sentences, as 2021 judges them: the same warning.
	dir := t.TempDir()
	sentences := filepath.Join(dir, "sentences.run")
	if err := os.WriteFile(sentences, []byte("51 Q0 Sa__PREMISE__1 1 2 s\n51 Q0 Sb__CONC__1 2 1 s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr = tableRow(t, "-year", "2021", sentences)
	if !strings.Contains(stderr, "sentences") || !strings.Contains(stderr, "judged") {
		t.Errorf("sentence run against 2021: stderr %q, want a warning naming the run and \"judged\"", stderr)
	}
}

// TestTableOrder ranks testdata/ranked.run, whose scores (A 0.9, C 0.1)
// disagree with its ranks (C 1, A 2), both ways.
func TestTableOrder(t *testing.T) {
	log2 := math.Log2
	idcg := 2 + 1/log2(3)
	byScore, _ := tableRow(t, "-qrels", "testdata/args.qrels", "testdata/ranked.run")
	byRank, _ := tableRow(t, "-qrels", "testdata/args.qrels", "-order", "rank", "testdata/ranked.run")
	if want := strconv.FormatFloat(1, 'f', 4, 64); byScore[2] != want {
		t.Errorf("by score: got %s, want %s", byScore[2], want)
	}
	if want := strconv.FormatFloat((1+2/log2(3))/idcg, 'f', 4, 64); byRank[2] != want {
		t.Errorf("by rank: got %s, want %s", byRank[2], want)
	}
}

// TestTablePairsMatchesTrecEvalMode checks, on a run of pairs over judged
// 2021 arguments, that the table's nDCG@5 with -year 2021 -pairs first is
// what trec_eval mode gives with -pairs first, and that trec_eval mode with
// -pairs first prints exactly what it prints for the mapped run written to
// a file (mapped here by hand: each pair becomes its first sentence's
// argument, in score order, an argument once, scored n, n−1, …), which is
// what trec_eval prints for it (TestGolden).
func TestTablePairsMatchesTrecEvalMode(t *testing.T) {
	official, err := eval.Official(2021)
	if err != nil {
		t.Fatal(err)
	}
	q := official.Qrels(eval.Relevance)
	dir := t.TempDir()
	// Pairs of the judged arguments of topics 51 and 52, in qrels order,
	// interleaved with pairs of unjudged ones, scored down the list; every
	// third judged argument comes twice.
	var runText, qrels, mapped strings.Builder
	for j := range q.All() {
		fmt.Fprintf(&qrels, "%s 0 %s %d\n", j.Topic, j.DocID, j.Label)
	}
	n := map[string]int{}
	for _, topic := range []string{"51", "52"} {
		var args []string
		for j := range q.All() {
			if j.Topic != topic || n[topic] == 12 {
				continue
			}
			n[topic]++
			k := n[topic]
			fmt.Fprintf(&runText, "%s PRO %s__PREMISE__1,%s__CONC__1 %d %d t\n", topic, j.DocID, j.DocID, 3*k-2, 100-3*k)
			fmt.Fprintf(&runText, "%s CON U%d__PREMISE__2,%s__CONC__1 %d %d t\n", topic, k, j.DocID, 3*k-1, 99-3*k)
			args = append(args, j.DocID, fmt.Sprintf("U%d", k))
			if k%3 == 0 {
				fmt.Fprintf(&runText, "%s CON %s__PREMISE__3,U%d__CONC__1 %d %d t\n", topic, j.DocID, k, 3*k, 98-3*k)
			}
		}
		for i, a := range args {
			fmt.Fprintf(&mapped, "%s Q0 %s %d %d mapped\n", topic, a, i+1, len(args)-i)
		}
	}
	runPath, qrelsPath, mappedPath := filepath.Join(dir, "pairs.run"), filepath.Join(dir, "2021.qrels"), filepath.Join(dir, "mapped.run")
	for p, s := range map[string]string{runPath: runText.String(), qrelsPath: qrels.String(), mappedPath: mapped.String()} {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, _ := tableRow(t, "-year", "2021", "-pairs", "first", runPath)
	for i, judged := range []bool{false, true} {
		measures := []string{"-q", "-m", "ndcg_cut.5,10", "-m", "P.5", "-m", "map", "-m", "num_ret"}
		if judged {
			measures = append([]string{"-J"}, measures...)
		}
		var outPairs, outMapped, stderr bytes.Buffer
		if code := run(append(append(measures, "-pairs", "first"), qrelsPath, runPath), &outPairs, &stderr); code != cli.ExitOK {
			t.Fatalf("trec_eval mode -pairs first: exit %d: %s", code, stderr.String())
		}
		if code := run(append(measures, qrelsPath, mappedPath), &outMapped, &stderr); code != cli.ExitOK {
			t.Fatalf("trec_eval mode on the mapped run: exit %d: %s", code, stderr.String())
		}
		if outPairs.String() != outMapped.String() {
			t.Errorf("judged-only %v: -pairs first differs from the mapped run (-mapped +pairs):\n%s", judged,
				cmp.Diff(strings.Split(outMapped.String(), "\n"), strings.Split(outPairs.String(), "\n")))
		}
		var want string
		for _, l := range strings.Split(outPairs.String(), "\n") {
			if fs := strings.Fields(l); len(fs) == 3 && fs[0] == "ndcg_cut_5" && fs[1] == "all" {
				want = fs[2]
			}
		}
		if got := f[2+i]; got != want {
			t.Errorf("judged-only %v: table %s, trec_eval mode on the mapped run %s", judged, got, want)
		}
	}
	if f[1] != "2" {
		t.Errorf("table over %s topics, want the run's 2", f[1])
	}
}

// TestTrecEvalWarnsPairs checks that trec_eval mode on a run of pairs
// against judgments of arguments prints trec_eval's zeros and a warning
// naming -pairs, and none with -pairs.
func TestTrecEvalWarnsPairs(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-m", "ndcg_cut.5", "testdata/args.qrels", "testdata/pairs.run"}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "ndcg_cut_5            \tall\t0.0000") {
		t.Errorf("stdout %q: want trec_eval's zero", stdout.String())
	}
	if !strings.Contains(stderr.String(), "-pairs first") {
		t.Errorf("stderr %q: want a warning naming -pairs", stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-m", "ndcg_cut.5", "-pairs", "first", "testdata/args.qrels", "testdata/pairs.run"}, &stdout, &stderr); code != cli.ExitOK || stderr.Len() > 0 {
		t.Errorf("-pairs first: exit %d, stderr %q; want 0 and no warning", code, stderr.String())
	}
	if strings.Contains(stdout.String(), "\tall\t0.0000") {
		t.Errorf("-pairs first: stdout %q, want the mapped run's values", stdout.String())
	}
}

// TestRowLabels checks that two runs get distinct labels: by -name, by run
// tag, or by the shortest part of their paths.
func TestRowLabels(t *testing.T) {
	dir := t.TempDir()
	write := func(path, tag string) string {
		path = filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("1 Q0 a 1 1 "+tag+"\n1 Q0 b 2 0.5 "+tag+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	labels := func(args ...string) []string {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"-qrels", "testdata/tiny.qrels", "-resamples", "100", "-format", "tsv"}, args...), &stdout, &stderr); code != cli.ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		var l []string
		for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n")[1:] {
			l = append(l, strings.Split(line, "\t")[0])
		}
		return l
	}
	a, b := write("a/run.txt", "same"), write("b/run.txt", "same")
	c, d := write("x/c.txt", "tagc"), write("x/d.txt", "tagd")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{a, b}, []string{"a/run", "b/run"}},
		{[]string{c, d}, []string{"tagc", "tagd"}},
		{[]string{"-name", "mine", a, b}, []string{"mine", "run"}}, // b alone is labelled by path
		{[]string{"-name", "x", "-name", "x", c, d}, []string{"x", "x#2"}},
		{[]string{a, a}, []string{"run", "run#2"}},
		{[]string{"-baseline", b, a, b}, []string{"b/run", "a/run"}},
	} {
		if diff := cmp.Diff(tc.want, labels(tc.args...)); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tc.args, diff)
		}
	}
}

// TestTableTSV checks -format tsv: a header of one-token column names and
// rows of as many tab-separated fields holding the values of the table
// -wide prints.
func TestTableTSV(t *testing.T) {
	args := []string{"-qrels", "testdata/tiny.qrels", "-resamples", "500", "testdata/a.run", "testdata/b.run"}
	var table, tsv, stderr bytes.Buffer
	if code := run(append([]string{"-wide"}, args...), &table, &stderr); code != cli.ExitOK {
		t.Fatalf("table: exit %d: %s", code, stderr.String())
	}
	if code := run(append([]string{"-format", "tsv"}, args...), &tsv, &stderr); code != cli.ExitOK {
		t.Fatalf("tsv: exit %d: %s", code, stderr.String())
	}
	_, tableHeader, rows := textTable(t, table.String())
	tableLines := append([]string{tableHeader}, rows...)
	lines := strings.Split(strings.TrimSuffix(tsv.String(), "\n"), "\n")
	if len(lines) != len(tableLines) {
		t.Fatalf("tsv has %d lines, the table %d:\n%s", len(lines), len(tableLines), tsv.String())
	}
	header := strings.Split(lines[0], "\t")
	// The first eleven columns are a contract; the rest were added since.
	want := []string{"run", "judgments", "topics", "ndcg5", "ndcg5_low", "ndcg5_high",
		"judged_ndcg5", "judged_ndcg5_low", "judged_ndcg5_high", "p", "judged5",
		"p_plain", "estimated_judged_ndcg5", "estimated_judged_ndcg5_low", "estimated_judged_ndcg5_high", "estimated_p", "labelled5", "warning",
		"depth5", "depth5_median", "p_untested", "own_ndcg5", "own_ndcg5_low", "own_ndcg5_high", "own_p", "own_judged5",
		"predicted_ndcg5", "predicted_ndcg5_low", "predicted_ndcg5_high", "predicted_p", "in_sample", "p_in_sample"}
	if diff := cmp.Diff(want, header); diff != "" {
		t.Errorf("header (-want +got):\n%s", diff)
	}
	// The text table orders its columns for people (the headline first):
	// a row holds the same values, in another order, but for the in-sample
	// columns, which it shows as marks ("†").
	for i, l := range lines[1:] {
		var got []string
		for c, f := range strings.Split(l, "\t") {
			if c < len(header) && (header[c] == "in_sample" || header[c] == "p_in_sample") {
				continue
			}
			got = append(got, strings.Fields(f)...)
		}
		var wantRow []string
		for _, f := range strings.Fields(tableLines[i+1]) {
			if f != "-" && f != "untested:" { // not computed: the baseline's p, estimates of argument judgments
				wantRow = append(wantRow, f)
			}
		}
		slices.Sort(got)
		slices.Sort(wantRow)
		if diff := cmp.Diff(wantRow, got); diff != "" || len(strings.Split(l, "\t")) != len(want) {
			t.Errorf("row %d (-table +tsv):\n%s", i+1, diff)
		}
	}
}

// TestCommandLine checks -h and unknown flags.
func TestCommandLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, &stdout, &stderr); code != cli.ExitOK || !strings.Contains(stdout.String(), "usage: evaluate") ||
		!strings.Contains(stdout.String(), "does not mean quiet") {
		t.Errorf("-h: exit %d, stdout %q; want 0 and the usage", code, stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"-no-such-flag", "x"}, &stdout, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), "-no-such-flag") {
		t.Errorf("unknown flag: exit %d, stderr %q; want %d naming the flag", code, stderr.String(), cli.ExitUsage)
	}
	stderr.Reset()
	if code := run([]string{"-year", "2021", "-format", "csv", "x"}, &stdout, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), "-format") {
		t.Errorf("-format csv: exit %d, stderr %q; want %d naming the flag", code, stderr.String(), cli.ExitUsage)
	}
}

// TestValidateEstimated checks -validate-estimated: the leave-one-out
// figures of both estimates on the official 2022 judgments, as
// eval.Estimate's documentation states them.
func TestValidateEstimated(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-validate-estimated"}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{
		"relevance  mean        2039   6841   0.7660",
		"quality    mean        2039   6841   0.7791",
		"coherence  mean        2039   6841   0.4734",
		"coherence  fitted      2039   6841   0.5017",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("got\n%s\nwant a line starting %q", stdout.String(), want)
		}
	}
}

// TestTableJSON checks -format json: one object whose rows hold the
// table's values, with every topic's, and null where nothing is computed.
func TestTableJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-qrels", "testdata/tiny.qrels", "-resamples", "500", "-min-judged", "-1", "-format", "json", "testdata/a.run", "testdata/b.run"}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got struct {
		K    int
		Rows []struct {
			System   string
			Judged   struct{ Mean *float64 }  `json:"judged_ndcg"`
			JudgedP  *float64                 `json:"judged_p"`
			PerTopic []struct{ Topic string } `json:"per_topic"`
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("%v:\n%s", err, stdout.String())
	}
	if got.K != 5 || len(got.Rows) != 2 || got.Rows[0].System != "A" || got.Rows[0].JudgedP != nil ||
		got.Rows[1].JudgedP == nil || math.Abs(*got.Rows[1].JudgedP-0.5) > 1e-12 || len(got.Rows[1].PerTopic) != 2 || *got.Rows[0].Judged.Mean != 1 {
		t.Errorf("got %s", stdout.String())
	}
}

// TestStrictTable checks that table mode reads runs strictly (an infinite
// score is an error naming the line and field) while trec_eval mode reads
// them as trec_eval does.
func TestStrictTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "inf.run")
	if err := os.WriteFile(path, []byte("1 Q0 a 1 +Inf t\n1 Q0 b 2 1 t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-qrels", "testdata/tiny.qrels", path}, &stdout, &stderr); code != cli.ExitError || !strings.Contains(stderr.String(), "inf.run:1: field score") {
		t.Errorf("table mode: exit %d, stderr %q; want 1 naming line 1, field score", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"-m", "map", "testdata/tiny.qrels", path}, &stdout, &stderr); code != cli.ExitOK {
		t.Errorf("trec_eval mode: exit %d, stderr %q; want 0", code, stderr.String())
	}
}

// TestSplitShortFlags checks that trec_eval's getopt spellings reach
// package flag as flag and value, and that nothing else changes.
func TestSplitShortFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	cmd := cli.New("evaluate", usage, about, &stdout, &stderr)
	define(cmd)
	for in, want := range map[string]string{
		"-M100 -l2 -mP.5 -Zz q r":     "-M 100 -l 2 -m P.5 -Z z q r",
		"-m all_trec -q -c q r":       "-m all_trec -q -c q r",
		"-qrels x -year 2020 r -M5":   "-qrels x -year 2020 r -M5",
		"-pairs first -mmap -- -M1 r": "-pairs first -m map -- -M1 r",
		"--M5 -x5 q r":                "--M5 -x5 q r",
	} {
		if got := strings.Join(splitShortFlags(cmd.Flags, strings.Fields(in)), " "); got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
}

// TestTrecEvalDefault checks that QRELS and RUN alone, and -m official,
// print trec_eval's default set.
func TestTrecEvalDefault(t *testing.T) {
	var a, b, stderr bytes.Buffer
	if code := run([]string{"testdata/tiny.qrels", "testdata/a.run"}, &a, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if code := run([]string{"-m", "official", "testdata/tiny.qrels", "testdata/a.run"}, &b, &stderr); code != cli.ExitOK {
		t.Fatalf("-m official: exit %d: %s", code, stderr.String())
	}
	if a.String() != b.String() || !strings.HasPrefix(a.String(), "runid                 \tall\t") || !strings.Contains(a.String(), "\ngm_map  ") {
		t.Errorf("got\n%s\nand with -m official\n%s", a.String(), b.String())
	}
}

// TestTrecEvalModeYear checks trec_eval mode with -year: RUN alone, scored
// against the embedded judgments of -dimension exactly as against the same
// judgments written to a qrels file.
func TestTrecEvalModeYear(t *testing.T) {
	j, err := eval.Official(2022)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, d := range []eval.Dimension{eval.Relevance, eval.Coherence} {
		var q strings.Builder
		for jd := range j.Qrels(d).All() {
			fmt.Fprintf(&q, "%s 0 %s %d\n", jd.Topic, jd.DocID, jd.Label)
		}
		qrels := filepath.Join(dir, string(d)+".qrels")
		if err := os.WriteFile(qrels, []byte(q.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		// A run of topic 1 judged pairs and an unjudged one.
		runFile := filepath.Join(dir, "run.txt")
		var r strings.Builder
		n := 0
		for jd := range j.Qrels(d).All() {
			if jd.Topic == "1" && n < 4 {
				n++
				fmt.Fprintf(&r, "1 PRO %s %d %d tag\n", jd.DocID, n, 10-n)
			}
		}
		fmt.Fprintf(&r, "1 PRO x__CONC__1,y__CONC__1 9 0.5 tag\n")
		if err := os.WriteFile(runFile, []byte(r.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		var want, got, stderr bytes.Buffer
		if code := run([]string{"-q", "-m", "ndcg_cut.5", "-m", "P.5", qrels, runFile}, &want, &stderr); code != cli.ExitOK {
			t.Fatalf("with the qrels file: exit %d: %s", code, stderr.String())
		}
		args := []string{"-q", "-year", "2022", "-m", "ndcg_cut.5", "-m", "P.5", runFile}
		if d != eval.Relevance {
			args = append([]string{"-dimension", string(d)}, args...)
		}
		if code := run(args, &got, &stderr); code != cli.ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		if diff := cmp.Diff(want.String(), got.String()); diff != "" || !strings.Contains(got.String(), "ndcg_cut_5") {
			t.Errorf("%v (-qrels file +embedded):\n%s", args, diff)
		}
	}
}

// TestOwnJudgments judges the unjudged top 5 of a 2022 run in an
// own-judgments file (as examples/judge writes it): with it, judged@5 is
// 1.00 and nDCG@5 exact (as trec_eval mode computes it over the official
// and own labels in one qrels file), beside the official figures; two files
// give their agreement. -predict=false: the predicted figure is not what it
// checks, and TestTableOfficialYear trains the predictor.
func TestOwnJudgments(t *testing.T) {
	j, err := eval.Official(2022)
	if err != nil {
		t.Fatal(err)
	}
	judged := "Sc065954f-Ae72bc9c6__PREMISE__41,Sc065954f-Ae72bc9c6__CONC__1" // topic 1: 2, 2, 2
	unjudged := []string{"x__PREMISE__1,y__PREMISE__2", "x__PREMISE__3,y__PREMISE__4", "x__PREMISE__5,y__PREMISE__6", "x__PREMISE__7,y__PREMISE__8"}
	dir := t.TempDir()
	var r strings.Builder
	for i, id := range append([]string{unjudged[0], judged}, unjudged[1:]...) {
		fmt.Fprintf(&r, "1 PRO %s %d %d mine\n", id, i+1, 10-i)
	}
	runFile := filepath.Join(dir, "run.txt")
	if err := os.WriteFile(runFile, []byte(r.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	writeOwn := func(name, annotator string, labels []int) string {
		var b strings.Builder
		w := own.NewWriter(&b)
		for i, id := range unjudged {
			w.Write(own.Annotation{Topic: "1", Pair: id, Relevance: labels[i], Quality: 1, Coherence: labels[i] % 2, Annotator: annotator,
				Time: time.Date(2026, 11, 27, 9, 0, i, 0, time.UTC)})
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ada := writeOwn("ada.tsv", "Ada", []int{1, 0, 2, 1})
	bob := writeOwn("bob.tsv", "Bob", []int{1, 0, 2, 2})
	// The exact nDCG@5 over the official and Ada's relevance labels.
	var q strings.Builder
	for jd := range j.Qrels(eval.Relevance).All() {
		fmt.Fprintf(&q, "%s 0 %s %d\n", jd.Topic, jd.DocID, jd.Label)
	}
	for i, id := range unjudged {
		fmt.Fprintf(&q, "1 0 %s %d\n", id, []int{1, 0, 2, 1}[i])
	}
	qrels := filepath.Join(dir, "all.qrels")
	if err := os.WriteFile(qrels, []byte(q.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var exact, stdout, stderr bytes.Buffer
	if code := run([]string{"-m", "ndcg_cut.5", qrels, runFile}, &exact, &stderr); code != cli.ExitOK {
		t.Fatalf("trec_eval mode: exit %d: %s", code, stderr.String())
	}
	want := strings.Fields(exact.String())[2]
	if code := run([]string{"-year", "2022", "-predict=false", "-format", "json", "-resamples", "100", "-judgments", ada, runFile}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got struct {
		Own  int
		Rows []struct {
			Judgments   string
			JudgedShare float64                `json:"judged_share"`
			OwnShare    float64                `json:"own_judged_share"`
			Own         struct{ Mean float64 } `json:"own_ndcg"`
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if r := got.Rows[0]; got.Own != 4 || r.Judgments != "2022 relevance" || r.JudgedShare != 0.2 || r.OwnShare != 1 || fmt.Sprintf("%.4f", r.Own.Mean) != want {
		t.Errorf("got own %d, %+v; want 4 own judgments, judged@5 0.20 officially, 1.00 with own, nDCG@5 %s:\n%s", got.Own, r, want, stdout.String())
	}
	// The wide table: both figures, labelled; two files give their agreement.
	stdout.Reset()
	if code := run([]string{"-year", "2022", "-predict=false", "-resamples", "100", "-wide", "-judgments", ada, "-judgments", bob, runFile}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, s := range []string{"nDCG@5 official + 4 own", "judged@5 official + 4 own", "judged-only nDCG@5", "agreement of " + ada + " (Ada) and " + bob + " (Bob) over 4 pairs both judged: Cohen's kappa relevance"} {
		if !strings.Contains(stdout.String(), s) {
			t.Errorf("the table lacks %q:\n%s", s, stdout.String())
		}
	}
	// A file that is not one of own judgments.
	if code := run([]string{"-year", "2022", "-judgments", qrels, runFile}, &stdout, &stderr); code != cli.ExitError || !strings.Contains(stderr.String(), "all.qrels") {
		t.Errorf("a qrels file as -judgments: exit %d, %s", code, stderr.String())
	}
}

// TestEmptyRun: an empty run (no line, or only blank lines and, for
// trec_eval mode, comments) is said to be empty, in both modes, never
// "not judged (wrong -year?)".
func TestEmptyRun(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "run.txt")
	blank := filepath.Join(dir, "blank.txt")
	comments := filepath.Join(dir, "comments.txt")
	for path, text := range map[string]string{empty: "", blank: "\n  \n", comments: "# a run that never ran\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-year", "2022", "-predict=false", empty},
		{"-year", "2022", "-predict=false", blank},
		{"-qrels", "testdata/tiny.qrels", "testdata/a.run", empty},
		{"-year", "2022", "-m", "ndcg_cut.5", empty},
		{"-year", "2022", "-m", "ndcg_cut.5", comments},
		{"testdata/tiny.qrels", blank},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		file := args[len(args)-1]
		if code != cli.ExitError || !strings.Contains(stderr.String(), file+": the run is empty") || strings.Contains(stderr.String(), "wrong -year") {
			t.Errorf("evaluate %q: exit %d, %q; want 1 and %q", args, code, stderr.String(), file+": the run is empty")
		}
	}
}

// TestMinJudged: -min-judged takes the values of
// experiment.Experiment.MinJudged: 0 (the default) means 0.2, under which
// a run's judged-only figure is not tested, and a negative value tests
// every run.
func TestMinJudged(t *testing.T) {
	// Run C's top 5 is judged at 0.1 (topic 1: a at rank 6; topic 2: d at
	// rank 5), A's at 0.3.
	low := filepath.Join(t.TempDir(), "c.run")
	var b strings.Builder
	for i, d := range []string{"u1", "u2", "u3", "u4", "u5", "a"} {
		fmt.Fprintf(&b, "1 Q0 %s %d %d C\n", d, i+1, 10-i)
	}
	for i, d := range []string{"v1", "v2", "v3", "v4", "d"} {
		fmt.Fprintf(&b, "2 Q0 %s %d %d C\n", d, i+1, 10-i)
	}
	if err := os.WriteFile(low, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	table := func(minJudged ...string) (tsv map[string]string, text string) {
		t.Helper()
		args := append([]string{"-qrels", "testdata/tiny.qrels", "-resamples", "500"}, minJudged...)
		var stdout, stderr bytes.Buffer
		if code := run(append(args, "-format", "tsv", "testdata/a.run", low), &stdout, &stderr); code != cli.ExitOK {
			t.Fatalf("%q: exit %d: %s", minJudged, code, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		header := strings.Split(lines[0], "\t")
		row := strings.Split(lines[2], "\t") // C's
		tsv = map[string]string{}
		for i, h := range header {
			tsv[h] = row[i]
		}
		stdout.Reset()
		if code := run(append(args, "testdata/a.run", low), &stdout, &stderr); code != cli.ExitOK {
			t.Fatalf("%q: exit %d: %s", minJudged, code, stderr.String())
		}
		return tsv, stdout.String()
	}
	for _, c := range []struct {
		args    []string
		tested  bool
		caption string // in the caption above the text table
	}{
		{nil, false, "0.20"},
		{[]string{"-min-judged", "0"}, false, "0.20"},
		{[]string{"-min-judged", "0.05"}, true, "0.05"},
		{[]string{"-min-judged", "-1"}, true, "every run"},
	} {
		row, text := table(c.args...)
		if row["run"] != "C" || row["judged5"] != "0.10" {
			t.Fatalf("%q: row %v, want C's with judged@5 0.1", c.args, row)
		}
		if tested := row["p"] != ""; tested != c.tested || tested == (row["p_untested"] != "") {
			t.Errorf("%q: p %q, p_untested %q; want tested %v", c.args, row["p"], row["p_untested"], c.tested)
		}
		caption, _, _ := strings.Cut(text, "\n\n")
		if !strings.Contains(strings.ReplaceAll(caption, "\n", " "), c.caption) || strings.Contains(caption, "-1") || strings.Contains(caption, "0.00") {
			t.Errorf("%q: the caption says %q, want %q", c.args, caption, c.caption)
		}
	}
	var stderr bytes.Buffer
	if code := run([]string{"-qrels", "testdata/tiny.qrels", "-min-judged", "NaN", "testdata/a.run"}, io.Discard, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), "-min-judged NaN") {
		t.Errorf("-min-judged NaN: exit %d, %q; want a usage error", code, stderr.String())
	}
}

// TestGzip: gzipped runs and qrels (told by their magic bytes, as the
// repository ships public runs) are read as the plain files are, in both
// modes (the judgments named by the qrels file without its ".gz"); a
// truncated one is an error that says gzip.
func TestGzip(t *testing.T) {
	dir := t.TempDir()
	gz := func(src string, cut int) string {
		t.Helper()
		plain, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(plain)
		zw.Close()
		dst := filepath.Join(dir, fmt.Sprint(cut), filepath.Base(src)+".gz")
		os.Mkdir(filepath.Dir(dst), 0o755)
		if err := os.WriteFile(dst, b.Bytes()[:b.Len()-cut], 0o644); err != nil {
			t.Fatal(err)
		}
		return dst
	}
	evaluate := func(args ...string) (string, string, int) {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		return stdout.String(), stderr.String(), code
	}
	qrels, runA, runB := "testdata/tiny.qrels", "testdata/a.run", "testdata/b.run"
	for _, args := range [][]string{
		{"-q", "-m", "ndcg_cut.5", "-m", "map", qrels, runB},
		{"-qrels", qrels, "-resamples", "500", "-format", "tsv", runA, runB},
	} {
		want, stderr, code := evaluate(args...)
		if code != cli.ExitOK {
			t.Fatalf("evaluate %q: exit %d: %s", args, code, stderr)
		}
		zipped := slices.Clone(args)
		for i, a := range zipped {
			if a == qrels || a == runA || a == runB {
				zipped[i] = gz(a, 0)
			}
		}
		got, stderr, code := evaluate(zipped...)
		if code != cli.ExitOK || got != want {
			t.Errorf("evaluate %q: exit %d, %s%q; want the output of the plain files, %q", zipped, code, stderr, got, want)
		}
	}
	for _, args := range [][]string{
		{"-m", "map", qrels, gz(runB, 9)},
		{"-m", "map", gz(qrels, 9), runB},
		{"-qrels", qrels, gz(runB, 9)},
		{"-qrels", gz(qrels, 9), runB},
		{"-m", "map", qrels, gz(runB, 30)},
	} {
		_, stderr, code := evaluate(args...)
		if code != cli.ExitError || !strings.Contains(stderr, "gzip: ") || !strings.Contains(stderr, ".gz") {
			t.Errorf("evaluate %q: exit %d, %q; want 1, naming the file and gzip", args, code, stderr)
		}
	}
}

// TestTableInSampleByTag marks the rows of a run that the tag of one of
// the library's systems names (argsearch-advanced, argsearch-RECIPE) as
// in-sample where that system learned from the judgments (Advanced: the
// 2022 sample's odd topics), and leaves other runs' rows unmarked.
func TestTableInSampleByTag(t *testing.T) {
	b, err := os.ReadFile("testdata/a.run")
	if err != nil {
		t.Fatal(err)
	}
	var tagged strings.Builder
	for l := range strings.Lines(string(b)) {
		f := strings.Fields(l)
		f[len(f)-1] = "argsearch-advanced"
		tagged.WriteString(strings.Join(f, " ") + "\n")
	}
	advanced := filepath.Join(t.TempDir(), "advanced.run")
	if err := os.WriteFile(advanced, []byte(tagged.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		run, want string
	}{{"testdata/a.run", "0"}, {advanced, "1"}} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-year", "2022", "-predict=false", "-resamples", "100", "-format", "tsv", c.run}, &stdout, &stderr); code != cli.ExitOK {
			t.Fatalf("%s: exit %d: %s", c.run, code, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		col := slices.Index(strings.Split(lines[0], "\t"), "in_sample")
		if col < 0 {
			t.Fatalf("no in_sample column:\n%s", lines[0])
		}
		for _, l := range lines[1:] {
			if got := strings.Split(l, "\t")[col]; got != c.want {
				t.Errorf("%s: in_sample %q, want %q (topic 1 is one of the 25 Advanced learned from):\n%s", c.run, got, c.want, l)
			}
		}
	}
}

// TestTrainedOnTags: only the tags the library's commands write name
// training topics; empty, unknown, near-miss and huge tags name none.
func TestTrainedOnTags(t *testing.T) {
	if got := trainedOn("argsearch-advanced"); len(got["2022"]) != 25 {
		t.Errorf("argsearch-advanced: got %v, want the 25 topics of the 2022 sample", got)
	}
	for _, tag := range []string{"", "argsearch-", "argsearch-nosuchrecipe", "advanced", "Argsearch-advanced", "argsearch-advanced-2", "argsearch-porthos", strings.Repeat("argsearch-", 10000)} {
		if got := trainedOn(tag); len(got) != 0 {
			t.Errorf("trainedOn(%.40q) = %v, want none", tag, got)
		}
	}
}
