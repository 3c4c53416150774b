// Package fileid identifies the content of a corpus file cheaply, for
// caches keyed by corpus (lexical.Source.ID): the file's absolute path, size
// and modification time, so that what was built from it is rebuilt when the
// file changes.
package fileid

import (
	"fmt"
	"os"
	"path/filepath"
)

// ID returns an ID for the file at path: its absolute path, size and
// modification time. A file that cannot be found gives an error wrapping
// fs.ErrNotExist.
func ID(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("fileid: %w", err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("fileid: %w", err)
	}
	return fmt.Sprintf("file %s %d %d", abs, fi.Size(), fi.ModTime().UnixNano()), nil
}
