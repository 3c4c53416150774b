package eval

import (
	"math"
	"testing"
)

func TestStudentTTwoSided(t *testing.T) {
	tests := []struct {
		t, df, want float64
	}{
		// Tabulated: t = 2.0 with 10 degrees of freedom.
		{2.0, 10, 0.0733880347707404},
		// df = 1 is the Cauchy distribution: p = 1 - 2/π·atan|t|.
		{1, 1, 1 - 2/math.Pi*math.Atan(1)},
		{-7.5, 1, 1 - 2/math.Pi*math.Atan(7.5)},
		// df = 2 has p = 1 - |t|/sqrt(2+t²).
		{0.3, 2, 1 - 0.3/math.Sqrt(2.09)},
		{12, 2, 1 - 12/math.Sqrt(146)},
		// Critical values: 2.228139 is the 97.5% point for df = 10,
		// 1.959964 the normal one (df large).
		{2.228138851986, 10, 0.05},
		{1.959963984540, 1e7, 0.05},
		{0, 5, 1},
	}
	for _, tc := range tests {
		got := studentTTwoSided(tc.t, tc.df)
		if math.Abs(got-tc.want) > 1e-7 {
			t.Errorf("StudentTTwoSided(%v, %v): got %.12f, want %.12f", tc.t, tc.df, got, tc.want)
		}
	}
	if got := studentTTwoSided(math.Inf(1), 3); got != 0 {
		t.Errorf("t=+Inf: got %v, want 0", got)
	}
}
