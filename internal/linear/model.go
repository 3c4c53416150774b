package linear

import (
	"math"
)

// A Model is a multinomial logistic regression over hashed features.
type Model struct {
	labels []string
	bits   uint8
	meta   map[string]string
	// weights[i*K+k] is bucket i's weight for class k; bias[k] class k's bias.
	weights []float32
	bias    []float32
}

// Labels returns the class labels, in the order of the probabilities that
// Probabilities returns.
func (m *Model) Labels() []string { return append([]string(nil), m.labels...) }

// Bits returns the number of hash bits the model expects its features in.
func (m *Model) Bits() uint8 { return m.bits }

// Meta returns the metadata value stored under key ("" when absent).
func (m *Model) Meta(key string) string { return m.meta[key] }

// NonZero returns the number of hash buckets with a non-zero weight.
func (m *Model) NonZero() int {
	k := len(m.labels)
	n := 0
	for i := 0; i < len(m.weights); i += k {
		for _, w := range m.weights[i : i+k] {
			if w != 0 {
				n++
				break
			}
		}
	}
	return n
}

// Scores writes each class's raw score (bias plus weighted feature sum) for
// the features to dst, which is grown as needed, and returns it.
func (m *Model) Scores(features []Feature, dst []float64) []float64 {
	k := len(m.labels)
	dst = dst[:0]
	for _, b := range m.bias {
		dst = append(dst, float64(b))
	}
	mask := uint32(1)<<m.bits - 1
	for _, f := range features {
		row := m.weights[int(f.Index&mask)*k:][:k]
		for c, w := range row {
			dst[c] += float64(w) * float64(f.Value)
		}
	}
	return dst
}

// Probabilities writes the class probabilities for the features to dst,
// which is grown as needed, and returns it. They sum to 1.
func (m *Model) Probabilities(features []Feature, dst []float64) []float64 {
	dst = m.Scores(features, dst)
	softmax(dst)
	return dst
}

// Predict returns the index of the most probable class and its probability.
// Ties go to the class listed first.
func (m *Model) Predict(features []Feature) (class int, probability float64) {
	var buf [8]float64
	p := m.Probabilities(features, buf[:0])
	best := 0
	for c := 1; c < len(p); c++ {
		if p[c] > p[best] {
			best = c
		}
	}
	return best, p[best]
}

// softmax turns scores into probabilities in place.
func softmax(s []float64) {
	mx := math.Inf(-1)
	for _, v := range s {
		if v > mx {
			mx = v
		}
	}
	sum := 0.0
	for i, v := range s {
		e := math.Exp(v - mx)
		s[i] = e
		sum += e
	}
	for i := range s {
		s[i] /= sum
	}
}
