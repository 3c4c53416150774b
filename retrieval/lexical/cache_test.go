package lexical

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
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
	same, _ := cc.path(src, Config{Analyzer: "en", Units: []string{"sentence", "argument"}, Workers: 3, Ranking: Ranking{Unit: "argument"}})
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
		"analyzer":          {src, Config{Analyzer: "lucene"}},
		"units":             {src, Config{Units: []string{"sentence"}}},
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
	if _, err := (Cache{}).path(src, Config{}); !errors.Is(err, errConfig) {
		t.Errorf("no directory: got %v, want errConfig", err)
	}
	if _, err := cc.path(src, Config{Analyzer: "nope"}); !errors.Is(err, errConfig) {
		t.Errorf("unknown analyzer: got %v, want errConfig", err)
	}
}

// TestCacheOpen opens the sample twice: the first Open builds the index
// (beside a leftover of a crashed build, which it removes), the second
// reuses it without reading the corpus; a damaged index is rebuilt, and a
// failed build leaves nothing behind.
func TestCacheOpen(t *testing.T) {
	var warnings []string
	cc := Cache{Dir: t.TempDir(), Warn: func(msg string) { warnings = append(warnings, msg) }}
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
	if _, err := os.Stat(dir + ".building-123"); !os.IsNotExist(err) {
		t.Errorf("the leftover of a crashed build is still there (%v)", err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], dir+".building-123") {
		t.Errorf("warnings %q, want one naming the leftover removed", warnings)
	}
	warnings = nil
	if got := x.Docs("argument"); got != len(args) {
		t.Errorf("index has %d arguments, want %d", got, len(args))
	}
	x.Close()
	x, built, err = cc.Open(context.Background(), src, Config{})
	if err != nil || built || reads != 1 {
		t.Fatalf("second Open: built %v, corpus read %d times, %v; want the cached index", built, reads, err)
	}
	x.Close()

	// Damage the index, its index.json garbage or a file truncated: it is
	// built again, with a warning naming the file.
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	damaged := ""
	for _, f := range files {
		if f.Name() != "index.json" && !f.IsDir() {
			damaged = f.Name()
			break
		}
	}
	if damaged == "" {
		t.Fatalf("no index file beside index.json in %s", dir)
	}
	for file, damage := range map[string]func(string) error{
		"index.json": func(p string) error { return os.WriteFile(p, []byte("{"), 0o644) },
		damaged: func(p string) error {
			fi, err := os.Stat(p)
			if err != nil {
				return err
			}
			return os.Truncate(p, fi.Size()/2)
		},
	} {
		if err := damage(filepath.Join(dir, file)); err != nil {
			t.Fatal(err)
		}
		x, built, err = cc.Open(context.Background(), src, Config{})
		if err != nil || !built {
			t.Fatalf("Open of an index with %s damaged: built %v, %v; want it rebuilt", file, built, err)
		}
		x.Close()
		if len(warnings) != 1 || !strings.Contains(warnings[0], "damaged") || !strings.Contains(warnings[0], file) {
			t.Errorf("%s damaged: warnings %q, want one naming the file", file, warnings)
		}
		warnings = nil
	}

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

// TestCacheOpenConcurrent opens one entry from two goroutines at once (two
// file descriptions of its lock, as two processes would have): one builds
// and the other waits and opens its index; the corpus is read once.
func TestCacheOpenConcurrent(t *testing.T) {
	if !lockfileLocks {
		t.Skip("no file locking on this platform")
	}
	cc := Cache{Dir: t.TempDir()}
	args := sampleArgs(t, 50)
	var reads atomic.Int32
	src := Source{Name: "sample.csv", ID: "test sample", Arguments: func(yield func(corpus.Argument, error) bool) {
		reads.Add(1)
		seq(args)(yield)
	}}
	var wg sync.WaitGroup
	built := make([]bool, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() {
			var x *Index
			x, built[i], errs[i] = cc.Open(context.Background(), src, Config{})
			if x != nil {
				if n := x.Docs("argument"); n != len(args) {
					errs[i] = fmt.Errorf("%d arguments, want %d", n, len(args))
				}
				x.Close()
			}
		})
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatal(errs)
	}
	if reads.Load() != 1 || built[0] == built[1] {
		t.Errorf("the corpus was read %d times, built %v; want one build and one reuse", reads.Load(), built)
	}
}

