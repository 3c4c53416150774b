package fileid_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/argsearch/argsearch/internal/fileid"
)

// The ID of a file changes when the file does.
func ExampleID() {
	dir, err := os.MkdirTemp("", "fileid")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "args.csv")
	os.WriteFile(p, []byte("id,conclusion\n"), 0o644)
	before, _ := fileid.ID(p)
	os.WriteFile(p, []byte("id,conclusion\na,b\n"), 0o644)
	after, _ := fileid.ID(p)
	fmt.Println(strings.HasPrefix(before, "file "+p), before != after)
	// Output: true true
}
