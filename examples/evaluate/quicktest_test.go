package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/google/go-cmp/cmp"
)

// trecEvalTests holds trec_eval's own test files (see its README.md).
var trecEvalTests = filepath.Join("..", "..", "eval", "testdata", "trec_eval")

// TestQuicktest runs the ten commands of trec_eval's "make quicktest" that
// need no preference judgments, with trec_eval's arguments as they stand
// in its Makefile, and requires trec_eval's expected output byte for byte.
func TestQuicktest(t *testing.T) {
	tests := []struct {
		args string // as in trec_eval's Makefile; test/ is the test directory
		want string
	}{
		{"test/qrels.test test/results.test", "out.test"},
		{"test/qrels.test.with-comments test/results.test", "out.test"},
		{"test/qrels.comment.test test/results.comment.test", "out.comment.test"},
		{"-m all_trec test/qrels.test test/results.test", "out.test.a"},
		{"-m all_trec -q test/qrels.test test/results.test", "out.test.aq"},
		{"-m all_trec -q -c test/qrels.test test/results.trunc", "out.test.aqc"},
		{"-m all_trec -q -c -M100 test/qrels.test test/results.trunc", "out.test.aqcM"},
		{"-m all_trec -mrelstring.20 -q -l2 test/qrels.rel_level test/results.test", "out.test.aql"},
		{"-q -miprec_at_recall..10,.20,.25,.75,.50 -m P.5,7,3 -m recall.20,2000 -m Rprec_mult.5.0,0.2,0.35 -mutility.2,-1,0,0 -m 11pt_avg..25,.5,.75 -mndcg.1=3,2=9,4=4.5 -mndcg_cut.10,20,23.4 -msuccess.2,5,20 test/qrels.test test/results.test", "out.test.meas_params"},
		{"-q -m all_trec -Z test/zscores_file test/qrels.test test/results.test", "out.test.aqZ"},
	}
	for _, tc := range tests {
		t.Run(tc.args, func(t *testing.T) {
			args := strings.Fields(tc.args)
			for i, a := range args {
				if name, ok := strings.CutPrefix(a, "test/"); ok {
					args[i] = filepath.Join(trecEvalTests, name)
					if name == "results.comment.test" { // kept gzipped: read as it is
						args[i] = filepath.Join(trecEvalTests, name+".gz")
					}
				}
			}
			var stdout, stderr bytes.Buffer
			if code := run(args, &stdout, &stderr); code != cli.ExitOK {
				t.Fatalf("evaluate %s: exit %d: %s", tc.args, code, stderr.String())
			}
			want, err := os.ReadFile(filepath.Join(trecEvalTests, tc.want))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(stdout.String(), "\n")); diff != "" {
				t.Errorf("evaluate %s: got lines differing from trec_eval's %s (-want +got):\n%s", tc.args, tc.want, diff)
			}
		})
	}
}
