package eval_test

import (
	"errors"
	"math"
	"testing"

	"github.com/argsearch/argsearch/eval"
)

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
