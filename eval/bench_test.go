package eval_test

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

var benchFiles = flag.String("benchfiles", "", "write the generated benchmark qrels and run (bench.qrels, bench.run) into this directory")

// benchData generates, deterministically, a Touché-sized evaluation: 50
// topics, 1000 results each (a 50,000-line run, with tied scores), and
// qrels judging 150 documents per topic (labels -2..2), half of them
// retrieved.
func benchData() (qrels, run []byte) {
	rng := rand.New(rand.NewPCG(2022, 5))
	var q, r bytes.Buffer
	for topic := 1; topic <= 50; topic++ {
		for d := 0; d < 150; d++ {
			// Judged documents: even d are retrieved (doc ids below 1000),
			// odd d are not.
			doc := d * 7
			if d%2 == 1 {
				doc = 1000 + d
			}
			fmt.Fprintf(&q, "%d 0 S%08x-A%d %d\n", topic, topic*7919, doc, rng.IntN(5)-2)
		}
		score := 40.0
		for rank := 0; rank < 1000; rank++ {
			if rng.IntN(10) > 0 { // one in ten ties with the previous
				score -= rng.Float64() * 0.05
			}
			fmt.Fprintf(&r, "%d\tQ0\tS%08x-A%d\t%d\t%.6f\tbench\n", topic, topic*7919, rng.Perm(1)[0]+rank, rank, score)
		}
	}
	return q.Bytes(), r.Bytes()
}

func benchAllMeasures(b testing.TB) []eval.Measure {
	var ms []eval.Measure
	for _, s := range []string{"ndcg_cut.5,10,1000", "P.5,10", "map", "recip_rank", "num_ret", "num_rel_ret"} {
		m, err := eval.ParseMeasure(s)
		if err != nil {
			b.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// TestWriteBenchFiles writes the benchmark input to -benchfiles, for timing
// the evaluate command on it. It does nothing without the flag.
func TestWriteBenchFiles(t *testing.T) {
	if *benchFiles == "" {
		t.Skip("no -benchfiles directory given")
	}
	q, r := benchData()
	if err := os.WriteFile(filepath.Join(*benchFiles, "bench.qrels"), q, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*benchFiles, "bench.run"), r, 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkEvaluate measures Evaluate alone on a parsed 50,000-line run.
func BenchmarkEvaluate(b *testing.B) {
	qb, rb := benchData()
	q, err := eval.ReadQrels(bytes.NewReader(qb))
	if err != nil {
		b.Fatal(err)
	}
	run, err := runfile.NewReader(bytes.NewReader(rb)).ReadRun()
	if err != nil {
		b.Fatal(err)
	}
	opt := eval.Options{Complete: true, Measures: benchAllMeasures(b)}
	for b.Loop() {
		if _, err := eval.Evaluate(q, run, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadEvaluateWrite measures what "evaluate -q -c -m …" does after
// reading the files: parse qrels and run, evaluate all measures, and format
// the per-topic and mean lines.
func BenchmarkReadEvaluateWrite(b *testing.B) {
	qb, rb := benchData()
	opt := eval.Options{Complete: true, Measures: benchAllMeasures(b)}
	b.SetBytes(int64(len(rb)))
	for b.Loop() {
		q, err := eval.ReadQrels(bytes.NewReader(qb))
		if err != nil {
			b.Fatal(err)
		}
		run, err := runfile.NewReader(bytes.NewReader(rb)).ReadRun()
		if err != nil {
			b.Fatal(err)
		}
		e, err := eval.Evaluate(q, run, opt)
		if err != nil {
			b.Fatal(err)
		}
		if err := e.WriteTrecEval(io.Discard, true); err != nil {
			b.Fatal(err)
		}
	}
}
