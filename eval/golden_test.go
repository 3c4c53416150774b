package eval_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/google/go-cmp/cmp"
)

// sharedData is ../shared/data seen from the repository root.
var sharedData = filepath.Join("..", "..", "shared", "data")

// goldenCase is one trec_eval output file and the options that produced it
// (see ../shared/data/README.md).
type goldenCase struct {
	name   string // output file name
	run    string // run file name under runs/
	qrels  string // qrels file name under touche/
	opt    eval.Options
	golden string
}

func goldenCases(t *testing.T) []goldenCase {
	t.Helper()
	dir := filepath.Join(sharedData, "trec_eval-golden")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("golden data not available at %s: %v", dir, err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no golden files in %s", dir)
	}
	must := func(s string) eval.Measure {
		m, err := eval.ParseMeasure(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	var cases []goldenCase
	for _, f := range files {
		base := filepath.Base(f)
		c := goldenCase{name: base, golden: f}
		var runName string
		if stem, ok := strings.CutSuffix(base, ".judged-only.txt"); ok {
			runName = stem + ".txt"
			// trec_eval -q -J -m ndcg_cut.5,10 -m P.5
			c.opt = eval.Options{JudgedOnly: true, Measures: []eval.Measure{must("ndcg_cut.5,10"), must("P.5")}}
		} else {
			runName = base
			// trec_eval -q -c -m ndcg_cut.5,10,1000 -m P.5,10 -m map -m recip_rank -m num_ret -m num_rel_ret
			c.opt = eval.Options{Complete: true, Measures: []eval.Measure{
				must("ndcg_cut.5,10,1000"), must("P.5,10"), must("map"), must("recip_rank"), must("num_ret"), must("num_rel_ret"),
			}}
		}
		c.run = filepath.Join(dir, "runs", runName)
		switch {
		case strings.Contains(base, "-2020-"):
			c.qrels = filepath.Join(sharedData, "touche", "qrels-task1-2020-relevance.qrels")
		case strings.Contains(base, "-2021-"):
			c.qrels = filepath.Join(sharedData, "touche", "qrels-task1-2021-relevance.qrels")
		default:
			t.Fatalf("golden file %s: no year in its name", base)
		}
		cases = append(cases, c)
	}
	return cases
}

func TestGoldenTrecEval(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.name, func(t *testing.T) {
			qf, err := os.Open(c.qrels)
			if err != nil {
				t.Fatal(err)
			}
			defer qf.Close()
			q, err := eval.ReadQrels(qf)
			if err != nil {
				t.Fatal(err)
			}
			rf, err := os.Open(c.run)
			if err != nil {
				t.Fatal(err)
			}
			defer rf.Close()
			run, err := runfile.NewReader(rf).ReadRun()
			if err != nil {
				t.Fatal(err)
			}
			e, err := eval.Evaluate(q, run, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := e.WriteTrecEval(&got, true); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(c.golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")); diff != "" {
				t.Errorf("%s: got lines differ from trec_eval's (-want +got):\n%s", c.name, diff)
			}
		})
	}
}
