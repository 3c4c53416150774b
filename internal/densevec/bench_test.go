package densevec

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkSearch times a top-1000 search of 200,000 random rows of 100
// dimensions, scoring every row and with the 8-bit copy.
func BenchmarkSearch(b *testing.B) {
	for _, quant := range []bool{false, true} {
		x := randomIndex(rand.New(rand.NewPCG(1, 1)), 200000, 100, quant)
		r := rand.New(rand.NewPCG(2, 2))
		qv := make([]float32, 100)
		for j := range qv {
			qv[j] = float32(r.NormFloat64()) + 0.5
		}
		qv = Normalized(nil, qv)
		name := "every-row"
		if quant {
			name = "8-bit"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := x.search(context.Background(), qv, 1000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
