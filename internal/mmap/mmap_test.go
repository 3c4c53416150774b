package mmap

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestFile(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o644)
	if b, release, err := File(empty); err != nil || len(b) != 0 || release() != nil {
		t.Errorf("empty file: %q, %v", b, err)
	}
	if _, _, err := File(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v, want fs.ErrNotExist", err)
	}
}
