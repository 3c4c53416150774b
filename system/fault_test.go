package system

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

// The fault tests of issue 22: a process killed while it builds the caches,
// two processes building one cache entry at once, and a full disk. The
// child processes are this test binary, run with ARGSEARCH_FAULT_CHILD set.

const childEnv = "ARGSEARCH_FAULT_CHILD"

// TestFaultChild is the child process: it opens an Env of the TIRA input
// in ARGSEARCH_FAULT_INPUT with the cache in ARGSEARCH_FAULT_CACHE and
// builds (or opens) the default index. It does nothing in a normal run.
func TestFaultChild(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("the child of the fault tests")
	}
	env, err := Open(context.Background(), Input{Dir: os.Getenv("ARGSEARCH_FAULT_INPUT"), Cache: os.Getenv("ARGSEARCH_FAULT_CACHE")})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	if _, err := env.Index(context.Background(), lexical.Config{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	env.Close()
	os.Exit(0)
}

// child starts the child process on in and cache.
func child(t *testing.T, in, cache string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFaultChild$")
	cmd.Env = append(os.Environ(), childEnv+"=1", "ARGSEARCH_FAULT_INPUT="+in, "ARGSEARCH_FAULT_CACHE="+cache)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// reference opens an Env of in with the cache, and returns the number of
// sentences its store holds and the hits of a query on its index.
func reference(t *testing.T, in, cache string) (int, []retrieval.Hit) {
	t.Helper()
	env, err := Open(context.Background(), Input{Dir: in, Cache: cache})
	if err != nil {
		t.Fatalf("opening after the fault: %v", err)
	}
	defer env.Close()
	x, err := env.Index(context.Background(), lexical.Config{})
	if err != nil {
		t.Fatalf("the index after the fault: %v", err)
	}
	hits, err := x.Retrieve(context.Background(), retrieval.Query{ID: "1", Text: "Is abortion legal?"}, 50)
	if err != nil {
		t.Fatal(err)
	}
	return env.Store.NumSentences(), hits
}

// TestKilledWhileCaching kills a process 20 times at random points while it
// reads the corpus, writes the store file and builds the index into the
// cache: every time, the next Env rebuilds what was not finished and gives
// the same store and the same hits as an undisturbed run.
func TestKilledWhileCaching(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 20 processes (5 without ARGSEARCH_SLOW=1); run without -short")
	}
	in := writeInput(t, "<topics><topic><number>1</number><title>Is abortion legal?</title></topic></topics>")
	wantN, wantHits := reference(t, in, t.TempDir())
	// How long an undisturbed child takes, to spread the kills over it.
	start := time.Now()
	if err := child(t, in, t.TempDir()).Wait(); err != nil {
		t.Fatal(err)
	}
	full := time.Since(start)
	rng := rand.New(rand.NewPCG(22, 0))
	killed, started := 0, 0
	for i := range 20 {
		if i >= 5 && !slowtest.Enabled() {
			break // kills 5 to 19 only with ARGSEARCH_SLOW=1
		}
		started++
		cache := t.TempDir()
		cmd := child(t, in, cache)
		time.Sleep(time.Duration(rng.Int64N(int64(full))))
		cmd.Process.Signal(syscall.SIGKILL)
		var exit *exec.ExitError
		if err := cmd.Wait(); errors.As(err, &exit) && !exit.Exited() {
			killed++ // ended by the signal, not by itself
		}
		n, hits := reference(t, in, cache)
		if n != wantN || fmt.Sprint(hits) != fmt.Sprint(wantHits) {
			t.Fatalf("kill %d: got %d sentences and hits %v, want %d and %v", i, n, hits, wantN, wantHits)
		}
	}
	t.Logf("%d of %d children killed before they finished (an undisturbed one takes %v)", killed, started, full)
}

// TestConcurrentCaching runs two processes that build the same cache entry
// at once: both succeed, and the entry is whole.
func TestConcurrentCaching(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes; run without -short")
	}
	in := writeInput(t, "<topics><topic><number>1</number><title>Is abortion legal?</title></topic></topics>")
	wantN, wantHits := reference(t, in, t.TempDir())
	for round := range 3 {
		cache := t.TempDir()
		a, b := child(t, in, cache), child(t, in, cache)
		if err := errors.Join(a.Wait(), b.Wait()); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		n, hits := reference(t, in, cache)
		if n != wantN || fmt.Sprint(hits) != fmt.Sprint(wantHits) {
			t.Fatalf("round %d: got %d sentences and hits %v, want %d and %v", round, n, hits, wantN, wantHits)
		}
		entries := cacheEntries(cache)
		if len(entries) != 2 {
			t.Errorf("round %d: the cache holds %v, want one index and one store file", round, entries)
		}
	}
}

// TestFullDisk caches on a small file system (a tmpfs, mounted where the
// test may mount one): one too small for the store file, then one with room
// for the store file but not for the index. Each time opening fails with an
// error naming the file and saying the device is full, and the cache holds
// nothing a later run would take for a finished store or index; with room
// again, the same cache works.
func TestFullDisk(t *testing.T) {
	in := writeInput(t, "<topics><topic><number>1</number><title>Is abortion legal?</title></topic></topics>")
	sized := t.TempDir()
	reference(t, in, sized)
	stores, _ := filepath.Glob(filepath.Join(sized, "*.store"))
	if len(stores) != 1 {
		t.Fatalf("store files %v", stores)
	}
	fi, err := os.Stat(stores[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		kb   int64
		what string // the file that cannot be written
	}{
		{"no room for the store", 256, ".store"},
		{"no room for the index", fi.Size()/1024 + 512, ".building-"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%dk", c.kb), "tmpfs", dir).CombinedOutput(); err != nil {
				t.Skipf("cannot mount a small tmpfs here (%v: %s)", err, strings.TrimSpace(string(out)))
			}
			defer exec.Command("umount", dir).Run()
			cache := filepath.Join(dir, "cache")
			env, err := Open(context.Background(), Input{Dir: in, Cache: cache})
			if err == nil {
				_, err = env.Index(context.Background(), lexical.Config{})
				env.Close()
			}
			if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), c.what) {
				t.Fatalf("got %v, want an error wrapping ENOSPC that names the %s file", err, c.what)
			}
			t.Logf("error: %v", err)
			for _, e := range cacheEntries(cache) {
				if c.what == ".store" || !strings.HasSuffix(e.Name(), ".store") {
					t.Errorf("the full cache holds %s", e.Name())
				}
			}
			if out, err := exec.Command("mount", "-o", "remount,size=64m", dir).CombinedOutput(); err != nil {
				t.Fatalf("remount: %v: %s", err, out)
			}
			if n, _ := reference(t, in, cache); n == 0 {
				t.Error("no sentences after the disk had room again")
			}
		})
	}
}

// cacheEntries lists the cache directory: its indexes and store files,
// and nothing else (no lock file is left once a build is done).
func cacheEntries(dir string) []os.DirEntry {
	entries, _ := os.ReadDir(dir)
	return entries
}
