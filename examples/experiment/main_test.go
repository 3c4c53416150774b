package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/google/go-cmp/cmp"
)

// TestCompare runs three systems on the 2022 sample: the table has a row
// per system and dimension, led by the predicted nDCG@5 (the one test of
// this package that trains the predictor), with a p-value against the
// first, and -o writes each run. With -predict=false the table is the
// same but for the predicted columns, which are empty. With
// ARGSEARCH_SLOW=1, evaluate prints the same table for the runs written.
func TestCompare(t *testing.T) {
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	page := filepath.Join(out, "report.html")
	args := []string{"-systems", "baseline,swordsman,bruce-banner", "-k", "100", "-format", "tsv", "-cache", "off", "-quiet", "-o", out, "-html", page}
	if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 1+3*3 {
		t.Fatalf("got %d lines, want a header and 9 rows:\n%s", len(lines), stdout.String())
	}
	header := strings.Split(lines[0], "\t")
	predicted := slices.Index(header, "predicted_ndcg5")
	if predicted < 0 {
		t.Fatalf("header %q: no predicted_ndcg5", lines[0])
	}
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		want := []string{"baseline", "swordsman", "bruce-banner"}[i%3]
		// A judged-only p-value, or why there is none (f[20]), unless the
		// baseline; depth (f[18]) for every row.
		if f[0] != want || f[2] != "25" || (f[9] == "" && f[20] == "") != (want == "baseline") || f[18] == "" {
			t.Errorf("row %q: want %s over 25 topics, with a p-value or why there is none unless the baseline, and its depth", l, want)
		}
		if v, err := strconv.ParseFloat(f[predicted], 64); err != nil || !(v > 0 && v <= 1) {
			t.Errorf("row %q: predicted nDCG@5 %q, want one in (0, 1]", l, f[predicted])
		}
	}
	for _, name := range []string{"baseline", "swordsman", "bruce-banner"} {
		if _, err := os.Stat(filepath.Join(out, name+".txt")); err != nil {
			t.Errorf("-o: %v", err)
		}
	}
	// -html: the report, with the 25 topics' pairs and the command line.
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatalf("-html: %v", err)
	}
	if n := strings.Count(string(b), `<section class="topic"`); n != 25 {
		t.Errorf("-html: %d topics in the report, want 25", n)
	}
	if !strings.Contains(string(b), "experiment -systems baseline,swordsman,bruce-banner -k 100") {
		t.Error("-html: the report does not give the command line")
	}
	// -predict=false: the same figures, the predicted ones left out.
	var cheap bytes.Buffer
	stderr.Reset()
	if code := run(context.Background(), append([]string{"-predict=false"}, args[:len(args)-4]...), &cheap, &stderr); code != cli.ExitOK {
		t.Fatalf("-predict=false: exit %d: %s", code, stderr.String())
	}
	cheapLines := strings.Split(strings.TrimSuffix(cheap.String(), "\n"), "\n") // its last fields are empty
	if len(cheapLines) != len(lines) || cheapLines[0] != lines[0] {
		t.Fatalf("-predict=false: got\n%s\nwant the header and rows of\n%s", cheap.String(), stdout.String())
	}
	for i := range lines[1:] {
		got, want := strings.Split(cheapLines[i+1], "\t"), strings.Split(lines[i+1], "\t")
		for c, name := range header {
			switch {
			case strings.HasPrefix(name, "predicted_"):
				if got[c] != "" {
					t.Errorf("-predict=false: row %d: %s %q, want it empty", i+1, name, got[c])
				}
			case got[c] != want[c]:
				t.Errorf("-predict=false: row %d: %s %q, want %q as without it", i+1, name, got[c], want[c])
			}
		}
	}
	if !slowtest.Enabled() {
		return // evaluate would train the predictor again
	}
	// One code path, one answer: evaluate prints the same table for the
	// runs written.
	sameAsEvaluate(t, stdout.String(), filepath.Join(out, "baseline.txt"), filepath.Join(out, "swordsman.txt"), filepath.Join(out, "bruce-banner.txt"))
}

