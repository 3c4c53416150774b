//go:build !linux

package mmap

// Drop does nothing here: the bytes File returned are either read into
// memory (no mmap), or mapped on a platform for which the standard library
// has no madvise.
func Drop(b []byte) {}
