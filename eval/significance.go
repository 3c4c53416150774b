package eval

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/argsearch/argsearch/internal/quote"
)

// The methods of a PairedTest.
const (
	methodTTest       = "ttest"
	methodPermutation = "permutation"
	methodWilcoxon    = "wilcoxon"
)

// defaultPermutations is the number of random sign flips of a permutation
// test that does not enumerate them all, when PairedTest.Samples is 0.
const defaultPermutations = 100_000

// maxExactPermutations is the largest number of topics whose 2^n sign
// flips a permutation test enumerates (about a million).
const maxExactPermutations = 20

// maxExactWilcoxon is the largest number of non-zero differences whose
// exact distribution the signed-rank test computes; more use the normal
// approximation.
const maxExactWilcoxon = 50

// A PairedTest is a two-sided test of whether two systems' per-topic scores
// differ, a[i] and b[i] being the same topic's scores. The zero value is
// the paired t-test.
//
// Method names the test:
//
//   - "ttest" (or ""): Student's paired t-test. When every difference is
//     the same non-zero value, p is 0.
//   - "permutation": the paired randomization test (Fisher's; Smucker,
//     Allan and Carterette, "A comparison of statistical significance tests
//     for information retrieval evaluation", CIKM 2007). Under the null
//     hypothesis the sign of each topic's difference a[i]−b[i] is a coin
//     flip; the p-value is the share of sign assignments whose mean
//     difference is at least as far from 0 as the observed one. With at
//     most 20 topics all 2^n assignments are enumerated (exact); with more,
//     Samples random assignments (0 means 100,000) are drawn from a PCG
//     generator seeded with Seed, and p = (1 + extreme draws) / (1 +
//     Samples), which is never 0 (Phipson and Smyth, 2010).
//   - "wilcoxon": Wilcoxon's signed-rank test. Differences of 0 are dropped
//     (Wilcoxon's own rule, R's wilcox.test and SciPy's default); the
//     absolute differences left are ranked, ties getting the mean of their
//     ranks; the statistic is the sum of the ranks of the positive
//     differences. With at most 50 non-zero differences p is exact: the
//     statistic's distribution over all 2^n sign assignments of those very
//     ranks (ties included) is computed by counting. With more it is the
//     normal approximation with the variance corrected for ties and a
//     continuity correction of 1/2 (as R's wilcox.test with exact = FALSE).
//     The two-sided p is twice the smaller tail, capped at 1.
//
// Differences within 1e-12 of the largest absolute difference of each
// other count as equal (and as 0 when that close to 0), so that rounding
// in the scores makes no ties apart. Every test needs two topics or more;
// when every difference is 0, p is 1.
type PairedTest struct {
	// Method is "ttest" (""), "permutation" or "wilcoxon".
	Method string
	// Samples is the number of random sign assignments a permutation test
	// draws when there are too many topics to enumerate; 0 means 100,000.
	Samples int
	// Seed seeds those draws. The same seed and scores give the same p.
	Seed uint64
}

// name names the test in messages: "t-test", "permutation test" or
// "Wilcoxon signed-rank test".
func (t PairedTest) name() string {
	switch t.Method {
	case methodPermutation:
		return "permutation test"
	case methodWilcoxon:
		return "Wilcoxon signed-rank test"
	}
	return "t-test"
}

// P returns the two-sided p-value of the test of a against b.
func (t PairedTest) P(a, b []float64) (float64, error) {
	if len(a) != len(b) {
		return 0, fmt.Errorf("eval: paired %s: %d scores against %d", t.name(), len(a), len(b))
	}
	if len(a) < 2 {
		return 0, fmt.Errorf("%w: paired %s needs 2 topics, got %d", ErrTooFewTopics, t.name(), len(a))
	}
	switch t.Method {
	case "", methodTTest:
		r, err := pairedTTest(a, b)
		return r.P, err
	case methodPermutation:
		if t.Samples < 0 {
			return 0, fmt.Errorf("eval: permutation test: negative samples %d", t.Samples)
		}
		return permutationP(differences(a, b), cmpOrInt(t.Samples, defaultPermutations), t.Seed), nil
	case methodWilcoxon:
		return wilcoxonP(differences(a, b)), nil
	}
	return 0, fmt.Errorf("eval: paired test %s, want ttest, permutation or wilcoxon", quote.Q(t.Method))
}

