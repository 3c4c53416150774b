package main

import (
	"bytes"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

func rules() runfile.Rules {
	r := runfile.Touche2022()
	r.Stances = append(r.Stances, stance.Unknown)
	return r
}

// TestSample runs the baseline on the embedded sample: the run validates,
// is deterministic and evaluates.
func TestSample(t *testing.T) {
	m := systemtest.Sample(t, run, rules())
	t.Logf("nDCG@5 %.3f, judged-only %.3f", m.NDCG.Mean, m.Judged.Mean)
}

// TestSample2021 runs the baseline on the embedded 2021 sample, whose
// judgments rate arguments.
func TestSample2021(t *testing.T) {
	m := systemtest.Sample(t, run, rules(), "-sample", "2021")
	if m.Pairs == 0 {
		t.Error("the 2021 judgments rate arguments: the run's pairs should have been mapped")
	}
}

// TestTIRA runs the baseline on a TIRA input directory twice: the second
// run reuses the cached index and writes the same run.
func TestTIRA(t *testing.T) {
	systemtest.TIRA(t, run, "-k", "100")
}

// TestFewerPairs checks -k: no topic gets more than k pairs.
func TestFewerPairs(t *testing.T) {
	b, _, _ := systemtest.Run(t, run, "-k", "7", "-quiet", "-cache", "off")
	lines, err := runfile.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	r := rules()
	r.MinResults, r.MaxResults = 7, 7
	if err := runfile.Validate(lines, r); err != nil {
		t.Errorf("got %v, want exactly 7 pairs per topic", err)
	}
}

// TestCommandLine checks -h, bad flags and arguments, and a topics file
// without topics.
func TestCommandLine(t *testing.T) {
	systemtest.CommandLine(t, run)
}
