package eval

import (
	"fmt"
	"math"
)

// tTest is the result of a paired two-sided Student's t-test.
type tTest struct {
	MeanDiff float64 // mean of a[i] - b[i]
	T        float64 // the t statistic; ±Inf when all differences are equal and not 0
	DF       int     // degrees of freedom, n - 1
	P        float64 // two-sided p-value
}

// pairedTTest tests whether two systems' per-topic scores differ: a[i] and
// b[i] must be the same topic's scores. It needs at least two topics. When
// every difference is 0 the result is T = 0 and P = 1; when every difference
// is the same non-zero value, T is ±Inf and P is 0.
func pairedTTest(a, b []float64) (tTest, error) {
	if len(a) != len(b) {
		return tTest{}, fmt.Errorf("eval: paired t-test: %d scores against %d", len(a), len(b))
	}
	n := len(a)
	if n < 2 {
		return tTest{}, fmt.Errorf("%w: paired t-test needs 2 topics, got %d", ErrTooFewTopics, n)
	}
	mean := 0.0
	for i := range a {
		mean += a[i] - b[i]
	}
	mean /= float64(n)
	ss := 0.0
	for i := range a {
		d := a[i] - b[i] - mean
		ss += d * d
	}
	res := tTest{MeanDiff: mean, DF: n - 1}
	se := math.Sqrt(ss / float64(n-1) / float64(n))
	switch {
	case se == 0 && mean == 0:
		res.T, res.P = 0, 1
	case se == 0:
		res.T, res.P = math.Copysign(math.Inf(1), mean), 0
	default:
		res.T = mean / se
		res.P = studentTTwoSided(res.T, float64(res.DF))
	}
	return res, nil
}

// studentTTwoSided returns P(|T| >= |t|) for Student's t distribution with
// df degrees of freedom, computed as the regularized incomplete beta
// function I_{df/(df+t²)}(df/2, 1/2).
func studentTTwoSided(t, df float64) float64 {
	if math.IsNaN(t) || math.IsNaN(df) || df <= 0 {
		return math.NaN()
	}
	if math.IsInf(t, 0) {
		return 0
	}
	return regIncBeta(df/2, 0.5, df/(df+t*t))
}

// regIncBeta returns the regularized incomplete beta function I_x(a, b) for
// a, b > 0 and 0 <= x <= 1, from its continued fraction, evaluated with the
// modified Lentz method.
func regIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	// The continued fraction converges fast for x < (a+1)/(a+b+2); use the
	// symmetry I_x(a,b) = 1 - I_{1-x}(b,a) otherwise.
	if x > (a+1)/(a+b+2) {
		return 1 - regIncBeta(b, a, 1-x)
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	return front * betaContinuedFraction(a, b, x) / a
}

// betaContinuedFraction evaluates the continued fraction
// 1/(1+ d1/(1+ d2/(1+ ...))) of the incomplete beta function, where
// d(2m+1) = -(a+m)(a+b+m)x / ((a+2m)(a+2m+1)) and
// d(2m) = m(b-m)x / ((a+2m-1)(a+2m)).
func betaContinuedFraction(a, b, x float64) float64 {
	const (
		tiny    = 1e-300
		epsilon = 1e-15
		maxIter = 1000
	)
	clamp := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	// Lentz: f = b0 + a1/(b1 + a2/(b2 + ...)) with b0 = 0 handled by
	// starting from the first term 1/(1 + d1 ...).
	c := 1.0
	d := 1 / clamp(1-(a+b)*x/(a+1))
	f := d
	for m := 1; m <= maxIter; m++ {
		fm := float64(m)
		// Even step d(2m).
		num := fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm))
		d = 1 / clamp(1+num*d)
		c = clamp(1 + num/c)
		f *= d * c
		// Odd step d(2m+1).
		num = -(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1))
		d = 1 / clamp(1+num*d)
		c = clamp(1 + num/c)
		delta := d * c
		f *= delta
		if math.Abs(delta-1) < epsilon {
			break
		}
	}
	return f
}