// TestCacheOpenCancelled: a build cancelled while it reads the corpus (as
// by SIGINT through signal.NotifyContext) returns the cancellation and
// leaves nothing: no temporary directory, no entry, no lock file, and no
// cache directory that Open made.
func TestCacheOpenCancelled(t *testing.T) {
	args := sampleArgs(t, 50)
	root := t.TempDir()
	for _, dir := range []string{t.TempDir(), filepath.Join(root, "new", "cache")} {
		cc := Cache{Dir: dir}
		ctx, cancel := context.WithCancel(context.Background())
		src := Source{Name: "sample.csv", ID: "test sample", Arguments: func(yield func(corpus.Argument, error) bool) {
			for i, a := range args {
				if i == 10 {
					cancel()
				}
				if !yield(a, nil) {
					return
				}
			}
		}}
		if _, _, err := cc.Open(ctx, src, Config{}); !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v, want context.Canceled", err)
		}
		cancel()
		entries, _ := os.ReadDir(cc.Dir)
		for _, e := range entries {
			t.Errorf("a cancelled build left %s", e.Name())
		}
	}
	if _, err := os.Stat(filepath.Join(root, "new")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a cancelled build left the cache directories it made (%v)", err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Errorf("a cancelled build removed a directory it did not make: %v", err)
	}
}

// Every function of the package that takes a context refuses a nil one
// with an error naming it, before any work.
func TestNilContext(t *testing.T) {
	var nilCtx context.Context
	x, err := Build(context.Background(), "", seq(sampleArgs(t, 5)), Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	dir := filepath.Join(t.TempDir(), "cache")
	src := Source{Name: "sample.csv", ID: "test sample", Arguments: seq(sampleArgs(t, 5))}
	for name, f := range map[string]func() error{
		"lexical: Build":          func() error { _, err := Build(nilCtx, "", seq(sampleArgs(t, 5)), Config{}); return err },
		"lexical: Cache.Open":     func() error { _, _, err := (Cache{Dir: dir}).Open(nilCtx, src, Config{}); return err },
		"lexical: Index.Retrieve": func() error { _, err := x.Retrieve(nilCtx, retrieval.Query{ID: "1", Text: "abortion"}, 5); return err },
		"lexical: DoubleIndex.Retrieve": func() error {
			_, err := DoubleIndex{Arguments: x}.Retrieve(nilCtx, retrieval.Query{ID: "1", Text: "abortion"}, 5)
			return err
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panics: %v", name, r)
				}
			}()
			want := name + ": ctx is a nil context.Context (pass context.Background() if there is no other)"
			if err := f(); err == nil || err.Error() != want {
				t.Errorf("%s(nil ctx): got %v, want %q", name, err, want)
			}
		}()
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Cache.Open with a nil ctx made %s (%v)", dir, err)
	}
}

// TestCacheOpenEmptyCorpus: a corpus without arguments is an error saying
// so, and nothing is cached.
func TestCacheOpenEmptyCorpus(t *testing.T) {
	cc := Cache{Dir: t.TempDir()}
	src := Source{Name: "empty.csv", ID: "empty", Arguments: seq(nil)}
	if _, _, err := cc.Open(context.Background(), src, Config{}); err == nil || !strings.Contains(err.Error(), "the corpus has no arguments") {
		t.Fatalf("got %v, want: the corpus has no arguments", err)
	}
	entries, _ := os.ReadDir(cc.Dir)
	for _, e := range entries {
		t.Errorf("an empty corpus left %s in the cache", e.Name())
	}
}

// lockfileLocks says whether internal/lockfile's locks exclude each other
// on this platform (flock(2)).
var lockfileLocks = slices.Contains([]string{"linux", "darwin", "freebsd", "netbsd", "openbsd", "dragonfly"}, runtime.GOOS)

