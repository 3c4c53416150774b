package ridge

import "testing"

// TestZeroFeature: a feature that is 0 everywhere gets weight 0 instead
// of a NaN when nothing penalises it.
func TestZeroFeature(t *testing.T) {
	w := Fit([][]float64{{1, 0}, {1, 0}}, []float64{2, 4}, 0)
	if w[0] != 3 || w[1] != 0 {
		t.Errorf("got %v, want [3 0]", w)
	}
}