// TestOutputsFirst checks that -o and -html are checked before any work:
// a directory that cannot be made, or a report in a directory that does
// not exist, fails at once (exit 1 naming the flag), before the input
// (missing here) is read.
func TestOutputsFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "no-such-input")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", filepath.Join(file, "runs")}, "-o " + filepath.Join(file, "runs")},
		{[]string{"-o", file}, "-o " + file + " is not a directory"},
		{[]string{"-html", filepath.Join(dir, "no-such-dir", "report.html")}, "does not exist"},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{"-i", missing, "-year", "2022", "-systems", "baseline", "-cache", "off", "-quiet"}, tc.args...)
		if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitError || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d naming %q", tc.args, code, stderr.String(), cli.ExitError, tc.want)
		}
	}
	// The same input with writable outputs fails on the input: the check
	// above is what stopped the command.
	var stdout, stderr bytes.Buffer
	args := []string{"-i", missing, "-year", "2022", "-systems", "baseline", "-cache", "off", "-quiet", "-o", filepath.Join(dir, "runs")}
	if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitError || !strings.Contains(stderr.String(), "no-such-input") {
		t.Errorf("missing input: exit %d, stderr %q; want %d naming it", code, stderr.String(), cli.ExitError)
	}
}

// sameAsEvaluate runs the evaluate command (go run) on the run files with
// -year 2022 -format tsv and compares its table with want.
func sameAsEvaluate(t *testing.T, want string, runs ...string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to run evaluate with: %v", err)
	}
	cmd := exec.Command(goTool, append([]string{"run", "../evaluate", "-year", "2022", "-format", "tsv"}, runs...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("evaluate: %v: %s", err, stderr.String())
	}
	if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(string(got), "\n")); diff != "" {
		t.Errorf("evaluate -year 2022 on the runs: a table differing from the experiment's (-experiment +evaluate):\n%s", diff)
	}
}

// TestCommandLine checks the usage errors, which name the flag.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-systems", "baseline,athos"}, `unknown system "athos"`},
		{[]string{"-systems", "baseline,baseline", "-cache", "off", "-quiet"}, "listed twice"},
		{[]string{"-systems", "baseline,baseline+athos"}, `-systems "baseline+athos": unknown system "athos"`},
		{[]string{"-systems", "baseline,baseline+"}, `-systems "baseline+": an empty name`},
		{[]string{"-systems", "baseline,pearl+pearl"}, "pearl is listed twice"},
		{[]string{"-systems", "pearl+korg,pearl+korg", "-cache", "off", "-quiet"}, "pearl+korg is listed twice"},
		{[]string{"-i", "dir"}, "-i needs -year"},
		{[]string{"-year", "2022"}, "-year goes with -i"},
		{[]string{"-format", "csv"}, "-format"},
		{[]string{"-html", ".", "-systems", "baseline", "-cache", "off", "-quiet"}, "is a directory"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d naming %q", tc.args, code, stderr.String(), cli.ExitUsage, tc.want)
		}
	}
}

