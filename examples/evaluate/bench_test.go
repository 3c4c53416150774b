package main

import (
	"io"
	"os"
	"testing"
)

// BenchmarkTrecEvalAllTrec times trec_eval mode's -m all_trec -q on the
// files $EVALUATE_BENCH_QRELS and $EVALUATE_BENCH_RUN (for instance those
// eval's TestWriteBenchFiles writes: a 50,000-line run); it skips without
// them.
func BenchmarkTrecEvalAllTrec(b *testing.B) {
	qrels, runFile := os.Getenv("EVALUATE_BENCH_QRELS"), os.Getenv("EVALUATE_BENCH_RUN")
	if qrels == "" || runFile == "" {
		b.Skip("set EVALUATE_BENCH_QRELS and EVALUATE_BENCH_RUN (go test ./eval -run TestWriteBenchFiles -benchfiles DIR writes them)")
	}
	for b.Loop() {
		if code := run([]string{"-m", "all_trec", "-q", qrels, runFile}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
