package system

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/google/go-cmp/cmp"
)

func TestProgressLine(t *testing.T) {
	p := NewProgress(nil, "indexing", 200, nil)
	if got, want := p.line(50, 10*time.Second), "indexing [#####...............]  25%  50/200  10s  ETA 30s   "; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p = NewProgress(nil, "reading", 0, Megabytes)
	if got, want := p.line(3_000_000, time.Second), "reading  3 MB  1s   "; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var nilBar *Progress
	nilBar.Update(1) // must not panic
	nilBar.Done(1)
}

func TestProgressDraws(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, "topics", 2, nil)
	p.Update(1)
	p.Done(2)
	if !strings.HasSuffix(b.String(), "100%  2/2  0s   \n") || !strings.HasPrefix(b.String(), "\rtopics [") {
		t.Errorf("got %q, want a bar redrawn with \\r and ended at 100%% with a newline", b.String())
	}
}

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
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	f.Register(fs)
	if err := fs.Parse([]string{"-o", "out"}); err != nil {
		t.Fatal(err)
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
