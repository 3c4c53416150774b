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
	"time"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/runfile"
	"github.com/google/go-cmp/cmp"
)

// slowRuns is the environment variable that turns on the runs of every
// recipe in TestRunHashes (CI sets it); without it only the fast systems
// run.
const slowRuns = "ARGSEARCH_SLOW"

// fastRuns are the systems TestRunHashes always runs: those that take a
// second or two on a sample, covering the sentence, argument-free and
// pair-unit paths (the others, Advanced among them, need ARGSEARCH_SLOW).
var fastRuns = map[string]bool{"baseline": true, "recipe daario-naharis": true, "recipe bruce-banner": true, "recipe pearl": true}

// TestRunHashes pins the run file of every system (Baseline, Swordsman,
// Advanced and every recipe) on both embedded samples by its SHA-256
// (testdata/runs.sha256; -update rewrites it). Determinism is a contract:
// a change of the code that moves a run must show here. Without
// ARGSEARCH_SLOW=1 only the fastRuns run; the lines of the others are then
// checked to be present, not recomputed. All of them took 270 s on two
// cores and 11 minutes on two busy ones, past go test's default timeout:
//
//	ARGSEARCH_SLOW=1 go test -timeout 45m -run TestRunHashes ./system
func TestRunHashes(t *testing.T) {
	slow := os.Getenv(slowRuns) == "1"
	golden := filepath.Join("testdata", "runs.sha256")
	systems := []struct {
		name string
		sys  System
	}{{"baseline", Baseline{}}, {"swordsman", Swordsman{}}, {"advanced", Advanced()}}
	for _, r := range Recipes() {
		systems = append(systems, struct {
			name string
			sys  System
		}{"recipe " + r.Name, r.System})
	}
	want := map[string]string{} // "year name" → sum
	if b, err := os.ReadFile(golden); err == nil {
		for l := range strings.Lines(string(b)) {
			sum, key, ok := strings.Cut(strings.TrimSuffix(l, "\n"), "  ")
			if !ok {
				t.Fatalf("%s: malformed line %q", golden, l)
			}
			want[key] = sum
		}
	} else if !*update {
		t.Fatal(err)
	}
	var lines []string
	got := map[string]string{}
	for _, s := range []sample.Sample{sample.Touche2022(), sample.Touche2021()} {
		env := open(t, Input{Sample: s.Year()})
		for _, sys := range systems {
			key := fmt.Sprintf("%d %s", s.Year(), sys.name)
			lines = append(lines, key)
			if !slow && !fastRuns[sys.name] && !*update {
				continue
			}
			start := time.Now()
			run, err := Run(context.Background(), env, sys.sys, "argsearch-"+strings.ReplaceAll(sys.name, " ", "-"))
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			path := filepath.Join(t.TempDir(), "run.txt")
			if err := runfile.WriteFile(path, run, runfile.Rules{}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(b)
			got[key] = hex.EncodeToString(sum[:])
			t.Logf("%s: %v", key, time.Since(start).Round(time.Millisecond))
		}
	}
	if *update {
		var b strings.Builder
		for _, key := range lines {
			fmt.Fprintf(&b, "%s  %s\n", got[key], key)
		}
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, key := range lines {
		if _, ok := want[key]; !ok {
			t.Errorf("%s: no pinned hash in %s (run with -update)", key, golden)
			continue
		}
		if sum, ran := got[key]; ran {
			if diff := cmp.Diff(want[key], sum); diff != "" {
				t.Errorf("%s: the run changed (-want +got):\n%s", key, diff)
			}
		}
	}
	if len(want) != len(lines) {
		t.Errorf("%s pins %d runs, the systems are %d", golden, len(want), len(lines))
	}
}
