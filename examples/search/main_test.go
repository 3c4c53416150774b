package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/runfile"
)

func TestBuildThenOpen(t *testing.T) {
	dir := t.TempDir()
	idx := filepath.Join(dir, "index")
	// The timing line, its times to the microsecond: a tiny index's
	// queries must not read as 0.00 ms.
	latencyLine := regexp.MustCompile(`(?m)^queries: \d+, top-\d+, mean \d+\.\d{3} ms, p50 \d+\.\d{3} ms, p95 \d+\.\d{3} ms, max \d+\.\d{3} ms$`)
	var runs [3][]byte
	for i := range runs {
		out := filepath.Join(dir, "run.txt")
		var stdout, stderr bytes.Buffer
		args := []string{"-corpus", "testdata/tiny.csv", "-index", idx, "-unit", "argument", "-model", "dirichlet",
			"-topics", "testdata/queries.tsv", "-k", "5", "-o", out}
		if i == 2 {
			args = append(args, "-no-warmup")
		}
		code := run(args, &stdout, &stderr)
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", i, code, stderr.String())
		}
		want := []string{"build:", "open:", "open:"}[i]
		if !strings.HasPrefix(stdout.String(), want) || !strings.Contains(stdout.String(), "queries: 2, top-5") {
			t.Errorf("run %d: stdout %q lacks %q and the query timings", i, stdout.String(), want)
		}
		if !latencyLine.MatchString(stdout.String()) {
			t.Errorf("run %d: stdout %q: want the query times in ms to the microsecond (three decimals)", i, stdout.String())
		}
		var err error
		if runs[i], err = os.ReadFile(out); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(runs[0], runs[1]) || !bytes.Equal(runs[0], runs[2]) {
		t.Errorf("the run after building differs from the runs after reopening (with and without warm-up):\n%s\n%s\n%s", runs[0], runs[1], runs[2])
	}
	lines := strings.Split(strings.TrimSpace(string(runs[0])), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "1 Q0 ") {
		t.Errorf("run %q: want lines of both topics with Q0", runs[0])
	}
}

// TestCommandLine checks the command line: -h, unknown flags, missing and
// out-of-range values.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		out    string // in stdout for status 0, else in stderr
	}{
		{[]string{"-h"}, 0, "usage: search"},
		{[]string{"-no-such-flag"}, 2, "-no-such-flag"},
		{[]string{}, 2, "-index is required"},
		{[]string{"-index", "x", "-o", "y"}, 2, "-topics or -year"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-topics", "z"}, 2, "exclude"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-k", "0"}, 2, "-k 0, want 1 to"},
		{[]string{"-index", "x", "-o", "y", "-year", "2019"}, 2, "-year 2019"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-model", "bm26"}, 2, "-model"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-analyzer", "x"}, 2, "-analyzer"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-qweights", "1,2"}, 2, "-qweights"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-units", "all"}, 2, "-build"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-memory", "-1"}, 2, "-memory -1"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-memory", "9999999999"}, 2, "-memory"},
		{[]string{"-index", "x", "-o", "y", "-year", "2021", "-memory", "lots"}, 2, "-memory"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(tc.args, &stdout, &stderr)
		out := stderr.String()
		if tc.status == 0 {
			out = stdout.String()
		}
		if status != tc.status || !strings.Contains(out, tc.out) {
			t.Errorf("%q: exit %d, output %q; want exit %d and %q", tc.args, status, out, tc.status, tc.out)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-index", t.TempDir(), "-o", "r", "-year", "2021"}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "no index") {
		t.Errorf("no index, no corpus: exit %d, stderr %q; want 1 and a clear message", code, stderr.String())
	}
}

// TestNothingSilent checks that degenerate inputs fail and write nothing:
// a topics file without topics, a run in which no topic matched, and a
// corpus with a repeated argument id, whose failed build is not reused.
func TestNothingSilent(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tiny, err := os.ReadFile("testdata/tiny.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(tiny), "\n")
	dup := write("dup.csv", strings.Join(append(lines[:3:3], lines[1]), ""))
	header := write("header.csv", lines[0])
	for _, tc := range []struct {
		name, corpus, topics, want string
	}{
		{"empty XML", "testdata/tiny.csv", write("empty.xml", "<topics></topics>"), "no topics"},
		{"empty file", "testdata/tiny.csv", write("empty.tsv", ""), "no topics"},
		{"no matches", "testdata/tiny.csv", write("nomatch.tsv", "1\tzzzzqx\n"), "no document matched"},
		{"duplicate id", dup, "testdata/queries.tsv", `"S1db25c4b-A7523b5e8" is also the id of record 1`},
		{"duplicate id again", dup, "testdata/queries.tsv", `"S1db25c4b-A7523b5e8" is also the id of record 1`},
		{"no arguments", header, "testdata/queries.tsv", header + ": the corpus has no arguments"},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".run")
		idx := filepath.Join(dir, "index-"+filepath.Base(tc.corpus))
		var stdout, stderr bytes.Buffer
		code := run([]string{"-corpus", tc.corpus, "-index", idx, "-topics", tc.topics, "-o", out, "-quiet"}, &stdout, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", tc.name, code, stderr.String(), tc.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: run file written (%v)", tc.name, err)
		}
		if tc.corpus != "testdata/tiny.csv" {
			if _, err := os.Stat(idx); !os.IsNotExist(err) {
				t.Errorf("%s: a failed build left its index directory %s (%v)", tc.name, idx, err)
			}
		}
	}
}

