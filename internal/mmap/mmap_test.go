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

// TestDrop checks that dropped pages read back the same.
func TestDrop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	want := make([]byte, 3*os.Getpagesize()+5)
	for i := range want {
		want[i] = byte(i * 7)
	}
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	b, release, err := File(path)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	Drop(b)
	Drop(nil)
	if string(b) != string(want) {
		t.Error("the bytes changed after Drop")
	}
}
