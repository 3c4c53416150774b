package outpath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "run.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "new.txt"), ""},
		{file, ""},
		{dir, "-o " + dir + " is a directory"},
		{filepath.Join(dir, "nodir", "run.txt"), "-o " + filepath.Join(dir, "nodir", "run.txt") + ": the directory " + filepath.Join(dir, "nodir") + " does not exist"},
		{filepath.Join(file, "run.txt"), "is not a directory"},
		{filepath.Join(readOnly, "run.txt"), "cannot be written: permission denied"},
	} {
		if c.path == filepath.Join(readOnly, "run.txt") && os.Geteuid() == 0 {
			continue // root writes anywhere
		}
		err := File("-o", c.path)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("File(%s): %v, want nil", c.path, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("File(%s): got %v, want %q", c.path, err, c.want)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the checks left files behind: %v", entries)
	}
}

func TestDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{dir, ""},
		{filepath.Join(dir, "a", "b"), ""},
		{file, "-o " + file + " is not a directory"},
		{filepath.Join(file, "out"), "-o " + filepath.Join(file, "out") + ": " + file + " is not a directory"},
	} {
		err := Dir("-o", c.path)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Dir(%s): %v, want nil", c.path, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Dir(%s): got %v, want %q", c.path, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); !os.IsNotExist(err) {
		t.Errorf("Dir made the directory (%v); it only checks", err)
	}
}
