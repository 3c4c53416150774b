package envload

import (
	"testing"

	"github.com/argsearch/argsearch/internal/cputime"
)

// BenchmarkLoadModels measures what Open starts in the background: the
// shipped argumentativeness and stance models, loaded from the embedded
// files (BENCHMARKS.md, "Loading the
// shipped models"). cpu-s/op is the process's CPU time per load, which
// other load on a shared machine distorts less than ns/op.
func BenchmarkLoadModels(b *testing.B) {
	start, ok := cputime.Process()
	for b.Loop() {
		m, err := loadModels()
		if err != nil {
			b.Fatal(err)
		}
		if m.Arg == nil || m.Stance == nil {
			b.Fatal("a model is missing")
		}
	}
	if end, ok2 := cputime.Process(); ok && ok2 {
		b.ReportMetric((end-start).Seconds()/float64(b.N), "cpu-s/op")
	}
}
