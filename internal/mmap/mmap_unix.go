//go:build unix

package mmap

import (
	"fmt"
	"os"
	"syscall"
)

// File maps the file at path read-only into memory, and returns its
// bytes and the function that unmaps them. An empty file gives no bytes.
func File(path string) ([]byte, func() error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := fi.Size()
	if size == 0 {
		return nil, func() error { return nil }, nil
	}
	if size != int64(int(size)) {
		return nil, nil, fmt.Errorf("%s: %d bytes do not fit in memory", path, size)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mmap %s: %w", path, err)
	}
	return b, func() error { return syscall.Munmap(b) }, nil
}
