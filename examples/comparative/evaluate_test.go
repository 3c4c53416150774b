package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -evaluate reads run files gzipped as the repository ships them, with the
// same figures as the plain files; a truncated one is an error naming the
// file and gzip, an empty one "the run is empty".
func TestEvaluateGzip(t *testing.T) {
	gz := filepath.Join("..", "..", "comparative", "testdata", "runs2022", "Katana-run3.txt.gz")
	z, err := os.ReadFile(gz)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	plainText, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "Katana-run3.txt")
	gzipped := filepath.Join(dir, "Katana-run3.txt.gz")
	truncated := filepath.Join(dir, "truncated.txt.gz")
	empty := filepath.Join(dir, "empty.txt")
	for p, b := range map[string][]byte{plain: plainText, gzipped: z, truncated: z[:len(z)/2], empty: nil} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	evaluate := func(path string) (string, string, int) {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"-evaluate", "-format", "tsv", path}, &stdout, &stderr)
		return stdout.String(), stderr.String(), code
	}
	want, stderr, code := evaluate(plain)
	if code != 0 {
		t.Fatalf("plain run: exit %d: %s", code, stderr)
	}
	got, stderr, code := evaluate(gzipped)
	if code != 0 {
		t.Fatalf("gzipped run: exit %d: %s", code, stderr)
	}
	if got != strings.ReplaceAll(want, "Katana-run3.txt\t", "Katana-run3.txt.gz\t") {
		t.Errorf("gzipped run:\n%s\nplain run:\n%s", got, want)
	}
	for path, msg := range map[string]string{
		truncated: "runfile: " + truncated + ": gzip: the stream is truncated: unexpected EOF",
		empty:     "runfile: " + empty + ": the run is empty",
	} {
		_, stderr, code := evaluate(path)
		if code != 1 || !strings.Contains(stderr, msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want 1 and one line saying %q", filepath.Base(path), code, stderr, msg)
		}
	}
}