func cmpOrInt(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

// differences returns a[i]−b[i], with those within 1e-12 of the largest
// absolute difference of 0 set to 0.
func differences(a, b []float64) []float64 {
	d := make([]float64, len(a))
	largest := 0.0
	for i := range a {
		d[i] = a[i] - b[i]
		largest = math.Max(largest, math.Abs(d[i]))
	}
	for i := range d {
		if math.Abs(d[i]) <= 1e-12*largest {
			d[i] = 0
		}
	}
	return d
}

// permutationP is the two-sided p of the paired randomization test of the
// differences d: exact for at most maxExactPermutations of them, else from
// samples random sign assignments.
func permutationP(d []float64, samples int, seed uint64) float64 {
	observed, scale := 0.0, 0.0
	for _, v := range d {
		observed += v
		scale += math.Abs(v)
	}
	if scale == 0 {
		return 1
	}
	// A sum at least |observed| − tol is as extreme: sums of the same
	// magnitudes in another order may differ in their last bits.
	threshold := math.Abs(observed) - 1e-12*scale
	n := len(d)
	if n <= maxExactPermutations {
		// Walk the sign assignments in Gray code order: each step flips one
		// sign, so the sum is updated, not recomputed.
		sum := observed // all signs +
		extreme := 0
		total := 1 << n
		signs := make([]bool, n) // true: flipped to −
		for i := 0; i < total; i++ {
			if i > 0 {
				j := bits.TrailingZeros(uint(i))
				if signs[j] {
					sum += 2 * d[j]
				} else {
					sum -= 2 * d[j]
				}
				signs[j] = !signs[j]
			}
			if math.Abs(sum) >= threshold {
				extreme++
			}
		}
		return float64(extreme) / float64(total)
	}
	rng := rand.New(rand.NewPCG(seed, 0x853c49e6748fea9b))
	extreme := 0
	for range samples {
		sum := 0.0
		var word uint64
		for i, v := range d {
			if i%64 == 0 {
				word = rng.Uint64()
			}
			if word&1 == 1 {
				sum -= v
			} else {
				sum += v
			}
			word >>= 1
		}
		if math.Abs(sum) >= threshold {
			extreme++
		}
	}
	return float64(1+extreme) / float64(1+samples)
}

// wilcoxonP is the two-sided p of Wilcoxon's signed-rank test of the
// differences d (see PairedTest).
func wilcoxonP(d []float64) float64 {
	largest := 0.0
	var nonzero []float64
	for _, v := range d {
		if v != 0 {
			nonzero = append(nonzero, v)
			largest = math.Max(largest, math.Abs(v))
		}
	}
	n := len(nonzero)
	if n == 0 {
		return 1
	}
	// Rank the absolute differences; ties (within 1e-12 of the largest)
	// get the mean of their ranks. ranks2 holds twice the ranks, which are
	// whole numbers.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := math.Abs(nonzero[i]), math.Abs(nonzero[j])
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	})
	ranks2 := make([]int, n)
	tieTerm := 0.0 // Σ (t³ − t) over the groups of ties
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && math.Abs(nonzero[order[hi]])-math.Abs(nonzero[order[lo]]) <= 1e-12*largest {
			hi++
		}
		// Ranks lo+1 … hi share their mean, (lo+1+hi)/2.
		for i := lo; i < hi; i++ {
			ranks2[order[i]] = lo + 1 + hi
		}
		t := float64(hi - lo)
		tieTerm += t*t*t - t
		lo = hi
	}
	w2 := 0 // twice the sum of the ranks of the positive differences
	for i, v := range nonzero {
		if v > 0 {
			w2 += ranks2[i]
		}
	}
	if n <= maxExactWilcoxon {
		return wilcoxonExact(ranks2, w2)
	}
	fn := float64(n)
	mean := fn * (fn + 1) / 4
	variance := fn*(fn+1)*(2*fn+1)/24 - tieTerm/48
	if variance <= 0 {
		return 1
	}
	z := float64(w2)/2 - mean
	if z != 0 {
		z -= math.Copysign(0.5, z) // continuity correction, as R's
	}
	return math.Min(1, math.Erfc(math.Abs(z)/math.Sqrt(variance)/math.Sqrt2))
}

// wilcoxonExact returns the two-sided p of a doubled signed-rank sum w2
// among all sign assignments of the doubled ranks ranks2: twice the
// smaller of P(W ≤ w2) and P(W ≥ w2), capped at 1.
func wilcoxonExact(ranks2 []int, w2 int) float64 {
	total := 0
	for _, r := range ranks2 {
		total += r
	}
	// count[s] is the number of sign assignments whose positive ranks sum
	// to s (doubled); float64 counts are exact up to 2^53.
	count := make([]float64, total+1)
	count[0] = 1
	reach := 0
	for _, r := range ranks2 {
		reach += r
		for s := reach; s >= r; s-- {
			count[s] += count[s-r]
		}
	}
	var below, above, all float64
	for s, c := range count {
		all += c
		if s <= w2 {
			below += c
		}
		if s >= w2 {
			above += c
		}
	}
	return math.Min(1, 2*math.Min(below, above)/all)
}
