package build

import (
	"bytes"
	"context"
	"errors"
	"iter"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// TestBuildRuns builds with a memory bound so small that every batch of
// arguments goes to a run of its own, and checks that the files are those
// of a build that holds everything, and that no run is left behind.
func TestBuildRuns(t *testing.T) {
	args := sampleArgs(t, 1000)
	krovetz := analysis.Analysis{Fold: true, Possessive: true, Stop: "frequent-fields", StopFrequent: 20, Stem: "krovetz", KrovetzMinCF: 2}
	for name, c := range map[string]Config{
		"en":                  {Analysis: preset(t, "en"), TermVectors: true},
		"lucene no vectors":   {Analysis: preset(t, "lucene"), Units: []string{"sentence"}},
		"krovetz stop fields": {Analysis: normalized(t, krovetz), TermVectors: true},
		"plain frequent stop": {Analysis: normalized(t, analysis.Analysis{Fold: true, Stop: "frequent", StopFrequent: 5}), Units: []string{"argument"}, TermVectors: true},
	} {
		if c.Units == nil {
			c.Units = []string{"sentence", "argument"}
		}
		t.Run(name, func(t *testing.T) {
			if name != "krovetz stop fields" {
				slowtest.Skip(t, "two builds of 1000 arguments per configuration; krovetz stop fields runs always")
			}
			whole, runs := t.TempDir(), t.TempDir()
			mustRun(t, whole, args, c)
			c.Memory = 1
			c.IDPiece = 100 // several sorted pieces of ids per run
			c.IDSpill = 64  // the ids written out and read back, in several parts
			var last Progress
			c.Progress = func(p Progress) { last = p }
			mustRun(t, runs, args, c)
			if want := (len(args) + batchArgs - 1) / batchArgs; last.Runs != want || !last.Done {
				t.Fatalf("%d runs for %d arguments, want %d (one per batch)", last.Runs, len(args), want)
			}
			names := func(dir string) []string {
				es, err := os.ReadDir(dir)
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				for _, e := range es {
					out = append(out, e.Name())
				}
				return out
			}
			if diff := cmp.Diff(names(whole), names(runs)); diff != "" {
				t.Fatalf("files (-whole +runs):\n%s", diff)
			}
			for _, n := range names(whole) {
				a, err := os.ReadFile(filepath.Join(whole, n))
				if err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(filepath.Join(runs, n))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a, b) {
					t.Errorf("%s differs between a build with runs and one without", n)
				}
			}
		})
	}
}

// TestBuildRunsCancelled cancels a build that has written runs: the error
// wraps the cancellation, and the directory holds neither an index nor a
// run.
func TestBuildRunsCancelled(t *testing.T) {
	args := sampleArgs(t, 1000)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	src := func(yield func(corpus.Argument, error) bool) {
		for i, a := range args {
			if i == 2*batchArgs+10 {
				// Two batches are on their way: cancel once the first
				// is in a run.
				for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
					if _, err := os.Stat(filepath.Join(dir, "build-0.run")); err == nil {
						break
					}
					if time.Now().After(deadline) {
						t.Error("no run written")
						break
					}
				}
				cancel()
			}
			if !yield(a, nil) {
				return
			}
		}
	}
	_, err := Run(ctx, dir, src, Config{Analysis: preset(t, "en"), Units: []string{"sentence", "argument"}, TermVectors: true, Memory: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		t.Errorf("left behind: %s", e.Name())
	}
}

// sampleArgs returns the first n arguments of the embedded args.me sample.
func sampleArgs(t testing.TB, n int) []corpus.Argument {
	t.Helper()
	var out []corpus.Argument
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
		if len(out) == n {
			break
		}
	}
	return out
}

func seq(args []corpus.Argument) iter.Seq2[corpus.Argument, error] {
	return func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
}

// mustRun builds args with c into dir (in memory with dir "").
func mustRun(t *testing.T, dir string, args []corpus.Argument, c Config) *index.Data {
	t.Helper()
	d, err := Run(context.Background(), dir, seq(args), c)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// preset returns the analysis preset name.
func preset(t *testing.T, name string) analysis.Analysis {
	t.Helper()
	a, err := analysis.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// normalized returns a in normal form.
func normalized(t *testing.T, a analysis.Analysis) analysis.Analysis {
	t.Helper()
	a, err := a.Normalized()
	if err != nil {
		t.Fatal(err)
	}
	return a
}
