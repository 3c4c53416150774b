package lockfile_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/internal/lockfile"
)

// A writer holds the lock of its entry while it builds, so a second
// process waits (Acquire) or sees the lock taken (TryAcquire).
func Example() {
	dir, err := os.MkdirTemp("", "lockfile-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	lock := filepath.Join(dir, "entry.lock")
	l, err := lockfile.Acquire(context.Background(), lock)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = lockfile.TryAcquire(lock)
	fmt.Println("second try busy:", errors.Is(err, lockfile.ErrBusy))
	l.Unlock()
	fmt.Println("held after Unlock:", lockfile.Held(lock))
	// Output:
	// second try busy: true
	// held after Unlock: false
}
