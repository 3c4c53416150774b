package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestEvaluation runs the in-topic evaluation and one cross-topic fold on
// the real data (a few seconds) and checks that the trained taggers beat the
// baselines; the full table comes from running the command.
func TestEvaluation(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "data", "labeled")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no labelled data at %s", dir)
	}
	d, err := loadData(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	f1 := map[string]float64{}
	for _, sys := range stanceSystems(1, stanceConfig(), d.claims) {
		rs, err := evalStance(ctx, d, sys, "test", []string{"school uniforms"})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			f1[r.system+" "+r.setting] = r.c.MacroF1
			t.Log(r)
		}
	}
	if !(f1["linear in-topic"] > f1["lexical in-topic"] && f1["lexical in-topic"] > f1["majority in-topic"]) {
		t.Errorf("in-topic macro-F1: got linear %.3f, lexical %.3f, majority %.3f; want them in that order",
			f1["linear in-topic"], f1["lexical in-topic"], f1["majority in-topic"])
	}
	if got := f1["linear cross-topic"]; got <= 0.42 {
		t.Errorf("cross-topic macro-F1 on school uniforms: got %.3f, want above 0.42", got)
	}
}
