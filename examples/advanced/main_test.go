package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// TestSample runs the advanced system on the embedded sample: the run
// validates under the Touché 2022 rules (PRO or CON pairs), is
// deterministic and evaluates.
func TestSample(t *testing.T) {
	m := systemtest.Sample(t, run, runfile.Touche2022())
	t.Logf("nDCG@5 %.3f, judged-only %.3f", m.NDCG.Mean, m.Judged.Mean)
}

// TestAblations runs every ablation on the sample, 50 pairs per topic:
// each run validates (Q0 stances when stance tagging is off) and is
// deterministic. Skipped with -short; only -no-stance runs without
// ARGSEARCH_SLOW=1.
func TestAblations(t *testing.T) {
	if testing.Short() {
		t.Skip("ablations are slow; run without -short")
	}
	// Each ablation but -no-similarity's own also switches the sentence
	// encoder off, which would otherwise take most of the test's time.
	for _, flag := range []string{"-no-prf", "-no-fusion", "-no-length", "-no-noise", "-no-dedup", "-no-verb",
		"-no-arg", "-no-coherence", "-no-diversity", "-no-stance", "-no-quality", "-centrality", "-no-similarity",
		"-semantic-coherence=0.5", "-encoder=glove"} {
		t.Run(flag, func(t *testing.T) {
			if flag != "-no-stance" {
				// -no-stance stays on: its run has other rules (Q0).
				slowtest.Skip(t, "one run of the system per ablation; -no-stance runs always")
			}
			rules := runfile.Touche2022()
			if flag == "-no-stance" {
				rules.Stances = []stance.Stance{stance.Unknown}
			}
			args := []string{flag, "-k", "50"}
			if flag != "-no-similarity" && flag != "-semantic-coherence=0.5" && flag != "-encoder=glove" {
				args = append(args, "-no-similarity")
			}
			systemtest.Sample(t, run, rules, args...)
		})
	}
}

// TestTIRA runs the advanced system on a TIRA input directory twice: the
// second run reuses the cached index and writes the same run. Without
// ARGSEARCH_SLOW=1 it runs with -no-similarity: encoding the candidates
// is most of a run's time, and TestSample runs the whole system.
func TestTIRA(t *testing.T) {
	args := []string{"-k", "100"}
	if !slowtest.Enabled() {
		args = append(args, "-no-similarity")
	}
	systemtest.TIRA(t, run, args...)
}

// TestCommandLine checks -h, bad flags and arguments, and a topics file
// without topics.
func TestCommandLine(t *testing.T) {
	systemtest.CommandLine(t, run)
}

// TestStderrFile runs advanced on a TIRA input, building its index, with
// stderr redirected to a file: the progress is plain lines, with no
// carriage returns. -no-similarity: the candidates' vectors, most of a
// run's time, have no progress of their own.
func TestStderrFile(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	if err := systemtest.WriteInput(in); err != nil {
		t.Fatal(err)
	}
	log, err := os.Create(filepath.Join(t.TempDir(), "stderr.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	args := []string{"-i", in, "-o", out, "-cache", t.TempDir(), "-min-pairs", "0", "-k", "20", "-no-similarity"}
	if code := run(context.Background(), args, io.Discard, log); code != 0 {
		t.Fatalf("exit %d", code)
	}
	b, err := os.ReadFile(log.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "indexing") || !strings.Contains(string(b), "topics") {
		t.Errorf("stderr file %q: want the indexing and topics progress", b)
	}
	if strings.Contains(string(b), "\r") {
		t.Errorf("stderr file holds carriage returns: %q", b)
	}
}
