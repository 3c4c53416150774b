package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnwritableCache checks that a cache directory that cannot be written
// is warned about by the path the user gave, the run going on without a
// cache, and that nothing is left where it could not be made.
func TestUnwritableCache(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cache := range []string{filepath.Join(file, "cache"), "/proc/argsearch-test/cache"} {
		var stderr bytes.Buffer
		f := SystemFlags{CacheDir: cache, name: "baseline"}
		in := f.Input(&stderr)
		msg := stderr.String()
		if in.Cache != "" || !strings.Contains(msg, "cache directory "+cache) || strings.Contains(msg, ".probe") || strings.Count(msg, "\n") != 1 {
			t.Errorf("-cache %s: cache %q, warning %q; want no cache and one line naming the path given", cache, in.Cache, msg)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the test directory holds %d entries (%v), want the file alone", len(entries), err)
	}
}
