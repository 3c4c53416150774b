package cputime

import "testing"

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
