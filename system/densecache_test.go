package system

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/runfile"
)

// TestDenseCacheRun runs hit-girl, whose dense index covers every
// sentence, on each sample in memory, then twice with a cache (the first
// run writes the dense index's file, the second maps it), and checks that
// the three runs are byte for byte the run pinned in testdata/runs.sha256,
// and that the second run read the file.
func TestDenseCacheRun(t *testing.T) {
	for _, year := range []int{2022, 2021} {
		t.Run(fmt.Sprint(year), func(t *testing.T) { denseCacheRun(t, year) })
	}
}

func denseCacheRun(t *testing.T, year int) {
	var hitGirl Recipe
	for _, r := range Recipes() {
		if r.Name == "hit-girl" {
			hitGirl = r
		}
	}
	b, err := os.ReadFile(filepath.Join("testdata", "runs.sha256"))
	if err != nil {
		t.Fatal(err)
	}
	want := ""
	for l := range strings.Lines(string(b)) {
		if sum, key, _ := strings.Cut(strings.TrimSpace(l), "  "); key == fmt.Sprintf("%d recipe hit-girl", year) {
			want = sum
		}
	}
	cache := t.TempDir()
	run := func(name string, in Input) string {
		t.Helper()
		var warned []string
		in.Warn = func(msg string) { warned = append(warned, msg) }
		env := open(t, in)
		r, err := Run(context.Background(), env, hitGirl.System, "argsearch-recipe-hit-girl")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join(t.TempDir(), "run.txt")
		if err := runfile.WriteFile(path, r, runfile.Rules{}); err != nil {
			t.Fatal(err)
		}
		if err := env.Close(); err != nil {
			t.Fatalf("%s: Close: %v", name, err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(warned) > 0 {
			t.Errorf("%s: warnings %q", name, warned)
		}
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:])
	}
	if got := run("in memory", Input{Sample: year}); got != want {
		t.Errorf("in memory: got run %s, want %s (testdata/runs.sha256)", got, want)
	}
	if got := run("first run with a cache", Input{Sample: year, Cache: cache}); got != want {
		t.Errorf("first run with a cache: got run %s, want %s", got, want)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*.dense"))
	if len(files) != 1 {
		t.Fatalf("the cache holds the dense files %q, want one", files)
	}
	fi, err := os.Stat(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if got := run("second run with a cache", Input{Sample: year, Cache: cache}); got != want {
		t.Errorf("second run with a cache: got run %s, want %s", got, want)
	}
	fi2, err := os.Stat(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !fi2.ModTime().Equal(fi.ModTime()) || !os.SameFile(fi, fi2) {
		t.Error("the second run wrote the dense file again; want it read")
	}
	leftovers, _ := filepath.Glob(filepath.Join(cache, "*.tmp*"))
	if len(leftovers) > 0 {
		t.Errorf("leftovers in the cache: %q", leftovers)
	}
}
