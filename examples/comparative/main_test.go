package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/runfile"
)

// tiraInput writes a generated corpus (gzip'd) and its topics to a TIRA
// input directory.
func tiraInput(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	c := corpustest.Config{Seed: 4, Vocabulary: 5000}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := corpustest.WritePassages(context.Background(), zw, c, n); err != nil {
		t.Fatal(err)
	}
	zw.Close()
	if err := os.WriteFile(filepath.Join(dir, "touche-task2-passages-version-002.jsonl.gz"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var tb bytes.Buffer
	if err := corpustest.WriteTopics(&tb, corpustest.ComparativeTopics(c)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "topics.xml"), tb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestTIRA(t *testing.T) {
	in, out := tiraInput(t, 2000), t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-i", in, "-o", out, "-recipe", "baseline", "-k", "20", "-quiet"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	r, err := os.Open(filepath.Join(out, "run.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rr := runfile.NewReader(r)
	rr.Comparative = true
	run, err := rr.ReadRun()
	if err != nil {
		t.Fatal(err)
	}
	if len(run) != 50 {
		t.Errorf("%d topics in run.txt, want 50", len(run))
	}
}

func TestBadInput(t *testing.T) {
	in := tiraInput(t, 200)
	if err := os.Remove(filepath.Join(in, "touche-task2-passages-version-002.jsonl.gz")); err != nil {
		t.Fatal(err)
	}
	bad := `{"id":"a___1","contents":"x"}` + "\nnot json\n"
	if err := os.WriteFile(filepath.Join(in, "p.jsonl"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-i", in, "-o", t.TempDir(), "-quiet"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "p.jsonl: line 2, field object: not a JSON object") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want 1 and one line naming p.jsonl, line 2, field object", code, stderr.String())
	}
	if code := run(context.Background(), []string{"-k", "0"}, &stdout, &stderr); code != 2 {
		t.Errorf("-k 0: exit %d, want 2", code)
	}
}
