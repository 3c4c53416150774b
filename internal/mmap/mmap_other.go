//go:build !unix

package mmap

import "os"

// File reads the file at path into memory (this platform has no mmap
// here), and returns its bytes and a function that releases nothing.
func File(path string) ([]byte, func() error, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return b, func() error { return nil }, nil
}
