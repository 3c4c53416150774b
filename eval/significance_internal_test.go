package eval

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestPermutationExact checks the exact randomization test against sign
// assignments counted by hand.
func TestPermutationExact(t *testing.T) {
	for _, tc := range []struct {
		a, b []float64
		want float64
	}{
		// d = 1, 2, 3: the eight sums ±1±2±3 are 6, 4, 2, 0, 0, −2, −4, −6;
		// two reach |6|.
		{[]float64{1, 2, 3}, []float64{0, 0, 0}, 2.0 / 8},
		// d = 1, −2, 3, 4, sum 6: |10 − 2s| ≥ 6 for the negated subsets
		// of sum s ≤ 2 ({}, {1}, {2}) or s ≥ 8 (their complements): 6 of 16.
		{[]float64{1, 0, 3, 4}, []float64{0, 2, 0, 0}, 6.0 / 16},
		// Scores as fractions that do not add up exactly in binary: d =
		// 0.3−0.1, 0.5−0.3, 0.7−0.5, all 0.2 but for rounding; every
		// assignment but all + and all − has |sum| ≤ 0.2.
		{[]float64{0.3, 0.5, 0.7}, []float64{0.1, 0.3, 0.5}, 2.0 / 8},
		// All differences 0.
		{[]float64{0.5, 0.25}, []float64{0.5, 0.25}, 1},
	} {
		got, err := PairedTest{Method: "permutation"}.P(tc.a, tc.b)
		if err != nil || math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("permutation %v − %v: got %v, %v; want %v", tc.a, tc.b, got, err, tc.want)
		}
	}
}

// TestPermutationSampled checks the sampled test against the exact one on
// 22 topics (4,194,304 assignments, enumerated here by permutationP's
// exact branch with a raised limit), within four standard errors, and that
// a seed gives one answer.
func TestPermutationSampled(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	a, b := make([]float64, 22), make([]float64, 22)
	for i := range a {
		a[i], b[i] = rng.Float64(), rng.Float64()*0.8
	}
	d := differences(a, b)
	exact := exactPermutation(d)
	test := PairedTest{Method: "permutation", Samples: 200_000, Seed: 3}
	got, err := test.P(a, b)
	if err != nil {
		t.Fatal(err)
	}
	se := math.Sqrt(exact * (1 - exact) / 200_000)
	if math.Abs(got-exact) > 4*se+1e-5 {
		t.Errorf("sampled p %v, exact %v (standard error %v)", got, exact, se)
	}
	if again, _ := test.P(a, b); again != got {
		t.Errorf("same seed: got %v, then %v", got, again)
	}
	if exact < 0.001 || exact > 0.999 {
		t.Errorf("exact p %v: the data do not test the sampling", exact)
	}
}

// exactPermutation enumerates every sign assignment of d, however many.
func exactPermutation(d []float64) float64 {
	observed, scale := 0.0, 0.0
	for _, v := range d {
		observed += v
		scale += math.Abs(v)
	}
	extreme := 0
	for m := 0; m < 1<<len(d); m++ {
		sum := 0.0
		for i, v := range d {
			if m>>i&1 == 1 {
				sum -= v
			} else {
				sum += v
			}
		}
		if math.Abs(sum) >= math.Abs(observed)-1e-12*scale {
			extreme++
		}
	}
	return float64(extreme) / float64(int(1)<<len(d))
}

