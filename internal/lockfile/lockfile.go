// Package lockfile holds advisory locks on files (flock(2)), which the
// caches use so that two processes building one entry build it once, and
// so that a leftover temporary file can be proven dead (no process holds
// its lock) before it is removed.
//
// A lock belongs to an open file description: it is released when the
// file is closed, and also when the process dies, however it dies. Two
// locks of one path exclude each other also within one process. Unlock
// removes the lock file, so that a run leaves none behind; only a process
// killed while it holds a lock leaves its (empty) file, which the next
// lock of the path takes over and removes.
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

// A Lock is a held lock; Unlock releases it and removes its file.
type Lock struct {
	f    *os.File
	path string
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
//
// The lock is on the file at path when the lock is taken: the holder
// before may have removed the file (Unlock does) after this process opened
// it and before it locked it, so TryAcquire checks, once it holds the lock,
// that the file is still the one at path, and otherwise tries again with
// the file now there.
func TryAcquire(path string) (*Lock, error) {
	for range maxTries {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lockfile: %w", err)
		}
		err = tryLock(f)
		if errors.Is(err, errUnsupported) {
			return &Lock{f: f, path: path, none: true}, nil
		}
		if err != nil {
			f.Close()
			if errors.Is(err, ErrBusy) {
				return nil, fmt.Errorf("lockfile: %s: %w", path, ErrBusy)
			}
			return nil, fmt.Errorf("lockfile: %s: %w", path, err)
		}
		if !locking {
			return &Lock{f: f, path: path}, nil
		}
		same, err := atPath(f, path)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lockfile: %s: %w", path, err)
		}
		if same {
			return &Lock{f: f, path: path}, nil
		}
		f.Close() // a file its holder removed: try the one at path
	}
	return nil, fmt.Errorf("lockfile: %s: removed and made again %d times while it was being locked: %w", path, maxTries, ErrBusy)
}

// maxTries bounds TryAcquire's attempts to lock the file at path while
// other processes remove and make it again.
const maxTries = 100

// atPath reports whether f is the file at path.
func atPath(f *os.File, path string) (bool, error) {
	fi, err := f.Stat()
	if err != nil {
		return false, err
	}
	pi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(fi, pi), nil
}

// Unlock releases the lock and removes the lock file, so that nothing is
// left behind. The file is removed while the lock is still held: a process
// that opened it meanwhile and locks it after this one's release finds it
// no longer at its path, and locks the file there instead (TryAcquire), so
// two processes never both hold "the" lock. Where nothing is held (no
// locking), the file is removed after it is closed. Unlock of a nil Lock
// does nothing.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	held := locking && !l.none
	var rmErr error
	if held {
		rmErr = remove(l.path)
	}
	err := l.f.Close() // closing releases the flock
	l.f = nil
	if !held {
		rmErr = remove(l.path)
	}
	if rmErr != nil {
		return errors.Join(err, fmt.Errorf("lockfile: %w", rmErr))
	}
	return err
}

// remove removes the file at path; one already gone is no error.
func remove(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
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
