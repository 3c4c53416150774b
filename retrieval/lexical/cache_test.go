package lexical

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
)

func TestCachePath(t *testing.T) {
	cc := Cache{Dir: "/cache"}
	src := Source{Name: "/data/args processed.csv", ID: "file /data/args_processed.csv 10 20"}
	base, err := cc.path(src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(base, "/cache/args_processed.csv-") {
		t.Errorf("got %q, want the corpus name, made safe, as prefix", base)
	}
	same, _ := cc.path(src, Config{Analyzer: analysis.PresetEnglish, Units: []Unit{UnitSentence, UnitArgument}, Workers: 3, Ranking: Ranking{Unit: UnitArgument}})
	if same != base {
		t.Errorf("the default analyzer and units, workers and a query-time setting changed the path: got %q, want %q", same, base)
	}
	other := src
	other.ID = "file /data/args_processed.csv 10 21" // modified later
	for name, c := range map[string]struct {
		src Source
		cfg Config
	}{
		"modification time": {other, Config{}},
		"analyzer":          {src, Config{Analyzer: analysis.PresetLucene}},
		"units":             {src, Config{Units: []Unit{UnitSentence}}},
		"term vectors":      {src, Config{NoTermVectors: true}},
	} {
		p, err := cc.path(c.src, c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if p == base {
			t.Errorf("%s: path %q did not change", name, p)
		}
	}
	if _, err := (Cache{}).path(src, Config{}); !errors.Is(err, ErrConfig) {
		t.Errorf("no directory: got %v, want ErrConfig", err)
	}
	if _, err := cc.path(src, Config{Analyzer: "nope"}); !errors.Is(err, ErrConfig) {
		t.Errorf("unknown analyzer: got %v, want ErrConfig", err)
	}
}

// TestCacheOpen opens the sample twice: the first Open builds the index
// (beside a leftover of a crashed build, which it ignores), the second
// reuses it without reading the corpus; a damaged index is rebuilt, and a
// failed build leaves nothing behind.
func TestCacheOpen(t *testing.T) {
	cc := Cache{Dir: t.TempDir()}
	args := sampleArgs(t, 50)
	reads := 0
	src := Source{Name: "sample.csv", ID: "test sample", Arguments: func(yield func(corpus.Argument, error) bool) {
		reads++
		seq(args)(yield)
	}}
	dir, err := cc.path(src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir+".building-123", 0o755); err != nil {
		t.Fatal(err)
	}
	x, built, err := cc.Open(context.Background(), src, Config{})
	if err != nil || !built {
		t.Fatalf("first Open: built %v, %v", built, err)
	}
	if got := x.Docs(UnitArgument); got != len(args) {
		t.Errorf("index has %d arguments, want %d", got, len(args))
	}
	x.Close()
	x, built, err = cc.Open(context.Background(), src, Config{})
	if err != nil || built || reads != 1 {
		t.Fatalf("second Open: built %v, corpus read %d times, %v; want the cached index", built, reads, err)
	}
	x.Close()

	// Damage the index: it is built again.
	if err := os.WriteFile(filepath.Join(dir, "index.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	x, built, err = cc.Open(context.Background(), src, Config{})
	if err != nil || !built {
		t.Fatalf("Open of a damaged index: built %v, %v; want it rebuilt", built, err)
	}
	x.Close()

	// A corpus that fails: an error, and no index under the key.
	boom := errors.New("boom")
	bad := Source{Name: "bad.csv", ID: "bad", Arguments: func(yield func(corpus.Argument, error) bool) {
		if yield(args[0], nil) {
			yield(corpus.Argument{}, boom)
		}
	}}
	if _, _, err := cc.Open(context.Background(), bad, Config{}); !errors.Is(err, boom) {
		t.Fatalf("failing corpus: got %v, want boom", err)
	}
	badDir, _ := cc.path(bad, Config{})
	if _, err := os.Stat(badDir); !os.IsNotExist(err) {
		t.Errorf("a failed build left %s (%v)", badDir, err)
	}
	entries, _ := os.ReadDir(cc.Dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), filepath.Base(badDir)) {
			t.Errorf("a failed build left %s", e.Name())
		}
	}
}
