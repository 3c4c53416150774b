package mmap_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/internal/mmap"
)

func Example() {
	dir, _ := os.MkdirTemp("", "mmap")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "f")
	os.WriteFile(path, []byte("mapped bytes"), 0o644)
	b, release, err := mmap.File(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))
	fmt.Println(release())
	// Output:
	// mapped bytes
	// <nil>
}
