// Package mmap maps files read-only into memory: with mmap where the
// platform has it (unix), otherwise by reading them. The lexical index and
// the corpus store file use it, so that opening a large file does not
// copy it.
package mmap