// TestOutputCheckedFirst: a run file in a directory that does not exist
// is an error naming the path given, before the index is built.
func TestOutputCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	idx := filepath.Join(dir, "index")
	out := filepath.Join(dir, "nodir", "run.txt")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-corpus", "testdata/tiny.csv", "-index", idx, "-topics", "testdata/queries.tsv", "-o", out, "-quiet"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "-o "+out+": the directory "+filepath.Join(dir, "nodir")+" does not exist") || strings.Contains(stderr.String(), ".tmp") {
		t.Errorf("exit %d, stderr %q; want 1 and a message naming -o %s", code, stderr.String(), out)
	}
	if _, err := os.Stat(idx); !os.IsNotExist(err) {
		t.Errorf("the index was built before -o was checked (%v)", err)
	}
}

// TestIndexKnowsItsCorpus checks that an existing index is never silently
// searched for another corpus (issue 22): -corpus of a missing file, or of
// another file, is an error naming both; without -corpus the index is
// searched as it is; an index that records no corpus is warned about.
func TestIndexKnowsItsCorpus(t *testing.T) {
	dir := t.TempDir()
	idx := filepath.Join(dir, "index")
	search := func(corpus string) (int, string) {
		var stdout, stderr bytes.Buffer
		args := []string{"-index", idx, "-unit", "argument", "-topics", "testdata/queries.tsv", "-k", "5", "-o", filepath.Join(dir, "run.txt"), "-quiet"}
		if corpus != "" {
			args = append(args, "-corpus", corpus)
		}
		return run(args, &stdout, &stderr), stderr.String()
	}
	if code, stderr := search("testdata/tiny.csv"); code != 0 {
		t.Fatalf("build: exit %d: %s", code, stderr)
	}
	if code, stderr := search("testdata/tiny.csv"); code != 0 || strings.Contains(stderr, "warning") {
		t.Errorf("the same corpus: exit %d, stderr %q", code, stderr)
	}
	other := filepath.Join(dir, "other.csv")
	b, err := os.ReadFile("testdata/tiny.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, corpus := range []string{other, filepath.Join(dir, "missing.csv")} {
		if code, stderr := search(corpus); code != 1 || !strings.Contains(stderr, "built from") || !strings.Contains(stderr, "tiny.csv") || !strings.Contains(stderr, filepath.Base(corpus)) {
			t.Errorf("-corpus %s: exit %d, stderr %q; want 1 naming both corpus files", corpus, code, stderr)
		}
	}
	if code, stderr := search(""); code != 0 {
		t.Errorf("without -corpus: exit %d, stderr %q", code, stderr)
	}
	// A hostile record (10 MB, not UTF-8) is quoted cut, not echoed; an
	// empty one records nothing.
	record := filepath.Join(idx, corpusRecord)
	if err := os.WriteFile(record, bytes.Repeat([]byte{0xff, 'x'}, 5<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stderr := search(other); code != 1 || len(stderr) > 2000 || !strings.Contains(stderr, "(10485760 bytes)") {
		t.Errorf("a 10 MB record: exit %d, %d bytes on stderr, %q; want 1 and the record cut", code, len(stderr), stderr[:min(len(stderr), 300)])
	}
	if err := os.WriteFile(record, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stderr := search(other); code != 0 || !strings.Contains(stderr, "records no corpus") {
		t.Errorf("an empty record: exit %d, stderr %q; want 0 and a warning", code, stderr)
	}
	if err := os.Remove(record); err != nil {
		t.Fatal(err)
	}
	if code, stderr := search(other); code != 0 || !strings.Contains(stderr, "records no corpus") {
		t.Errorf("an index that records no corpus: exit %d, stderr %q; want 0 and a warning", code, stderr)
	}
}

// TestRunFileReplaced checks -o: a run file that is there is replaced with
// a line on stderr naming it, and a directory is an error saying so.
func TestRunFileReplaced(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "run.txt")
	args := []string{"-corpus", "testdata/tiny.csv", "-index", filepath.Join(dir, "index"), "-topics", "testdata/queries.tsv", "-k", "5", "-quiet", "-o"}
	var stdout, stderr bytes.Buffer
	if code := run(append(args, out), &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("first run: exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run(append(args, out), &stdout, &stderr); code != 0 || !strings.Contains(stderr.String(), "replaced "+out) {
		t.Errorf("second run: exit %d, stderr %q; want a line naming the replaced file", code, stderr.String())
	}
	stderr.Reset()
	if code := run(append(args, dir), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "is a directory") {
		t.Errorf("-o a directory: exit %d, stderr %q", code, stderr.String())
	}
}

// TestInterrupted: a build cancelled (as an interrupt cancels it through
// signal.NotifyContext in main) says so and leaves no index directory and
// no run file.
func TestInterrupted(t *testing.T) {
	dir := t.TempDir()
	idx, out := filepath.Join(dir, "index"), filepath.Join(dir, "run.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := runContext(ctx, []string{"-corpus", "testdata/tiny.csv", "-index", idx, "-topics", "testdata/queries.tsv", "-o", out, "-quiet"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "interrupted, nothing written") {
		t.Errorf("exit %d, stderr %q; want 1 and: interrupted, nothing written", code, stderr.String())
	}
	for _, p := range []string{idx, out} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("an interrupted build left %s (%v)", p, err)
		}
	}
}

// TestWriteRun: the run file writeRun writes is the one runfile.NewRun
// makes of the same hits (ties ordered by docid, a repeated topic's last
// hits, no lines for a topic without hits), and a topic id that a run
// cannot hold is an error also when the topic has no hits.
func TestWriteRun(t *testing.T) {
	dir := t.TempDir()
	qs := []retrieval.Query{{ID: "2"}, {ID: "10"}, {ID: "3"}, {ID: "2"}}
	results := [][]retrieval.Hit{
		{{ID: "a", Score: 2}},
		{{ID: "b", Score: 1.5}, {ID: "d", Score: 1.5}, {ID: "c", Score: 0.25}},
		nil,
		{{ID: "e", Score: 3}, {ID: "f", Score: 1e-9}},
	}
	o := options{out: filepath.Join(dir, "run.txt"), model: "bm25"}
	if err := writeRun(o, qs, results, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(o.out)
	if err != nil {
		t.Fatal(err)
	}
	byTopic := map[string][]runfile.Result{}
	for i, q := range qs {
		rs := []runfile.Result{}
		for _, h := range results[i] {
			rs = append(rs, runfile.Result{DocID: h.ID, Score: h.Score})
		}
		byTopic[q.ID] = rs
	}
	run, err := runfile.NewRun("argsearch-bm25", runfile.Rules{}, byTopic)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "want.txt")
	if err := runfile.WriteFile(want, run, runfile.Rules{}); err != nil {
		t.Fatal(err)
	}
	if w, _ := os.ReadFile(want); !bytes.Equal(got, w) {
		t.Errorf("run file:\n%s\nwant:\n%s", got, w)
	}
	bad := append(slices.Clone(qs), retrieval.Query{ID: "x y"})
	o.out = filepath.Join(dir, "bad.txt")
	if err := writeRun(o, bad, append(slices.Clone(results), nil), io.Discard); err == nil {
		t.Error("a topic id with a space and no hits: no error")
	}
	if _, err := os.Stat(o.out); err == nil {
		t.Error("a run file written despite the error")
	}
}

// TestLimitMemory checks that -memory's value becomes the heap's soft
// limit while a build runs, and the limit before it afterwards; that 0 and
// GOMEMLIMIT leave the limit alone; and that the flag's default is
// defaultMemory.
func TestLimitMemory(t *testing.T) {
	limit := func() int64 { return debug.SetMemoryLimit(-1) }
	before := limit()
	for _, tc := range []struct {
		mib  int
		env  string
		want int64
	}{
		{defaultMemory, "", defaultMemory << 20},
		{321, "", 321 << 20},
		{0, "", before},
		{321, "100MiB", before},
	} {
		t.Setenv("GOMEMLIMIT", tc.env)
		restore := limitMemory(tc.mib)
		if got := limit(); got != tc.want {
			t.Errorf("-memory %d, GOMEMLIMIT %q: limit %d, want %d", tc.mib, tc.env, got, tc.want)
		}
		restore()
		if got := limit(); got != before {
			t.Errorf("-memory %d: limit %d after the build, want %d again", tc.mib, got, before)
		}
	}
	var stdout, stderr bytes.Buffer
	run([]string{"-h"}, &stdout, &stderr)
	if help := stdout.String() + stderr.String(); !strings.Contains(help, fmt.Sprintf("(default %d)", defaultMemory)) {
		t.Errorf("-memory's help does not give its default %d:\n%s", defaultMemory, help)
	}
}
