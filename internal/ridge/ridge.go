// Package ridge fits linear models by least squares with a ridge penalty,
// for the module's two small regressions: eval's fitted estimate of
// unjudged pairs and eval/unjudged's predictor.
package ridge

import "math"

// Fit solves least squares for y ≈ w · x with lambda added to the diagonal
// of the normal equations for every weight but the first (x[i][0] is 1, the
// intercept, which is not penalised). It solves (XᵀX + λ) w = Xᵀy by
// Gauss–Jordan elimination with partial pivoting, summing in a fixed order,
// so the same input gives the same weights bit for bit. A weight whose
// pivot is zero (a feature that is 0 in every row, with lambda 0) is 0.
// x must hold at least one row, all of the same length.
func Fit(x [][]float64, y []float64, lambda float64) []float64 {
	n := len(x[0])
	a := make([][]float64, n)
	for r := range a {
		a[r] = make([]float64, n+1)
	}
	for i, row := range x {
		for r := range n {
			for c := range n {
				a[r][c] += row[r] * row[c]
			}
			a[r][n] += row[r] * y[i]
		}
	}
	for r := 1; r < n; r++ {
		a[r][r] += lambda
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if a[c][c] == 0 {
			continue
		}
		for r := range n {
			if r == c {
				continue
			}
			k := a[r][c] / a[c][c]
			for cc := c; cc <= n; cc++ {
				a[r][cc] -= k * a[c][cc]
			}
		}
	}
	w := make([]float64, n)
	for r := range n {
		if a[r][r] != 0 {
			w[r] = a[r][n] / a[r][r]
		}
	}
	return w
}
