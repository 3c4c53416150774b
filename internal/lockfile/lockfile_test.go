package lockfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestLockExcludes(t *testing.T) {
	if !locking {
		t.Skip("no file locking on this platform")
	}
	p := filepath.Join(t.TempDir(), "entry.lock")
	l, err := Acquire(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TryAcquire(p); !errors.Is(err, ErrBusy) {
		t.Fatalf("TryAcquire of a held lock: got %v, want ErrBusy", err)
	}
	if !Held(p) {
		t.Error("Held of a held lock: false")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := Acquire(ctx, p); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Acquire of a held lock until a deadline: got %v, want DeadlineExceeded", err)
	}
	got := make(chan error, 1)
	go func() {
		l2, err := Acquire(context.Background(), p)
		if err == nil {
			err = l2.Unlock()
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("a second Acquire returned (%v) while the lock was held", err)
	case <-time.After(3 * pollInterval):
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatalf("Acquire after Unlock: %v", err)
	}
	if Held(p) {
		t.Error("Held after every lock was released: true")
	}
	if Held(filepath.Join(t.TempDir(), "missing.lock")) {
		t.Error("Held of a missing lock file: true")
	}
}

func TestRemoveDead(t *testing.T) {
	if !locking {
		t.Skip("no file locking on this platform")
	}
	dir := t.TempDir()
	mk := func(name string, isDir bool) {
		p := filepath.Join(dir, name)
		var err error
		if isDir {
			err = os.MkdirAll(filepath.Join(p, "sub"), 0o755)
		} else {
			err = os.WriteFile(p, []byte("x"), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	mk("a.csv-1.building-123", true)  // dead: nobody holds a.csv-1.lock
	mk("b.csv-2.building-456", true)  // alive: its lock is held below
	mk("c.csv-3.store.tmp789", false) // dead
	mk("c.csv-3.store", false)        // a finished entry
	mk("d.tmp.csv-4.store", false)    // ".tmp" followed by more than digits
	mk("e.csv-5.building-12x", true)  // not digits
	mk("f.csv-6.building-", true)     // no digits
	mk("keep.txt", false)
	held, err := Acquire(context.Background(), filepath.Join(dir, "b.csv-2.lock"))
	if err != nil {
		t.Fatal(err)
	}
	defer held.Unlock()
	mk("g.csv-7.building-1", true) // the caller's own entry
	removed, err := RemoveDead(dir, "g.csv-7", ".building-", ".tmp")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a.csv-1.building-123"), filepath.Join(dir, "c.csv-3.store.tmp789"), filepath.Join(dir, "g.csv-7.building-1")}
	if !slices.Equal(removed, want) {
		t.Errorf("removed %q, want %q", removed, want)
	}
	for _, name := range []string{"b.csv-2.building-456", "c.csv-3.store", "d.tmp.csv-4.store", "e.csv-5.building-12x", "f.csv-6.building-", "keep.txt"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v; want it kept", name, err)
		}
	}
	if removed, err := RemoveDead(filepath.Join(dir, "missing"), ""); err != nil || removed != nil {
		t.Errorf("a missing directory: removed %q, %v; want nothing, no error", removed, err)
	}
}

// Unlock leaves no lock file; nor does Held, which takes and releases the
// lock of a free path.
func TestUnlockRemoves(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "entry.lock")
	l, err := Acquire(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("lock file while held: %v", err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
	if Held(p) {
		t.Error("Held after Unlock: true")
	}
	if Held(filepath.Join(dir, "other.lock")) {
		t.Error("Held of a missing lock file: true")
	}
	if es, _ := os.ReadDir(dir); len(es) != 0 {
		t.Errorf("left behind: %v", es)
	}
	// A lock file left by a killed process is taken over, and removed.
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if l, err = TryAcquire(p); err != nil {
		t.Fatal(err)
	}
	l.Unlock()
	if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a leftover lock file after a lock of it: %v", err)
	}
}

// Lockers that remove the lock file on Unlock still exclude each other:
// one that locked a file its holder had removed notices and locks the file
// at the path instead.
func TestExcludesWhileRemoved(t *testing.T) {
	if !locking {
		t.Skip("no file locking on this platform")
	}
	p := filepath.Join(t.TempDir(), "entry.lock")
	var holders, most atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for taken := 0; taken < 300; {
				l, err := TryAcquire(p)
				if errors.Is(err, ErrBusy) {
					runtime.Gosched()
					continue
				}
				if err != nil {
					t.Error(err)
					return
				}
				taken++
				n := holders.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				runtime.Gosched()
				holders.Add(-1)
				if err := l.Unlock(); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := most.Load(); n != 1 {
		t.Errorf("%d holders of the lock at once, want 1", n)
	}
}
