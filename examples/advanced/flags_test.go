package main

import (
	"bytes"
	"flag"
	"io"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/system"
)

// parse parses args with define's flags alone, and returns the Pipeline
// and the exit status.
func parse(args ...string) (system.Pipeline, int) {
	cmd := cli.New("advanced", "", "", io.Discard, io.Discard)
	p, _ := define(cmd)
	status := cmd.Run(args, func([]string) error { return nil })
	return *p, status
}

// TestNoFlags checks that without flags the Pipeline is system.Advanced's,
// step for step, so that its run and its in-sample mark are Advanced's.
func TestNoFlags(t *testing.T) {
	p, status := parse()
	want := system.Advanced()
	if status != cli.ExitOK || p.String() != want.String() || p.Pair != want.Pair || len(p.TrainedOn()["2022"]) != 25 {
		t.Errorf("no flags: exit %d, pipeline\n%s\nwant Advanced's\n%s", status, p, want)
	}
}

// TestEveryFlagChanges gives each of the pipeline's flags a value other
// than its default, and checks that the Pipeline it makes prints
// differently: no flag is silently a no-op. -k changes the run's length,
// not the Pipeline (TestSample runs the command).
func TestEveryFlagChanges(t *testing.T) {
	values := map[string][]string{
		"model": {"bm25"}, "mu": {"1000"}, "conclusion": {"1"}, "fusion-weight": {"0.5"}, "arguments": {"50"},
		"sentences": {"500"}, "depth": {"2000"}, "threshold": {"0.6"}, "pool": {"50"}, "np-tags": {"true"},
		"centrality": {"true"}, "encoder": {"use"}, "semantic-coherence": {"0.5"}, "pairer": {"next", "similar"},
		"rewrite": {"reduce", "synonyms", "expand", "reduce,synonyms,expand"},
	}
	base := system.Advanced().String()
	cmd := cli.New("advanced", "", "", io.Discard, io.Discard)
	define(cmd)
	cmd.Flags.VisitAll(func(f *flag.Flag) {
		if f.Name == "k" {
			return
		}
		vs, ok := values[f.Name]
		if !ok && len(f.Name) > 3 && f.Name[:3] == "no-" {
			vs, ok = []string{"true"}, true
		}
		if !ok {
			t.Errorf("-%s: the test gives it no value", f.Name)
			return
		}
		for _, v := range vs {
			p, status := parse("-" + f.Name + "=" + v)
			if status != cli.ExitOK {
				t.Errorf("-%s=%s: exit %d", f.Name, v, status)
				continue
			}
			if p.String() == base {
				t.Errorf("-%s=%s: the pipeline is Advanced's:\n%s", f.Name, v, p)
			}
		}
	})
}

// TestStepFlags checks the steps -pairer and -rewrite make, and that a
// flag of the builder beside another pairer is a usage error.
func TestStepFlags(t *testing.T) {
	for _, tc := range []struct {
		args      []string
		pairer    pairing.Pairer
		rewriters []rewrite.Rewriter
	}{
		{[]string{"-pairer", "next"}, pairing.Next{}, nil},
		{[]string{"-pairer", "similar", "-rewrite", "expand,reduce"}, pairing.Similar{Encoder: system.Advanced().Pair.(pairing.Builder).Encoder}, []rewrite.Rewriter{rewrite.Expand{}, rewrite.Reduce{}}},
		{[]string{"-rewrite", "synonyms"}, system.Advanced().Pair, []rewrite.Rewriter{rewrite.Synonyms{}}},
	} {
		p, status := parse(tc.args...)
		if status != cli.ExitOK || p.Pair != tc.pairer || !slices.Equal(p.Rewrite, tc.rewriters) {
			t.Errorf("%v: exit %d, Pair %#v, Rewrite %#v; want %#v, %#v", tc.args, status, p.Pair, p.Rewrite, tc.pairer, tc.rewriters)
		}
	}
	for _, args := range [][]string{
		{"-pairer", "next", "-no-diversity"},
		{"-pairer", "similar", "-centrality"},
		{"-pairer", "pairs"},
		{"-rewrite", "reduce,stem"},
		{"-rewrite", ""},
		{"-rewrite", "reduce,"},
	} {
		if _, status := parse(args...); status != cli.ExitUsage {
			t.Errorf("%v: exit %d, want %d (usage)", args, status, cli.ExitUsage)
		}
	}
}

// TestRewriteChangesTheRun runs the command with -rewrite
// reduce,synonyms,expand and without, and checks that the runs differ:
// each rewriter rewrites with its default N, where a zero N once left the
// query as it was and the flag did nothing.
func TestRewriteChangesTheRun(t *testing.T) {
	cache := t.TempDir()
	plain, _, _ := systemtest.Run(t, run, "-quiet", "-cache", cache, "-k", "20")
	for _, list := range []string{"reduce", "synonyms", "expand", "reduce,synonyms,expand"} {
		rewritten, _, _ := systemtest.Run(t, run, "-quiet", "-cache", cache, "-k", "20", "-rewrite", list)
		if bytes.Equal(plain, rewritten) {
			t.Errorf("-rewrite %s: the run is the one without it", list)
		}
	}
}
