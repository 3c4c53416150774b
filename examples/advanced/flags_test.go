package main

import (
	"io"
	"reflect"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/system"
)

// TestStepFlags checks that -pairer and -rewrite set the Pipeline's Pairer
// and Rewriters, that without them the Pipeline is system.Advanced's, and
// that a flag of the builder beside another pairer is a usage error.
func TestStepFlags(t *testing.T) {
	parse := func(args ...string) (system.Pipeline, int) {
		cmd := cli.New("advanced", "", "", io.Discard, io.Discard)
		p, _ := define(cmd)
		status := cmd.Run(args, func([]string) error { return nil })
		return *p, status
	}
	if p, status := parse(); status != cli.ExitOK || p.Pairer != nil || p.Rewriters != nil || p.String() != system.Advanced().String() {
		t.Errorf("no flags: exit %d, Pairer %v, Rewriters %v; want advanced's pipeline", status, p.Pairer, p.Rewriters)
	}
	for _, tc := range []struct {
		args      []string
		pairer    pairing.Pairer
		rewriters []rewrite.Rewriter
	}{
		{[]string{"-pairer", "builder"}, nil, nil},
		{[]string{"-pairer", "next"}, pairing.Next{}, nil},
		{[]string{"-pairer", "similar", "-rewrite", "expand,reduce"}, pairing.Similar{}, []rewrite.Rewriter{rewrite.Expand{}, rewrite.Reduce{}}},
		{[]string{"-rewrite", "synonyms"}, nil, []rewrite.Rewriter{rewrite.Synonyms{}}},
	} {
		p, status := parse(tc.args...)
		if status != cli.ExitOK || !reflect.DeepEqual(p.Pairer, tc.pairer) || !reflect.DeepEqual(p.Rewriters, tc.rewriters) {
			t.Errorf("%v: exit %d, Pairer %#v, Rewriters %#v; want %#v, %#v", tc.args, status, p.Pairer, p.Rewriters, tc.pairer, tc.rewriters)
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
