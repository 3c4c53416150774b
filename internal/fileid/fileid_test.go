package fileid

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestID(t *testing.T) {
	p := filepath.Join(t.TempDir(), "c.csv")
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := ID(p)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := ID(p); again != a {
		t.Errorf("ID of an unchanged file: got %q, want %q", again, a)
	}
	if err := os.WriteFile(p, []byte("xy"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, _ := ID(p); b == a {
		t.Errorf("ID did not change with the file: %q", a)
	}
	if _, err := ID(filepath.Join(t.TempDir(), "absent")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v, want fs.ErrNotExist", err)
	}
}
