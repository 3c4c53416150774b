package eval_test

import (
	"errors"
	"math"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestBonferroni(t *testing.T) {
	got := adjust(t, "bonferroni", []float64{0.01, 0.2, 0.5})
	want := []float64{0.03, 0.6, 1}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
}

func TestHolm(t *testing.T) {
	// Sorted: 0.01 ×3 = 0.03, 0.02 ×2 = 0.04, 0.04 ×1 = 0.04.
	got := adjust(t, "holm", []float64{0.04, 0.01, 0.02})
	if diff := cmp.Diff([]float64{0.04, 0.03, 0.04}, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
		t.Errorf("Holm (-want +got):\n%s", diff)
	}
	// R's p.adjust(c(0.5, 0.01, 0.5, 0.3), "holm"): sorted 0.01 ×4 = 0.04,
	// 0.3 ×3 = 0.9, 0.5 ×2 = 1, 0.5 ×1 = 0.5, raised to 1 by the one
	// before it: 1 0.04 1 0.9.
	got = adjust(t, "holm", []float64{0.5, 0.01, 0.5, 0.3})
	if diff := cmp.Diff([]float64{1, 0.04, 1, 0.9}, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
		t.Errorf("Holm (-want +got):\n%s", diff)
	}
	if got := adjust(t, "holm", nil); len(got) != 0 {
		t.Errorf("Holm(nil): got %v", got)
	}
}

func TestBootstrapCI(t *testing.T) {
	values := []float64{0.1, 0.4, 0.35, 0.8, 0.05, 0.6, 0.2, 0.9, 0.45, 0.3}
	b := eval.Bootstrap{Seed: 42}
	got, err := b.CI(values)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.Mean-0.415) > 1e-12 {
		t.Errorf("Mean: got %v, want 0.415", got.Mean)
	}
	// The percentile interval of a mean of 10 values with sd 0.28 is about
	// mean ± 1.96·0.28/sqrt(10)·sqrt(9/10) = ± 0.16.
	if !(got.Low < got.Mean && got.Mean < got.High) || math.Abs(got.Low-0.25) > 0.04 || math.Abs(got.High-0.58) > 0.04 {
		t.Errorf("got %+v, want about [0.25, 0.58] around the mean", got)
	}
	again, _ := b.CI(values)
	if again != got {
		t.Errorf("same seed: got %+v, then %+v", got, again)
	}
	other, _ := eval.Bootstrap{Seed: 43}.CI(values)
	if other == got {
		t.Errorf("another seed gave the identical interval %+v", got)
	}
	constant, _ := b.CI([]float64{0.5, 0.5, 0.5})
	if constant != (eval.Interval{Mean: 0.5, Low: 0.5, High: 0.5}) {
		t.Errorf("constant values: got %+v, want all 0.5", constant)
	}
	narrow, _ := eval.Bootstrap{Seed: 42, Confidence: 0.5, Resamples: 2000}.CI(values)
	if !(narrow.Low > got.Low && narrow.High < got.High) {
		t.Errorf("50%% interval %+v is not inside the 95%% one %+v", narrow, got)
	}
	if _, err := b.CI(nil); !errors.Is(err, eval.ErrTooFewTopics) {
		t.Errorf("no values: got error %v, want ErrTooFewTopics", err)
	}
	if _, err := (eval.Bootstrap{Confidence: 1.5}).CI(values); err == nil {
		t.Error("confidence 1.5: got no error")
	}
}

// adjust returns eval.Adjust's p-values, failing the test on an error.
func adjust(t *testing.T, method string, p []float64) []float64 {
	t.Helper()
	q, err := eval.Adjust(p, method)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestAdjustNone(t *testing.T) {
	p := []float64{0.04, 0.5}
	got := adjust(t, "none", p)
	if diff := cmp.Diff(p, got); diff != "" {
		t.Errorf("none (-want +got):\n%s", diff)
	}
	if _, err := eval.Adjust(p, "sidak"); err == nil {
		t.Error("sidak: got no error")
	}
}
