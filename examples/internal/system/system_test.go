package system

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/google/go-cmp/cmp"
)

// TestOpenCaches opens the sample twice with one cache directory: the
// first run builds the index (next to a leftover of a crashed build, which
// is ignored), the second reuses it.
func TestOpenCaches(t *testing.T) {
	cache := t.TempDir()
	leftover := filepath.Join(cache, "args_processed_sample.csv-0000.building-123")
	if err := os.MkdirAll(leftover, 0o755); err != nil {
		t.Fatal(err)
	}
	f := Flags{CacheDir: cache, MinPairs: -1}
	var stderr bytes.Buffer
	env, err := Open(context.Background(), f, lexical.Config{}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	env.Close()
	if !strings.Contains(stderr.String(), "indexing") {
		t.Errorf("first open: stderr %q, want an indexing bar", stderr.String())
	}
	entries, _ := os.ReadDir(cache)
	if len(entries) != 2 {
		t.Errorf("cache holds %v, want the index and the leftover", entries)
	}
	stderr.Reset()
	env, err = Open(context.Background(), f, lexical.Config{}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	if strings.Contains(stderr.String(), "indexing") {
		t.Errorf("second open: stderr %q; want the index reused without indexing", stderr.String())
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 2 {
		t.Errorf("cache holds %v after the second open, want the index and the leftover", entries)
	}
	if !env.Sample || len(env.Queries) != 10 || env.Queries[0].ID != "51" {
		t.Errorf("got sample %v, %d queries; want the sample with its 10 topics from 51", env.Sample, len(env.Queries))
	}
	if got := env.Index.Docs(lexical.UnitArgument); got != env.Store.NumArguments() {
		t.Errorf("index has %d arguments, store %d", got, env.Store.NumArguments())
	}
}

func TestRules(t *testing.T) {
	e := &Env{Sample: true, flags: Flags{MinPairs: -1}}
	if got := e.Rules(runfile.Touche2022()).MinResults; got != 0 {
		t.Errorf("sample: got minimum %d, want 0", got)
	}
	e = &Env{flags: Flags{MinPairs: -1}}
	if got := e.Rules(runfile.Touche2022()).MinResults; got != 100 {
		t.Errorf("TIRA input: got minimum %d, want 100", got)
	}
	e = &Env{flags: Flags{MinPairs: 5}, Sample: true}
	if got := e.Rules(runfile.Touche2022()).MinResults; got != 5 {
		t.Errorf("-min-pairs 5: got minimum %d, want 5", got)
	}
}

func TestFlagsDefaults(t *testing.T) {
	var f Flags
	c := cli.New("x", "x", "", io.Discard, io.Discard)
	f.Register(c)
	if status := c.Run([]string{"-o", "out"}, func([]string) error { return nil }); status != cli.ExitOK {
		t.Fatalf("exit status %d", status)
	}
	want := Flags{Workers: 1, MinPairs: -1}
	want.TIRA.OutputDir = "out"
	if diff := cmp.Diff(want, f); diff != "" {
		t.Errorf("flags (-want +got):\n%s", diff)
	}
	if p, _ := (Flags{}).runPath(); p != "run.txt" {
		t.Errorf("without -o: got %q, want run.txt", p)
	}
}

// TestRunErrors checks that a failing topic fails the run and leaves no
// run file.
func TestRunErrors(t *testing.T) {
	out := t.TempDir()
	f := Flags{CacheDir: "off", Quiet: true, MinPairs: -1, Workers: 2}
	f.TIRA.OutputDir = out
	env, err := Open(context.Background(), f, lexical.Config{Units: []lexical.Unit{lexical.UnitArgument}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	boom := errors.New("boom")
	_, err = env.Run(context.Background(), Job{Name: "x", Topic: func(_ context.Context, q retrieval.Query) ([]runfile.Result, error) {
		if q.ID == "57" {
			return nil, boom
		}
		return nil, nil
	}}, &bytes.Buffer{})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), `query "57"`) {
		t.Errorf("got %v, want boom for topic 57", err)
	}
	if _, err := os.Stat(filepath.Join(out, "run.txt")); !os.IsNotExist(err) {
		t.Errorf("run.txt exists after a failed run (%v)", err)
	}
}

// TestStoreCache: with -i, the first open writes the corpus's store into
// the cache and the second reads it instead of the corpus; a damaged store
// file is read around and written again.
func TestStoreCache(t *testing.T) {
	in, cache := t.TempDir(), t.TempDir()
	csv, err := io.ReadAll(sample.Touche2021().ProcessedCSV())
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(in, "args_processed.csv"), csv, 0o644)
	os.WriteFile(filepath.Join(in, "topics.xml"), []byte("<topics><topic><number>1</number><title>Is abortion legal?</title></topic></topics>"), 0o644)
	f := Flags{CacheDir: cache, MinPairs: -1}
	f.TIRA.InputDir = in
	open := func() (*Env, string) {
		var stderr bytes.Buffer
		env, err := Open(context.Background(), f, lexical.Config{}, &stderr)
		if err != nil {
			t.Fatal(err)
		}
		return env, stderr.String()
	}
	env, log := open()
	n := env.Store.NumSentences()
	env.Close()
	if !strings.Contains(log, "reading corpus") {
		t.Errorf("first open: stderr %q, want the corpus read", log)
	}
	stores, _ := filepath.Glob(filepath.Join(cache, "*.store"))
	if len(stores) != 1 {
		t.Fatalf("store files %v, want one", stores)
	}
	env, log = open()
	if strings.Contains(log, "reading corpus") || env.Store.NumSentences() != n {
		t.Errorf("second open: stderr %q, %d sentences; want the cached store with %d", log, env.Store.NumSentences(), n)
	}
	env.Close()
	b, _ := os.ReadFile(stores[0])
	b[len(b)/2] ^= 1
	os.WriteFile(stores[0], b, 0o644)
	env, log = open()
	if !strings.Contains(log, "reading corpus") || env.Store.NumSentences() != n {
		t.Errorf("damaged store file: stderr %q, %d sentences; want the corpus read again", log, env.Store.NumSentences())
	}
	env.Close()
	if again, _ := os.ReadFile(stores[0]); bytes.Equal(again, b) {
		t.Error("the damaged store file was not written again")
	}
}
