package baselines_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// maxBinary is the most a baseline command may weigh, built as a release
// is (-trimpath -ldflags="-s -w"): what the baselines use (the code, the
// embedded args.me samples and their judgments) is about 20 MB; the
// shipped models they never use (the Universal Sentence Encoder's 28 MB
// above all) must stay out.
const maxBinary = 30_000_000 // bytes: 30 MB

// TestBinarySize builds baseline and swordsman as a release is built and
// checks that neither reaches maxBinary: a binary carries only what its
// system uses.
func TestBinarySize(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds two commands")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build with: %v", err)
	}
	dir := t.TempDir()
	for _, name := range []string{"baseline", "swordsman"} {
		out := filepath.Join(dir, name)
		cmd := exec.Command(goTool, "build", "-trimpath", "-ldflags=-s -w", "-o", out, "../../"+name)
		// The module cache holds the dependencies; never fetch them.
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=readonly")
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", name, err, b)
		}
		fi, err := os.Stat(out)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() > maxBinary {
			t.Errorf("%s: %.1f MB built with -trimpath -ldflags=\"-s -w\", more than %.0f MB: it carries what it does not use (go tool nm -size -sort size on a build without -s names the largest symbols)",
				name, float64(fi.Size())/1e6, float64(maxBinary)/1e6)
		}
	}
}
