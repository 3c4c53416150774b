package main

import (
	"testing"

	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// TestSample runs the swordsman system on the embedded sample: the run
// validates (Touché 2022 rules, "Q0" allowed), is deterministic and
// evaluates.
func TestSample(t *testing.T) {
	rules := runfile.Touche2022()
	rules.Stances = append(rules.Stances, stance.Unknown)
	m := systemtest.Sample(t, run, rules)
	t.Logf("nDCG@5 %.3f, judged-only %.3f", m.NDCG.Mean, m.Judged.Mean)
}

// TestTIRA runs the swordsman system on a TIRA input directory twice: the
// second run reuses the cached index and writes the same run.
func TestTIRA(t *testing.T) {
	systemtest.TIRA(t, run, "-k", "20")
}

// TestCommandLine checks -h, bad flags and arguments, and a topics file
// without topics.
func TestCommandLine(t *testing.T) {
	systemtest.CommandLine(t, run)
}
