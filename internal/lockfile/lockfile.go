// Package lockfile holds advisory locks on files (flock(2)), which the
// caches use so that two processes building one entry build it once, and
// so that a leftover temporary file can be proven dead (no process holds
// its lock) before it is removed.
//
// A lock belongs to an open file description: it is released when the
// file is closed, and also when the process dies, however it dies. Two
// locks of one path exclude each other also within one process.
//
// On Linux, macOS and the BSDs the locks are flock(2) locks: advisory
// (only processes that take them are held off); on NFS, Linux emulates them
// with fcntl byte-range locks, and other systems may lock only within one
// machine. Elsewhere (Windows, Plan 9, …) there is no
// locking: Acquire and TryAcquire always succeed, so caches fall back to what
// they did without locks (two builds of one entry, the last rename wins),
// and nothing is ever proven dead. So it is on a file system that has no
// flock (ENOLCK, EOPNOTSUPP: some network and FUSE file systems).
package lockfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"
)

// A Lock is a held lock; Unlock releases it.
type Lock struct {
	f *os.File
	// none: the file system of the lock file has no flock, so nothing is
	// held (see TryAcquire).
	none bool
}

// errUnsupported is tryLock's error on a file system without flock.
var errUnsupported = errors.New("lockfile: the file system does not support locks")

// ErrBusy is returned by TryAcquire when another holder has the lock.
var ErrBusy = errors.New("lockfile: held by another process")

// pollInterval is how often Lock tries again while another holds the lock.
const pollInterval = 50 * time.Millisecond

// Acquire takes the exclusive lock of path, creating the file if needed, and
// waits for it while another holds it, until ctx is done (then it returns
// an error wrapping ctx.Err()).
func Acquire(ctx context.Context, path string) (*Lock, error) {
	for {
		l, err := TryAcquire(path)
		if !errors.Is(err, ErrBusy) {
			return l, err
		}
		t := time.NewTimer(pollInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("lockfile: waiting for %s: %w", path, ctx.Err())
		case <-t.C:
		}
	}
}

// TryAcquire takes the exclusive lock of path, creating the file if
// needed, or returns an error wrapping ErrBusy at once if another holds it.
// On a file system without flock (some network and FUSE file systems) it
// returns a Lock that holds nothing, so that callers work as they would
// without locks; Held then reports every lock there as held.
func TryAcquire(path string) (*Lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lockfile: %w", err)
	}
	err = tryLock(f)
	if errors.Is(err, errUnsupported) {
		return &Lock{f: f, none: true}, nil
	}
	if err != nil {
		f.Close()
		if errors.Is(err, ErrBusy) {
			return nil, fmt.Errorf("lockfile: %s: %w", path, ErrBusy)
		}
		return nil, fmt.Errorf("lockfile: %s: %w", path, err)
	}
	return &Lock{f: f}, nil
}

// Unlock releases the lock. The lock file stays: removing it while
// another process waits for it would let two processes hold "the" lock.
// Unlock of a nil Lock does nothing.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing releases the flock
	l.f = nil
	return err
}

// Held reports whether some process (this one included) may hold the lock
// of path: false only when the lock could be taken, which proves that no
// process holds it. Where there is no locking it is always true, so that
// nothing is taken for dead.
func Held(path string) bool {
	if !locking {
		return true
	}
	l, err := TryAcquire(path)
	if err != nil {
		return true // held, or the lock file cannot be opened: nothing proven
	}
	defer l.Unlock()
	return l.none // nothing proven where there are no locks
}
