package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBuildThenOpen(t *testing.T) {
	dir := t.TempDir()
	idx := filepath.Join(dir, "index")
	var runs [2][]byte
	for i := range runs {
		out := filepath.Join(dir, "run.txt")
		var stdout, stderr bytes.Buffer
		code := run([]string{"-corpus", "testdata/tiny.csv", "-index", idx, "-unit", "argument", "-model", "dirichlet",
			"-topics", "testdata/queries.tsv", "-k", "5", "-o", out}, &stdout, &stderr)
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", i, code, stderr.String())
		}
		want := []string{"build:", "open:"}[i]
		if !strings.HasPrefix(stdout.String(), want) || !strings.Contains(stdout.String(), "queries: 2, top-5") {
			t.Errorf("run %d: stdout %q lacks %q and the query timings", i, stdout.String(), want)
		}
		var err error
		if runs[i], err = os.ReadFile(out); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(runs[0], runs[1]) {
		t.Errorf("the run after building differs from the run after reopening:\n%s\n%s", runs[0], runs[1])
	}
	lines := strings.Split(strings.TrimSpace(string(runs[0])), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "1 Q0 ") {
		t.Errorf("run %q: want lines of both topics with Q0", runs[0])
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-index", "x", "-o", "y"}, // no topics
		{"-index", "x", "-o", "y", "-year", "2021", "-topics", "z"}, // both
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 1 {
			t.Errorf("%q: exit %d, want 1", args, code)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-index", t.TempDir(), "-o", "r", "-year", "2021"}, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "no index") {
		t.Errorf("no index, no corpus: exit %d, stderr %q; want 2 and a clear message", code, stderr.String())
	}
}
