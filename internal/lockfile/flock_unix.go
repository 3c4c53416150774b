//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package lockfile

import (
	"errors"
	"os"
	"syscall"
)

// locking says that locks exclude each other here.
const locking = true

// tryLock takes an exclusive flock on f without waiting.
func tryLock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return ErrBusy
		case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOSYS):
			return errUnsupported // a file system without flock
		default:
			return err
		}
	}
}
