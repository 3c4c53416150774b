package linear

import "math"

// Normalize scales the vector's values to unit Euclidean length (summing the
// values of repeated buckets first is not needed: the norm is over the
// features as added). An empty or all-zero vector is left unchanged.
func (v *Vector) Normalize() {
	s := 0.0
	for _, f := range v.Features {
		s += float64(f.Value) * float64(f.Value)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v.Features {
		v.Features[i].Value *= inv
	}
}
