package experiment_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/system"
)

// TestEvaluateTrainsNoPredictor checks that Evaluate on an Env whose
// judgments judge sentence pairs (the 2022 sample), where Run would train
// the default predictor, trains none: its table leads with the estimate,
// has no predicted figure, and is, in every format, Run's table of the same
// runs over the same judgments without the Env (where Run trains nothing).
func TestEvaluateTrainsNoPredictor(t *testing.T) {
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	run, err := system.Run(ctx, env, system.Baseline{}, "baseline")
	if err != nil {
		t.Fatal(err)
	}
	systems := []experiment.System{{Name: "baseline", Run: run}}
	got, err := experiment.Experiment{Env: env, Systems: systems, Bootstrap: eval.Bootstrap{Resamples: 200}}.Evaluate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want, err := experiment.Experiment{Judgments: env.Judgments, Systems: systems, Bootstrap: eval.Bootstrap{Resamples: 200}}.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Headline != "estimated" {
		t.Errorf("Evaluate's table leads with %q, want estimated (no predictor)", got.Headline)
	}
	for _, r := range got.Rows {
		if r.Predicted.Mean == r.Predicted.Mean { // not NaN
			t.Errorf("%s %s: predicted nDCG %v, want none", r.System, r.Judgments, r.Predicted.Mean)
		}
	}
	for _, format := range []string{"text", "wide", "tsv", "json", "topics"} {
		var g, w bytes.Buffer
		if err := got.Write(&g, format); err != nil {
			t.Fatal(err)
		}
		if err := want.Write(&w, format); err != nil {
			t.Fatal(err)
		}
		if g.String() != w.String() {
			t.Errorf("%s: Evaluate with the Env gives\n%s\nRun without it\n%s", format, g.String(), w.String())
		}
	}
}

// TestEvaluateNilContext checks that Evaluate names itself for a nil ctx.
func TestEvaluateNilContext(t *testing.T) {
	x := experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "a", Run: newRun(t, map[string][]string{"1": {"a,b"}})}}}
	//lint:ignore SA1012 a nil ctx is what is tested
	if _, err := x.Evaluate(nil); err == nil || !strings.Contains(err.Error(), "experiment: Experiment.Evaluate: ") || !strings.Contains(err.Error(), "nil context.Context") {
		t.Errorf("nil ctx: %v; want it to name Experiment.Evaluate", err)
	}
}
