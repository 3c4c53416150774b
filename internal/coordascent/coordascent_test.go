package coordascent

import (
	"context"
	"errors"
	"testing"
)

// TestMaximizeFindsKnownOptimum maximises a separable concave function
// whose optimum lies on the grid: coordinate ascent must reach it exactly.
func TestMaximizeFindsKnownOptimum(t *testing.T) {
	want := []float64{0.25, -0.5, 0, 1}
	f := func(_ context.Context, w []float64) (float64, error) {
		v := 0.0
		for i, x := range w {
			v -= (x - want[i]) * (x - want[i])
		}
		return v, nil
	}
	got, v, err := Maximize(context.Background(), f, []float64{1, 1, 1, 1}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("weight %d: got %g, want %g", i, got[i], want[i])
		}
	}
	if v != 0 {
		t.Errorf("objective: got %g, want 0", v)
	}
}

// TestMaximizeCoupled maximises a function whose weights interact, so one
// cycle does not suffice; the result must be the optimum and the trace
// must show more than one cycle.
func TestMaximizeCoupled(t *testing.T) {
	// Maximum at x = y = 0.5 on the grid: −(x−y)² − (x+y−1)².
	f := func(_ context.Context, w []float64) (float64, error) {
		x, y := w[0], w[1]
		return -(x-y)*(x-y) - (x+y-1)*(x+y-1), nil
	}
	cycles := 0
	got, _, err := Maximize(context.Background(), f, []float64{-1, 1}, Config{Trace: func(int, []float64, float64) { cycles++ }})
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != 0.5 || got[1] != 0.5 {
		t.Errorf("got %v, want [0.5 0.5]", got)
	}
	if cycles < 3 { // the start and two cycles
		t.Errorf("got %d traces, want at least 3", cycles)
	}
}

// TestMaximizeFixedAndErrors checks that fixed weights keep their value and
// that an objective's error, and an empty start, are returned.
func TestMaximizeFixedAndErrors(t *testing.T) {
	f := func(_ context.Context, w []float64) (float64, error) { return w[0] + w[1], nil }
	got, _, err := Maximize(context.Background(), f, []float64{0.1, 0.1}, Config{Fixed: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != 1 || got[1] != 0.1 {
		t.Errorf("got %v, want [1 0.1]", got)
	}
	boom := errors.New("boom")
	if _, _, err := Maximize(context.Background(), func(context.Context, []float64) (float64, error) { return 0, boom }, []float64{1}, Config{}); !errors.Is(err, boom) {
		t.Errorf("objective error: got %v, want boom", err)
	}
	if _, _, err := Maximize(context.Background(), f, nil, Config{}); err == nil {
		t.Error("no weights: got nil error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Maximize(ctx, f, []float64{1, 1}, Config{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want context.Canceled", err)
	}
}
