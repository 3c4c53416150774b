package build

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/analysis"
)

// TestBuildSegments builds with shingles and a bound on the terms held so
// small that the build writes many segments (and analyses again the
// batches analysed while one was written), and checks that the files are
// those of a build that holds every term, and that nothing is left behind.
func TestBuildSegments(t *testing.T) {
	args := sampleArgs(t, 1000)
	dartagnan := normalized(t, analysis.Analysis{Possessive: true, Stop: "glasgow", Stem: "kstem", Shingles: 3})
	for name, c := range map[string]Config{
		"sentences":             {Analysis: dartagnan, Units: []string{"sentence"}},
		"both units, vectors":   {Analysis: dartagnan, Units: []string{"sentence", "argument"}, TermVectors: true, Workers: 4},
		"memory bound, vectors": {Analysis: dartagnan, Units: []string{"sentence", "argument"}, TermVectors: true, Memory: 1},
	} {
		t.Run(name, func(t *testing.T) {
			whole, segs := t.TempDir(), t.TempDir()
			w := c
			w.MaxShingleTerms, w.Memory = 1<<30, 0
			var last Progress
			w.Progress = func(p Progress) { last = p }
			mustRun(t, whole, args, w)
			if last.Runs != 0 {
				t.Fatalf("the build without a bound wrote %d segments", last.Runs)
			}
			c.MaxShingleTerms = 2000
			c.Progress = func(p Progress) { last = p }
			mustRun(t, segs, args, c)
			// The bound is checked after each batch.
			if want := (len(args) + batchArgs - 1) / batchArgs; last.Runs != want || !last.Done {
				t.Fatalf("%d segments, want %d (one per batch)", last.Runs, want)
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
			if diff := cmp.Diff(names(whole), names(segs)); diff != "" {
				t.Fatalf("files (-whole +segments):\n%s", diff)
			}
			for _, n := range names(whole) {
				a, err := os.ReadFile(filepath.Join(whole, n))
				if err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(filepath.Join(segs, n))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a, b) {
					t.Errorf("%s differs between a build with segments and one without", n)
				}
			}
		})
	}
}

// TestByteOrder checks byteOrder against a sort of the terms themselves,
// with terms that share their first 8 bytes and are shorter than 8.
func TestByteOrder(t *testing.T) {
	terms := []string{"death penalty abolish", "death penalty", "death", "de", "d", "death penalty is", "zebra", "deat\u00e9", "death penal", "a b", "a", "ab", "death penaltz", "\u00e9t\u00e9"}
	got := make([]string, 0, len(terms))
	for _, g := range byteOrder(terms) {
		got = append(got, terms[g])
	}
	want := slices.Clone(terms)
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}
