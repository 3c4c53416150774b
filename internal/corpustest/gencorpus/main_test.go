package main

import (
	"bytes"
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
		if err := run(c, out, qs, io.Discard, io.Discard); err != nil {
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
	if err := run(c, filepath.Join(dir, "missing", "c.csv"), "", io.Discard, io.Discard); err == nil {
		t.Error("writing into a missing directory: got no error")
	}
}
