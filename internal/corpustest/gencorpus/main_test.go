package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/corpustest"
)

// TestRun writes a small corpus and its queries twice: the files must be
// identical and the corpus must read back with the arguments asked for.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	c := corpustest.Config{Arguments: 40, Seed: 7}
	var files [2][]byte
	for i := range files {
		out, qs := filepath.Join(dir, "c.csv"), filepath.Join(dir, "q.tsv")
		if err := run(context.Background(), c, out, qs, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = b
		q, err := os.ReadFile(qs)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(q), "\n"); n != corpustest.NumQueries {
			t.Errorf("got %d queries, want %d", n, corpustest.NumQueries)
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two runs with the same seed wrote different corpora")
	}
	n := 0
	for _, err := range corpus.NewCSVReader(bytes.NewReader(files[0])).All() {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != c.Arguments {
		t.Errorf("read %d arguments, want %d", n, c.Arguments)
	}
	if err := run(context.Background(), c, filepath.Join(dir, "missing", "c.csv"), "", io.Discard, io.Discard); err == nil {
		t.Error("writing into a missing directory: got no error")
	}
}

// TestCommandLine checks the project's conventions: -h prints the usage
// (not Go's default "Usage of ...") to stdout and exits 0; a bad command
// line exits 2 naming the flag.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		out    string // in stdout for status 0, else in stderr
	}{
		{[]string{"-h"}, 0, "usage: gencorpus [-args 365408]"},
		{[]string{"-no-such-flag"}, 2, "-no-such-flag"},
		{[]string{"-args", "0"}, 2, "-args 0, want 1 or more"},
		{[]string{"-args", "many"}, 2, "-args"},
		{[]string{"-o", ""}, 2, "-o"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
	} {
		var stdout, stderr bytes.Buffer
		status := command(context.Background(), tc.args, &stdout, &stderr)
		out := stderr.String()
		if tc.status == 0 {
			out = stdout.String()
			if stderr.Len() > 0 || strings.Contains(out, "Usage of") || !strings.Contains(out, "flags:\n  -args") {
				t.Errorf("-h: stdout %q, stderr %q; want the usage with the flags on stdout alone", out, stderr.String())
			}
		}
		if status != tc.status || !strings.Contains(out, tc.out) {
			t.Errorf("%q: exit %d, output %q; want exit %d and %q", tc.args, status, out, tc.status, tc.out)
		}
	}
	// A write that fails leaves no partial file.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "c.csv")
	var stderr bytes.Buffer
	if code := command(ctx, []string{"-args", "5000", "-o", out}, io.Discard, &stderr); code != 1 {
		t.Errorf("cancelled: exit %d, stderr %q; want 1", code, stderr.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a cancelled write left %s (%v)", out, err)
	}
}
