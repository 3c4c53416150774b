package eval

import (
	"errors"
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

func TestPairedTTest(t *testing.T) {
	// Differences 1, 2, 3, 4, 5: mean 3, sd sqrt(2.5), se sqrt(0.5),
	// t = 3/sqrt(0.5) = 4.2426…, df 4.
	a := []float64{2, 4, 6, 8, 10}
	b := []float64{1, 2, 3, 4, 5}
	got, err := pairedTTest(a, b)
	if err != nil {
		t.Fatal(err)
	}
	wantT := 3 / math.Sqrt(0.5)
	if got.DF != 4 || math.Abs(got.T-wantT) > 1e-12 || got.MeanDiff != 3 {
		t.Errorf("got %+v, want T %v, DF 4, MeanDiff 3", got, wantT)
	}
	// Two-sided p for t = 4.2426, df = 4 is 0.01324 (tables).
	if math.Abs(got.P-0.013236) > 1e-5 {
		t.Errorf("P: got %v, want 0.013236", got.P)
	}
	// Swapping the systems flips the sign only.
	rev, _ := pairedTTest(b, a)
	if rev.T != -got.T || rev.P != got.P {
		t.Errorf("reversed: got %+v, want T %v, P %v", rev, -got.T, got.P)
	}

	same, _ := pairedTTest(a, a)
	if same.T != 0 || same.P != 1 {
		t.Errorf("identical systems: got %+v, want T 0, P 1", same)
	}
	shifted, _ := pairedTTest([]float64{2, 3}, []float64{1, 2})
	if !math.IsInf(shifted.T, 1) || shifted.P != 0 {
		t.Errorf("constant difference: got %+v, want T +Inf, P 0", shifted)
	}
	if _, err := pairedTTest([]float64{1}, []float64{2}); !errors.Is(err, ErrTooFewTopics) {
		t.Errorf("one topic: got error %v, want ErrTooFewTopics", err)
	}
	if _, err := pairedTTest([]float64{1, 2}, []float64{2}); err == nil {
		t.Error("unequal lengths: got no error")
	}
}
