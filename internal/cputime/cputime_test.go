package cputime

import (
	"testing"
	"time"
)

func TestProcessAdvances(t *testing.T) {
	start, ok := Process()
	if !ok {
		t.Skip("no CPU time on this platform")
	}
	x := 0
	for i := range 200_000_000 {
		x ^= i
	}
	end, _ := Process()
	if end <= start {
		t.Errorf("CPU time: got %v after %v (x=%d), want it to advance", end, start, x)
	}
	if _, ok := PerSecond(1, end+1<<40); ok {
		t.Error("PerSecond with a start in the future: got ok, want false")
	}
}

type fakeB struct{ metrics map[string]float64 }

func (f *fakeB) Elapsed() time.Duration              { return 2 * time.Second }
func (f *fakeB) ReportMetric(n float64, unit string) { f.metrics[unit] = n }

func TestReport(t *testing.T) {
	b := &fakeB{metrics: map[string]float64{}}
	start, _ := Process()
	Report(b, 10, "pairs", start)
	if got := b.metrics["pairs/s"]; got != 5 {
		t.Errorf("pairs/s: got %v, want 10 per 2 s", got)
	}
	for unit := range b.metrics {
		if unit != "pairs/s" && unit != "cpu-pairs/s" {
			t.Errorf("unexpected unit %q", unit)
		}
	}
}
