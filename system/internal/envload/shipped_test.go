package envload

import (
	"testing"

	"github.com/argsearch/argsearch/internal/cputime"
)

// BenchmarkLoadModels measures the load of the shipped argumentativeness
// and stance models from the embedded files (BENCHMARKS.md, "Loading the
// shipped models"), which a Pipeline's first bind makes. cpu-s/op is the process's CPU time per load, which
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

// TestLoaderShared checks that copies of a Loader share its loads and its
// counts of what was asked for, and that nothing is loaded before it is
// asked for.
func TestLoaderShared(t *testing.T) {
	l := NewLoader()
	if got := l.Asks(); got != (Asks{}) {
		t.Fatalf("a new Loader: got asks %+v, want none", got)
	}
	c := l
	m, err := c.Models()
	if err != nil {
		t.Fatal(err)
	}
	again, err := l.Models()
	if err != nil {
		t.Fatal(err)
	}
	if again.Arg != m.Arg || again.Stance != m.Stance {
		t.Error("a copy of the Loader loaded the models again")
	}
	if got, want := l.Asks(), (Asks{Models: 2}); got != want {
		t.Errorf("got asks %+v, want %+v", got, want)
	}
	if l.l.pos.v != nil || l.l.encoder.v != nil || l.l.glove.v != nil || l.l.wordnet.v != nil {
		t.Error("a model that was not asked for is loaded")
	}
}