// TestCacheOpenOldFormat: a cached index written in an older index format
// is built again, with a warning that says so (not that it is damaged);
// Open alone gives an error saying to remove it.
func TestCacheOpenOldFormat(t *testing.T) {
	var warnings []string
	cc := Cache{Dir: t.TempDir(), Warn: func(msg string) { warnings = append(warnings, msg) }}
	src := Source{Name: "sample.csv", ID: "test sample", Arguments: seq(sampleArgs(t, 5))}
	x, built, err := cc.Open(context.Background(), src, Config{})
	if err != nil || !built {
		t.Fatalf("first Open: built %v, %v", built, err)
	}
	x.Close()
	dir, err := cc.path(src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	metaPath := filepath.Join(dir, index.MetaFile)
	js, err := os.ReadFile(metaPath)
	if err != nil {
		t.Fatal(err)
	}
	now := fmt.Sprintf(`"format": %d,`, index.FormatVersion)
	if !strings.Contains(string(js), now) {
		t.Fatalf("%s has no %s", metaPath, now)
	}
	if err := os.WriteFile(metaPath, []byte(strings.Replace(string(js), now, `"format": 4,`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, Config{}); !errors.Is(err, errCorrupt) || !strings.Contains(err.Error(), "index format 4") || !strings.Contains(err.Error(), "remove the directory") {
		t.Errorf("Open of format 4: got %v, want errCorrupt saying the format and to remove the directory", err)
	}
	x, built, err = cc.Open(context.Background(), src, Config{})
	if err != nil || !built {
		t.Fatalf("Open of a cached index of format 4: built %v, %v; want it rebuilt", built, err)
	}
	x.Close()
	if len(warnings) != 1 || !strings.Contains(warnings[0], "format 4") || strings.Contains(warnings[0], "damaged") {
		t.Errorf("warnings %q, want one saying the cached index is in format 4", warnings)
	}
	if js, err = os.ReadFile(metaPath); err != nil || !strings.Contains(string(js), now) {
		t.Errorf("the rebuilt index.json (%v) has no %s", err, now)
	}
}

// TestCacheOpenOneUnit opens indexes of one unit: from a cache that holds
// the index of both units (as a version that built both for every index
// left it) without a build, loading the unit asked for alone; from a
// cache without it by building the unit's own entry; and a spelling of
// both units in another order is the entry of both.
func TestCacheOpenOneUnit(t *testing.T) {
	cc := Cache{Dir: t.TempDir()}
	args := sampleArgs(t, 20)
	reads := 0
	src := Source{Name: "sample.csv", ID: "test sample", Arguments: func(yield func(corpus.Argument, error) bool) {
		reads++
		seq(args)(yield)
	}}
	ctx := context.Background()
	arguments := Config{Units: []string{"argument"}, Ranking: Ranking{Unit: "argument"}}
	x, built, err := cc.Open(ctx, src, arguments)
	if err != nil || !built || reads != 1 {
		t.Fatalf("Open of the argument unit in an empty cache: built %v, corpus read %d times, %v; want it built", built, reads, err)
	}
	if got := x.Docs("argument"); got != len(args) {
		t.Errorf("index has %d arguments, want %d", got, len(args))
	}
	x.Close()
	whole, err := cc.path(src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(whole); !os.IsNotExist(err) {
		t.Errorf("the argument unit's build made the entry of both units (%v)", err)
	}

	cc.Dir = t.TempDir()
	reads = 0
	if whole, err = cc.path(src, Config{}); err != nil {
		t.Fatal(err)
	}
	x, built, err = cc.Open(ctx, src, Config{Units: []string{"argument", "sentence"}})
	if err != nil || !built {
		t.Fatalf("Open of both units: built %v, %v", built, err)
	}
	x.Close()
	if _, err := os.Stat(whole); err != nil {
		t.Errorf("both units in another order: not the entry of both (%v)", err)
	}
	for _, unit := range []string{"argument", "sentence"} {
		x, built, err = cc.Open(ctx, src, Config{Units: []string{unit}, Ranking: Ranking{Unit: unit}})
		if err != nil || built || reads != 1 {
			t.Fatalf("Open of the %s unit beside both: built %v, corpus read %d times, %v; want the index of both", unit, built, reads, err)
		}
		if got := x.d.Meta.Units; len(got) != 1 || got[0] != unit {
			t.Errorf("Open of the %s unit loaded %v", unit, got)
		}
		if _, err := x.Retrieve(ctx, retrieval.Query{Text: "abortion"}, 5); err != nil {
			t.Errorf("%s unit: %v", unit, err)
		}
		x.Close()
	}
	entries, err := os.ReadDir(cc.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("the cache holds %d entries, want the one of both units", len(entries))
	}
}
