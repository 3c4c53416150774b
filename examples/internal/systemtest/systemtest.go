// Package systemtest checks an example system end to end: on an embedded
// args.me sample its run must validate, be deterministic and evaluate; on a
// TIRA-style input directory it must read -i, write -o and reuse its
// cached index.
package systemtest

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/runfile"
)

// Main is an example's entry point: it runs the system with command-line
// args and returns the exit code.
type Main func(ctx context.Context, args []string, stdout, stderr io.Writer) int

// Run runs main with args and "-o DIR" (a new temporary directory), fails
// t unless it exits with 0, and returns the run file's bytes and what main
// printed.
func Run(t testing.TB, main Main, args ...string) (run []byte, stdout, stderr string) {
	t.Helper()
	out := t.TempDir()
	var o, e bytes.Buffer
	if code := main(context.Background(), append(slices.Clone(args), "-o", out), &o, &e); code != 0 {
		t.Fatalf("%v: exit code %d, stderr:\n%s", args, code, e.String())
	}
	b, err := os.ReadFile(filepath.Join(out, "run.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return b, o.String(), e.String()
}

// Lines returns the lines of a run, failing t if it does not read.
func Lines(t testing.TB, run []byte) []runfile.Line {
	t.Helper()
	var lines []runfile.Line
	for l, err := range runfile.NewReader(bytes.NewReader(run)).All() {
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	return lines
}

// Sample runs main on an embedded sample (the 2022 one, or the 2021 one
// when args hold "-sample 2021") with a fresh index cache, and with
// ARGSEARCH_SLOW=1 a second time on the cache the first built, checking
// that the two runs are byte-identical (without it, the run's figures are
// pinned by the root package's Example for advanced and by system's
// TestRunHashes). It checks that the run is valid under rules
// with the minimum of pairs lifted (as for a sample), that it answers every
// topic of the sample, that the summary line names the topics and pairs and
// that the run's evaluation is printed. It returns the run's relevance row
// of an experiment against the sample's official judgments.
func Sample(t *testing.T, main Main, rules runfile.Rules, args ...string) experiment.Row {
	t.Helper()
	s := sample.Touche2022()
	if i := slices.Index(args, "-sample"); i >= 0 && i+1 < len(args) && args[i+1] == "2021" {
		s = sample.Touche2021()
	}
	args = append(slices.Clone(args), "-quiet", "-cache", t.TempDir())
	first, stdout, _ := Run(t, main, args...)
	if slowtest.Enabled() {
		second, _, _ := Run(t, main, args...)
		if !bytes.Equal(first, second) {
			t.Errorf("two runs differ:\n%s", firstDifference(first, second))
		}
	}
	lines := Lines(t, first)
	ids := topicIDs(t, s)
	rules.MinResults = 0
	rules.Topics = ids
	if err := runfile.Validate(lines, rules); err != nil {
		t.Errorf("run does not validate: %v", err)
	}
	want := fmt.Sprintf(": %d topics, %d pairs ", len(ids), len(lines))
	if !strings.Contains(stdout, want) {
		t.Errorf("summary: got %q, want it to contain %q", stdout, want)
	}
	// The summary leads with the headline of a table of the run alone, the
	// estimate for the 2022 sample, and says how to get the predicted one.
	headline := "estimated judged-only nDCG@5"
	if s.Year() == 2021 {
		headline = "judged-only nDCG@5"
	}
	for _, d := range []string{"relevance", "quality", "coherence"} {
		if want := fmt.Sprintf("\n%d %s: %s 0.", s.Year(), d, headline); (s.Year() == 2022 || d == "relevance") && !strings.Contains(stdout, want) {
			t.Errorf("summary: got %q, want the evaluation led by the headline (%q)", stdout, want)
		}
	}
	if want := "predicted nDCG@5, comes from: go run ./examples/evaluate -year 2022 "; s.Year() == 2022 && !strings.Contains(stdout, want) {
		t.Errorf("summary: got %q, want a line saying how to get the headline (%q)", stdout, want)
	}
	// The run is evaluated without an Env, as the command's summary line
	// evaluates it: with one, the experiment would also train its predictor
	// of unjudged pairs (encoding every judged sentence), which this check
	// does not look at. The judgments are the sample's, those an Env of it
	// holds.
	judgments, err := eval.Official(s.Year())
	if err != nil {
		t.Fatal(err)
	}
	table, err := experiment.Experiment{Judgments: judgments, Systems: []experiment.System{{Name: "run", Run: mustRun(t, first)}}, Pairs: eval.FirstSentence}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	row := table.Rows[0]
	if want := fmt.Sprintf(": %s %.4f (CI95 ", headline, map[bool]float64{true: row.Estimated.Mean, false: row.Judged.Mean}[s.Year() == 2022]); !strings.Contains(stdout, want) {
		t.Errorf("summary: got %q, want the headline figure of the run's table (%q)", stdout, want)
	}
	// A warning that the run's judged-only figure rests on ranks far down
	// (judged@5 below 0.5) is expected of a new system; any other is not.
	unexpected := slices.ContainsFunc(row.Warnings, func(w string) bool { return !strings.Contains(w, "judged-only rests on ranks around") })
	if row.Topics != len(ids) || !(row.Judged.Mean > 0 && row.Judged.Mean <= 1) || unexpected {
		t.Errorf("evaluation: got %d topics, judged-only nDCG@5 %v, warning %q; want %d topics and a positive nDCG@5", row.Topics, row.Judged.Mean, row.Warning, len(ids))
	}
	return row
}

// TIRA writes a TIRA input directory (the sample's processed CSV as
// args_processed.csv and topics.xml with the sample's 2021 topics), runs
// main on it twice with one cache directory, and checks that both runs
// answer every topic identically and that the second run reused the cached
// index (exactly one index in the cache, no "indexing" bar on stderr).
func TIRA(t *testing.T, main Main, args ...string) {
	t.Helper()
	tira(t, main, true, args)
}

// TIRAWithoutIndex is TIRA for a system that searches no lexical index
// (dense retrieval only): the first run builds none, and the cache holds
// the corpus store and the sentences' vectors (a .dense file), which the
// second run reads.
func TIRAWithoutIndex(t *testing.T, main Main, args ...string) {
	t.Helper()
	tira(t, main, false, args)
}

// tira is TIRA, with an index to build and cache or none.
func tira(t *testing.T, main Main, index bool, args []string) {
	t.Helper()
	in, cache := t.TempDir(), t.TempDir()
	if err := WriteInput(in); err != nil {
		t.Fatal(err)
	}
	args = append(slices.Clone(args), "-i", in, "-cache", cache, "-min-pairs", "0")
	first, stdout, stderr := Run(t, main, args...)
	if strings.Contains(stderr, "indexing") != index {
		t.Errorf("first run: stderr %q, want an indexing progress bar: %v", stderr, index)
	}
	if strings.Contains(stderr, "\r") {
		t.Errorf("first run: stderr %q has carriage returns, though it is not a terminal", stderr)
	}
	if strings.Contains(stdout, "nDCG@5") {
		t.Errorf("first run: got %q; a TIRA input has no embedded judgments to evaluate with", stdout)
	}
	second, _, stderr := Run(t, main, args...)
	if strings.Contains(stderr, "indexing") {
		t.Errorf("second run rebuilt the index: stderr %q", stderr)
	}
	if strings.Contains(stderr, "reading corpus") {
		t.Errorf("second run read the corpus again instead of the cached store: stderr %q", stderr)
	}
	if !bytes.Equal(first, second) {
		t.Errorf("two runs differ:\n%s", firstDifference(first, second))
	}
	all, err := os.ReadDir(cache)
	if err != nil {
		t.Fatal(err)
	}
	var entries, dense []os.DirEntry // the lock files of the cache's entries aside
	for _, e := range all {
		switch {
		case strings.HasSuffix(e.Name(), ".lock"):
		case strings.HasSuffix(e.Name(), ".dense") && !e.IsDir():
			dense = append(dense, e)
		default:
			entries = append(entries, e)
		}
	}
	switch {
	case index && (len(entries) != 2 || !entries[0].IsDir() == !entries[1].IsDir()):
		t.Errorf("cache holds %d entries, want one index and one store file: %v", len(entries), entries)
	case !index && (len(entries) != 1 || entries[0].IsDir() || len(dense) == 0):
		t.Errorf("cache holds %v and %v, want one store file and the sentences' vectors (.dense)", entries, dense)
	}
	lines := Lines(t, first)
	got := map[string]bool{}
	for _, l := range lines {
		got[l.QID] = true
	}
	if ids := topicIDs(t, sample.Touche2021()); len(got) != len(ids) {
		t.Errorf("run answers %d topics, want %d", len(got), len(ids))
	}
}

// CommandLine checks main's command line: -h prints the usage to stdout
// and exits 0; an unknown flag, a stray argument and values out of range
// exit 2 naming the problem, before any work; and an input directory whose
// topics.xml holds no topics (an empty file, or <topics></topics>) fails
// without writing run.txt.
func CommandLine(t *testing.T, main Main) {
	t.Helper()
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"-h"}, 0, "usage: "},
		{[]string{"-no-such-flag"}, 2, "-no-such-flag"},
		{[]string{"stray"}, 2, `unexpected argument "stray"`},
		{[]string{"-k", "0"}, 2, "-k 0, want 1 to 1000"},
		{[]string{"-k", "-3"}, 2, "-k -3"},
		{[]string{"-workers", "-2"}, 2, "-workers -2"},
	} {
		var stdout, stderr bytes.Buffer
		out := t.TempDir()
		status := main(context.Background(), append(slices.Clone(tc.args), "-o", out, "-cache", "off"), &stdout, &stderr)
		got := stderr.String()
		if tc.status == 0 {
			got = stdout.String()
		}
		if status != tc.status || !strings.Contains(got, tc.want) {
			t.Errorf("%q: exit %d, output %q; want %d and %q", tc.args, status, got, tc.status, tc.want)
		}
		if tc.status == 0 && (!strings.Contains(got, "-quiet") || stderr.Len() != 0) {
			t.Errorf("-h: stdout %q, stderr %q; want the flags on stdout only", got, stderr.String())
		}
		if _, err := os.Stat(filepath.Join(out, "run.txt")); !os.IsNotExist(err) {
			t.Errorf("%q: run.txt written (%v)", tc.args, err)
		}
	}
	for _, topics := range []string{"", "<topics></topics>"} {
		in, out := t.TempDir(), t.TempDir()
		if err := WriteInput(in); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(in, "topics.xml"), []byte(topics), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		status := main(context.Background(), []string{"-i", in, "-o", out, "-cache", "off", "-quiet"}, &stdout, &stderr)
		if status == 0 || !strings.Contains(stderr.String(), "no topics") {
			t.Errorf("topics.xml %q: exit %d, stderr %q; want a failure naming the lack of topics", topics, status, stderr.String())
		}
		if _, err := os.Stat(filepath.Join(out, "run.txt")); !os.IsNotExist(err) {
			t.Errorf("topics.xml %q: run.txt written (%v)", topics, err)
		}
	}
}