// TestWilcoxon checks the signed-rank test against textbook and
// hand-computed values.
func TestWilcoxon(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b []float64
		want float64
	}{
		// Hollander and Wolfe's depression scores (R's wilcox.test example):
		// V = 40 of n = 9; 10 of the 512 assignments have V ≥ 40
		// (one-sided 0.01953 as R prints), so two-sided 20/512.
		{"Hollander-Wolfe",
			[]float64{1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30},
			[]float64{0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29},
			20.0 / 512},
		// d = 1, −1, 2, 2, 3: midranks 1.5, 1.5, 3.5, 3.5, 5, W+ = 13.5.
		// W+ ≥ 13.5 when the negated ranks sum to at most 1.5: {}, either
		// 1.5: 3 of 32; two-sided 6/32.
		{"ties", []float64{1, 0, 2, 2, 3}, []float64{0, 1, 0, 0, 0}, 6.0 / 32},
		// A zero difference is dropped: as d = 1, −1, 2, 2, 3.
		{"zero dropped", []float64{1, 0, 2, 2, 3, 0.4}, []float64{0, 1, 0, 0, 0, 0.4}, 6.0 / 32},
		// n = 2, both positive: W+ = 3 is the largest of 4: 2·1/4.
		{"two", []float64{2, 3}, []float64{1, 1}, 0.5},
		{"all zero", []float64{1, 2}, []float64{1, 2}, 1},
	} {
		got, err := PairedTest{Method: "wilcoxon"}.P(tc.a, tc.b)
		if err != nil || math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: got %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
}

// TestWilcoxonNormal checks the normal approximation, used beyond 50
// differences, against the formula worked by hand and against the exact
// distribution.
func TestWilcoxonNormal(t *testing.T) {
	// 60 differences 1, 2, …, 60 with signs: the negative ones are 1…10,
	// so W+ = 1830 − 55 = 1775; mean 60·61/4 = 915; variance
	// 60·61·121/24 = 18452.5; z = (1775 − 915 − 0.5)/√18452.5.
	d := make([]float64, 60)
	for i := range d {
		d[i] = float64(i + 1)
		if i < 10 {
			d[i] = -d[i]
		}
	}
	z := (1775 - 915 - 0.5) / math.Sqrt(18452.5)
	want := math.Erfc(z / math.Sqrt2)
	if got := wilcoxonP(d); math.Abs(got-want) > 1e-15 {
		t.Errorf("n = 60: got %v, want %v", got, want)
	}
	// Ties: 60 differences of magnitudes 1…30 twice each, the 24 smallest
	// negative; the variance loses 30·(2³−2)/48.
	for i := range d {
		d[i] = float64(i/2 + 1)
		if i < 24 {
			d[i] = -d[i]
		}
	}
	w := 0.0
	for i := 24; i < 60; i++ {
		w += 2*float64(i/2) + 1.5 // magnitude m = i/2+1 holds ranks 2m−1 and 2m
	}
	variance := 18452.5 - 30*6.0/48
	z = (w - 915 - 0.5) / math.Sqrt(variance)
	want = math.Erfc(z / math.Sqrt2)
	if got := wilcoxonP(d); math.Abs(got-want) > 1e-15 {
		t.Errorf("n = 60 with ties: got %v, want %v", got, want)
	}
	// The approximation is close to the exact value at n = 60.
	for i := range d {
		d[i] = float64(i + 1)
		if i%3 == 0 {
			d[i] = -d[i]
		}
	}
	ranks2, w2 := make([]int, 60), 0
	for i := range d {
		ranks2[i] = 2 * (i + 1)
		if d[i] > 0 {
			w2 += 2 * (i + 1)
		}
	}
	exact := wilcoxonExact(ranks2, w2)
	if got := wilcoxonP(d); math.Abs(got-exact) > 0.01 || exact < 0.01 {
		t.Errorf("n = 60: normal %v, exact %v", got, exact)
	}
}

func TestPairedTestErrors(t *testing.T) {
	if _, err := (PairedTest{Method: "sign"}).P([]float64{1, 2}, []float64{1, 2}); err == nil {
		t.Error("an unknown method: no error")
	}
	for _, m := range []string{"", "ttest", "permutation", "wilcoxon"} {
		if _, err := (PairedTest{Method: m}).P([]float64{1}, []float64{2}); !errors.Is(err, ErrTooFewTopics) {
			t.Errorf("%s of one topic: got %v, want ErrTooFewTopics", m, err)
		}
		if _, err := (PairedTest{Method: m}).P([]float64{1, 2}, []float64{2}); err == nil {
			t.Errorf("%s of unequal lengths: no error", m)
		}
	}
	if _, err := (PairedTest{Method: "permutation", Samples: -1}).P(make([]float64, 30), make([]float64, 30)); err == nil {
		t.Error("negative samples: no error")
	}
}
