package mmap

import "syscall"

// Drop tells the kernel that the process need not keep the pages of b, a
// mapping File returned, resident: they leave the process's resident set
// and are read back from the file (normally still in the page cache) when
// touched again. Reading a whole file once, to check its checksum, then
// costs no resident memory. Errors are ignored: the advice is a hint.
func Drop(b []byte) {
	if len(b) > 0 {
		syscall.Madvise(b, syscall.MADV_DONTNEED)
	}
}
