//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lock takes an exclusive lock on f, so that two servers never append to
// one judgments file (each would miss the other's judgments, and their
// lines could conflict). The lock ends when f is closed.
func lock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return fmt.Errorf("judge: %s is being written by another judge server", f.Name())
	}
	if err != nil {
		return fmt.Errorf("judge: locking %s: %w", f.Name(), err)
	}
	return nil
}