// TestOwnJudgmentsFile checks that a -judgments file that is not one of
// own judgments fails before any system runs, naming the file.
func TestOwnJudgmentsFile(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "run.qrels")
	if err := os.WriteFile(bad, []byte("1 0 a,b 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	args := []string{"-systems", "baseline", "-cache", "off", "-quiet", "-judgments", bad}
	if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitError || !strings.Contains(stderr.String(), "run.qrels") {
		t.Errorf("exit %d, stderr %q; want %d naming the file", code, stderr.String(), cli.ExitError)
	}
}

// TestFused compares a fused system with its two systems on the 2022
// sample: a row of its own, and the run -o writes is the one advanced
// -fuse writes for the same systems.
func TestFused(t *testing.T) {
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"-systems", "baseline,baseline+swordsman,swordsman", "-k", "20", "-format", "tsv", "-predict=false", "-cache", "off", "-quiet", "-o", out}
	if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 1+3*3 || !strings.HasPrefix(lines[2], "baseline+swordsman\t") {
		t.Fatalf("got\n%s\nwant a header and 9 rows, the second baseline+swordsman's", stdout.String())
	}
	fused, err := os.ReadFile(filepath.Join(out, "baseline+swordsman.txt"))
	if err != nil {
		t.Fatal(err)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to run advanced with: %v", err)
	}
	dir := t.TempDir()
	cmd := exec.Command(goTool, "run", "../advanced", "-fuse", "baseline,swordsman", "-k", "20", "-tag", "baseline+swordsman", "-cache", "off", "-quiet", "-o", dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("advanced -fuse: %v\n%s", err, b)
	}
	want, err := os.ReadFile(filepath.Join(dir, "run.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fused, want) {
		t.Errorf("experiment's baseline+swordsman run differs from advanced -fuse baseline,swordsman's")
	}
}

// TestMinJudged: -min-judged takes the values of
// experiment.Experiment.MinJudged: 0 (the default) means 0.2, under which
// swordsman's judged-only figure (judged@5 about 0.1 at -k 20) is not
// tested against the baseline, and a negative value tests every system.
func TestMinJudged(t *testing.T) {
	for _, c := range []struct {
		value  string
		tested bool
	}{{"0", false}, {"-1", true}} {
		var stdout, stderr bytes.Buffer
		args := []string{"-systems", "baseline,swordsman", "-k", "20", "-format", "tsv", "-predict=false", "-cache", "off", "-quiet", "-min-judged", c.value}
		if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitOK {
			t.Fatalf("-min-judged %s: exit %d: %s", c.value, code, stderr.String())
		}
		lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
		header := strings.Split(lines[0], "\t")
		col := func(name string) int {
			i := slices.Index(header, name)
			if i < 0 {
				t.Fatalf("no column %s in %q", name, lines[0])
			}
			return i
		}
		p, untested, judged := col("p"), col("p_untested"), col("judged5")
		row := strings.Split(lines[2], "\t") // swordsman on relevance
		if v, err := strconv.ParseFloat(row[judged], 64); row[0] != "swordsman" || err != nil || v >= 0.2 {
			t.Fatalf("-min-judged %s: row %q, want swordsman's with judged@5 below 0.2", c.value, lines[2])
		}
		if tested := row[p] != ""; tested != c.tested || tested == (row[untested] != "") {
			t.Errorf("-min-judged %s: p %q, p_untested %q; want tested %v", c.value, row[p], row[untested], c.tested)
		}
	}
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"-min-judged", "1.5"}, io.Discard, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), "-min-judged 1.5") {
		t.Errorf("-min-judged 1.5: exit %d, %q; want a usage error naming it", code, stderr.String())
	}
}

// TestWide: the table printed by default fits 120 columns; -wide prints
// every figure, the columns tsv has (judged@5's depth, the plain nDCG@5),
// and goes with -format table only.
func TestWide(t *testing.T) {
	args := []string{"-systems", "baseline,swordsman", "-k", "20", "-predict=false", "-cache", "off", "-quiet"}
	tables := map[bool]string{}
	for _, wide := range []bool{false, true} {
		var stdout, stderr bytes.Buffer
		a := args
		if wide {
			a = append([]string{"-wide"}, args...)
		}
		if code := run(context.Background(), a, &stdout, &stderr); code != cli.ExitOK {
			t.Fatalf("%q: exit %d: %s", a, code, stderr.String())
		}
		tables[wide] = stdout.String()
	}
	for _, l := range strings.Split(tables[false], "\n") {
		if n := len([]rune(l)); n > 120 {
			t.Errorf("the table has a line of %d columns: %q", n, l)
		}
	}
	for _, s := range []string{"depth", "nDCG@5  CI95 low"} {
		if strings.Contains(tables[false], s) || !strings.Contains(tables[true], s) {
			t.Errorf("%q: want it in the -wide table only:\n%s\n%s", s, tables[false], tables[true])
		}
	}
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"-wide", "-format", "json"}, io.Discard, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), "-wide goes with -format table") {
		t.Errorf("-wide -format json: exit %d, %q; want a usage error", code, stderr.String())
	}
}