// WriteInput writes a TIRA input directory for the embedded sample into
// dir: the sample's processed CSV as args_processed.csv, and topics.xml
// with the 2021 topics the sample was drawn for.
func WriteInput(dir string) error {
	csv, err := io.ReadAll(sample.Touche2021().ProcessedCSV())
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "args_processed.csv"), csv, 0o644); err != nil {
		return err
	}
	ts, err := sample.Touche2021().Topics()
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("<topics>\n")
	for _, tp := range ts {
		fmt.Fprintf(&b, "<topic><number>%s</number><title>%s</title></topic>\n", tp.ID, escape(tp.Title))
	}
	b.WriteString("</topics>\n")
	return os.WriteFile(filepath.Join(dir, "topics.xml"), []byte(b.String()), 0o644)
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// firstDifference describes the first line where a and b differ.
func firstDifference(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, lb[i], la[i])
		}
	}
	return fmt.Sprintf("got %d lines, want %d", len(lb), len(la))
}

// mustRun reads a run file's bytes.
func mustRun(t testing.TB, b []byte) runfile.Run {
	t.Helper()
	run, err := runfile.NewReader(bytes.NewReader(b)).ReadRun()
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// topicIDs returns the ids of the topics a sample was drawn for.
func topicIDs(t testing.TB, s sample.Sample) []string {
	t.Helper()
	ts, err := s.Topics()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, tp := range ts {
		ids = append(ids, tp.ID)
	}
	return ids
}
