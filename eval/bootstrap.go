package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// defaultResamples is the number of bootstrap resamples used when
// Bootstrap.Resamples is 0.
const defaultResamples = 10000

// Bootstrap configures percentile bootstrap confidence intervals for a mean
// over topics. The zero value gives 95% intervals from 10,000 resamples with
// seed 0. The same configuration and values always give the same interval.
type Bootstrap struct {
	// Resamples is the number of resamples; 0 means 10,000.
	Resamples int
	// Seed seeds the PCG generator that draws the resamples.
	Seed uint64
	// Confidence is the coverage of the interval; 0 means 0.95.
	Confidence float64
}

// Interval is a mean and its confidence interval.
type Interval struct {
	Mean, Low, High float64
}

// CI returns the mean of values (one per topic) and its percentile
// bootstrap confidence interval: values are resampled with replacement
// Resamples times, and Low and High are the (1-Confidence)/2 and
// (1+Confidence)/2 quantiles of the resampled means, interpolated linearly
// between order statistics (R's type 7, NumPy's default). It needs at least
// one value.
func (b Bootstrap) CI(values []float64) (Interval, error) {
	n := len(values)
	if n == 0 {
		return Interval{}, fmt.Errorf("%w: bootstrap needs at least one value", ErrTooFewTopics)
	}
	resamples := b.Resamples
	if resamples == 0 {
		resamples = defaultResamples
	}
	if resamples < 0 {
		return Interval{}, fmt.Errorf("eval: bootstrap: negative resamples %d", resamples)
	}
	conf := b.Confidence
	if conf == 0 {
		conf = 0.95
	}
	if !(conf > 0 && conf < 1) {
		return Interval{}, fmt.Errorf("eval: bootstrap: confidence %v not in (0, 1)", conf)
	}
	mean := 0.0
	for _, v := range values {
		mean += v
	}
	mean /= float64(n)

	rng := rand.New(rand.NewPCG(b.Seed, 0x9e3779b97f4a7c15))
	means := make([]float64, resamples)
	for r := range means {
		sum := 0.0
		for range n {
			sum += values[rng.IntN(n)]
		}
		means[r] = sum / float64(n)
	}
	slices.Sort(means)
	alpha := (1 - conf) / 2
	return Interval{Mean: mean, Low: quantile(means, alpha), High: quantile(means, 1-alpha)}, nil
}

// quantile returns the p-quantile of sorted values by linear interpolation
// between order statistics (type 7).
func quantile(sorted []float64, p float64) float64 {
	h := p * float64(len(sorted)-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (h-lo)*(sorted[i+1]-sorted[i])
}
