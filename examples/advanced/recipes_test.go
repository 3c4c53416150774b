package main

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
)

// recipeRules are the rules a recipe's run must follow: Touché 2022's,
// and "Q0" for Swordsman where args.me reveals no stance (as the
// swordsman command).
func recipeRules(r system.Recipe) runfile.Rules {
	rules := runfile.Touche2022()
	if _, ok := r.System.(system.Swordsman); ok {
		rules.Stances = append(rules.Stances, stance.Unknown)
	}
	return rules
}

// TestRecipesSample runs every recipe on the embedded sample: each run
// validates, is deterministic and evaluates. Only with ARGSEARCH_SLOW=1:
// without it, TestRecipeTag runs a recipe through the command (and
// TestSample the command's main path on the sample).
func TestRecipesSample(t *testing.T) {
	slowtest.Skip(t, "two runs of the system per recipe on the sample; TestRecipeTag runs a recipe always")
	for _, r := range system.Recipes() {
		t.Run(r.Name, func(t *testing.T) {
			m := systemtest.Sample(t, run, recipeRules(r), "-recipe", r.Name)
			t.Logf("nDCG@5 %.3f, judged-only %.3f", m.NDCG.Mean, m.Judged.Mean)
		})
	}
}

// TestRecipesTIRA runs every recipe on a TIRA input directory twice (the
// second time from the cached index): the runs are written and equal.
// Only with ARGSEARCH_SLOW=1: without it, TestTIRA checks the command's
// TIRA path and TestRecipeTag runs a recipe.
func TestRecipesTIRA(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an index per recipe; run without -short")
	}
	slowtest.Skip(t, "an index built and two runs per recipe; TestTIRA and TestRecipeTag run always")
	for _, r := range system.Recipes() {
		t.Run(r.Name, func(t *testing.T) {
			if p, ok := r.System.(system.Pipeline); ok && len(p.Retrieve.Stages) > 0 && !slices.ContainsFunc(p.Retrieve.Stages, func(s system.Stage) bool { return s.Dense == nil }) {
				systemtest.TIRAWithoutIndex(t, run, "-recipe", r.Name, "-k", "100")
				return
			}
			systemtest.TIRA(t, run, "-recipe", r.Name, "-k", "100")
		})
	}
}

// TestRecipeCommandLine checks the -recipe contract: list prints one line
// per recipe and exits 0 without reading anything; an unknown name and a
// pipeline flag with a recipe are usage errors.
func TestRecipeCommandLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-recipe", "list"}, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("-recipe list: exit %d, stderr %q", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	names := []string{"porthos", "daario-naharis", "bruce-banner", "dartagnan", "gamora", "hit-girl", "pearl", "gorgon", "general-grevious", "swordsman", "korg"}
	if len(lines) != len(names) {
		t.Fatalf("-recipe list printed %d lines, want %d:\n%s", len(lines), len(names), stdout.String())
	}
	for i, name := range names {
		if f := strings.Fields(lines[i]); len(f) < 2 || f[0] != name {
			t.Errorf("line %d: %q, want %s and its summary", i+1, lines[i], name)
		}
	}
	for _, args := range [][]string{
		{"-recipe", "athos"},
		{"-recipe", "porthos", "-no-prf"},
		{"-recipe", "pearl", "-threshold", "0.7"},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := run(context.Background(), args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-recipe") {
			t.Errorf("%q: exit %d, stderr %q; want 2 naming -recipe", args, code, stderr.String())
		}
	}
}

// TestRecipeTag checks a recipe's run tag: the recipe's name by default,
// and -tag when given, even when it is advanced's own default.
func TestRecipeTag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "argsearch-bruce-banner"},
		{[]string{"-tag", "argsearch-advanced"}, "argsearch-advanced"},
	} {
		out := t.TempDir()
		args := append([]string{"-recipe", "bruce-banner", "-k", "5", "-cache", "off", "-quiet", "-o", out}, tc.args...)
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, stderr.String())
		}
		r, err := runfile.ReadFile(filepath.Join(out, "run.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, lines := range r {
			if lines[0].Tag != tc.want {
				t.Errorf("%q: tag %q, want %q", args, lines[0].Tag, tc.want)
			}
			break
		}
	}
}
