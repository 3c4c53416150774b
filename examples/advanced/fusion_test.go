package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// TestFuseFlags checks that bad -fuse command lines are usage errors
// naming the flag, before any work.
func TestFuseFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-fuse", "advanced"}, "-fuse"},
		{[]string{"-fuse", ""}, "-fuse"},
		{[]string{"-fuse", "advanced,"}, "-fuse"},
		{[]string{"-fuse", "advanced,athos"}, `unknown system "athos"`},
		{[]string{"-fuse", "advanced,pearl,advanced"}, "listed twice"},
		{[]string{"-fuse", "advanced+pearl"}, "-fuse"},
		{[]string{"-fuse", "advanced,pearl", "-recipe", "pearl"}, "-fuse and -recipe"},
		{[]string{"-fuse-method", "combsum"}, "-fuse-method goes with -fuse"},
		{[]string{"-fuse-weights", "1,2"}, "-fuse-weights goes with -fuse"},
		{[]string{"-fuse-k", "10"}, "-fuse-k goes with -fuse"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-method", "borda"}, "-fuse-method"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-weights", "1"}, "-fuse-weights"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-weights", "1,2,3"}, "-fuse-weights"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-weights", "1,-1"}, "-fuse-weights"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-weights", "1,NaN"}, "-fuse-weights"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-weights", "0,0"}, "-fuse-weights"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-weights", "1,x"}, "-fuse-weights"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-k", "0"}, "-fuse-k"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-k", "-5"}, "-fuse-k"},
		{[]string{"-fuse", "advanced,pearl", "-fuse-method", "combsum", "-fuse-k", "10"}, "-fuse-k goes with -fuse-method rrf"},
		{[]string{"-fuse", "pearl,korg", "-no-prf"}, "-no-prf configure advanced's pipeline"},
	} {
		var stderr strings.Builder
		out := t.TempDir()
		args := append(tc.args, "-o", out, "-quiet", "-cache", "off")
		if code := run(context.Background(), args, io.Discard, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d naming %q", tc.args, code, stderr.String(), cli.ExitUsage, tc.want)
		}
		if _, err := os.Stat(filepath.Join(out, "run.txt")); err == nil {
			t.Errorf("%q: a run was written", tc.args)
		}
	}
}

// TestFuseSample fuses two fast systems on the sample: the run validates
// with their stances (Q0 among them), is tagged with their names and
// evaluates.
func TestFuseSample(t *testing.T) {
	rules := runfile.Touche2022()
	rules.Stances = []stance.Stance{stance.Pro, stance.Con, stance.Unknown}
	systemtest.Sample(t, run, rules, "-fuse", "baseline,swordsman", "-fuse-weights", "1,2", "-k", "30")
	b, _, _ := systemtest.Run(t, run, "-fuse", "baseline,swordsman", "-fuse-method", "combsum", "-k", "10", "-quiet", "-cache", t.TempDir())
	if first, _, _ := strings.Cut(string(b), "\n"); !strings.HasSuffix(first, " argsearch-baseline+swordsman") {
		t.Errorf("first line %q: want the tag argsearch-baseline+swordsman", first)
	}
}
