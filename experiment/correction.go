package experiment

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/argsearch/argsearch/internal/quote"
)

// adjust returns p-values adjusted for testing them all at once, by a
// method (Experiment.Correction):
//
//   - "bonferroni" (or ""): each multiplied by their number and capped at 1;
//   - "holm": Holm's step-down method, in the order given: the i-th
//     smallest (from 0) is multiplied by m−i, the results are made
//     non-decreasing in that order, and capped at 1. It controls the
//     family-wise error rate as Bonferroni's does, and rejects at least as
//     much. Equal p-values are adjusted alike;
//   - "none": unchanged (a copy).
//
// Another method is an error.
func adjust(p []float64, method string) ([]float64, error) {
	switch method {
	case "", "bonferroni":
		return bonferroni(p), nil
	case "holm":
		return holm(p), nil
	case "none":
		return slices.Clone(p), nil
	}
	return nil, fmt.Errorf("experiment: correction %s, want bonferroni, holm or none", quote.Q(method))
}

// bonferroni returns the p-values multiplied by their number and capped at
// 1.
func bonferroni(p []float64) []float64 {
	out := make([]float64, len(p))
	m := float64(len(p))
	for i, v := range p {
		out[i] = math.Min(1, v*m)
	}
	return out
}

// holm returns the p-values adjusted by Holm's step-down method (see
// adjust).
func holm(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(p[a], p[b]) })
	out := make([]float64, m)
	running := 0.0
	for rank, i := range order {
		running = math.Max(running, math.Min(1, p[i]*float64(m-rank)))
		out[i] = running
	}
	return out
}
