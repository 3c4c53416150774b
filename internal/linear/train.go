package linear

import (
	"context"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
)

// An Example is one training item: its features and its class, an index into
// TrainConfig.Labels.
type Example struct {
	Features []Feature
	Class    int
}

// TrainConfig configures Train. The zero value of each numeric field selects
// the documented default.
type TrainConfig struct {
	// Labels names the classes; there must be at least two.
	Labels []string
	// Bits is the number of hash bits the examples' features were made
	// with; 0 means 18.
	Bits uint8
	// Epochs is the number of passes over the examples; 0 means 8.
	Epochs int
	// LearningRate is the initial SGD step size; 0 means 0.2. Epoch e
	// (counting from 0) uses LearningRate / (1 + e).
	LearningRate float64
	// L2 is the L2 regularisation strength per example; 0 means 1e-5 and a
	// negative value turns regularisation off.
	L2 float64
	// Balanced weights each example by N / (K * count of its class), so that
	// every class carries the same total weight, as scikit-learn's
	// class_weight="balanced" does.
	Balanced bool
	// Prune zeroes weights whose magnitude is below it after training, to
	// make model files smaller; 0 keeps every weight.
	Prune float64
	// Seed seeds the shuffling of the examples.
	Seed uint64
	// Meta is stored with the model (for example the name and version of the
	// feature extractor the examples came from).
	Meta map[string]string
}

// Train fits a model to the examples. It checks ctx between epochs.
func Train(ctx context.Context, examples []Example, c TrainConfig) (*Model, error) {
	if len(c.Labels) < 2 {
		return nil, fmt.Errorf("linear: train: %d labels, need at least 2", len(c.Labels))
	}
	if len(examples) == 0 {
		return nil, ErrNoExamples
	}
	bits := c.Bits
	if bits == 0 {
		bits = 18
	}
	if bits < MinBits || bits > MaxBits {
		return nil, fmt.Errorf("linear: train: %d hash bits, want %d to %d", bits, MinBits, MaxBits)
	}
	epochs := c.Epochs
	if epochs <= 0 {
		epochs = 8
	}
	lr0 := c.LearningRate
	if lr0 <= 0 {
		lr0 = 0.2
	}
	l2 := c.L2
	if l2 == 0 {
		l2 = 1e-5
	} else if l2 < 0 {
		l2 = 0
	}
	k := len(c.Labels)
	counts := make([]int, k)
	for i, e := range examples {
		if e.Class < 0 || e.Class >= k {
			return nil, fmt.Errorf("linear: train: example %d has class %d of %d", i, e.Class, k)
		}
		counts[e.Class]++
	}
	classWeight := make([]float64, k)
	for cl := range classWeight {
		classWeight[cl] = 1
		if c.Balanced && counts[cl] > 0 {
			classWeight[cl] = float64(len(examples)) / float64(k*counts[cl])
		}
	}

	mask := uint32(1)<<bits - 1
	n := 1 << bits
	v := make([]float64, n*k) // true weight = scale * v
	bias := make([]float64, k)
	scale := 1.0
	order := make([]int, len(examples))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x9e3779b97f4a7c15))
	p := make([]float64, k)
	for epoch := range epochs {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("linear: train: %w", err)
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := lr0 / float64(1+epoch)
		for _, i := range order {
			e := examples[i]
			// Forward pass.
			copy(p, bias)
			for _, f := range e.Features {
				row := v[int(f.Index&mask)*k:][:k]
				x := scale * float64(f.Value)
				for cl, w := range row {
					p[cl] += w * x
				}
			}
			softmax(p)
			// Regularisation shrinks every weight: fold it into scale.
			if l2 > 0 {
				scale *= 1 - lr*l2
				if scale < 1e-9 {
					for j := range v {
						v[j] *= scale
					}
					scale = 1
				}
			}
			// Gradient step.
			cw := classWeight[e.Class]
			for cl := range p {
				g := p[cl]
				if cl == e.Class {
					g--
				}
				g *= cw * lr
				p[cl] = g
				bias[cl] -= g
			}
			for _, f := range e.Features {
				row := v[int(f.Index&mask)*k:][:k]
				x := float64(f.Value) / scale
				for cl := range row {
					row[cl] -= p[cl] * x
				}
			}
		}
	}
	m := &Model{
		labels:  append([]string(nil), c.Labels...),
		bits:    bits,
		meta:    maps.Clone(c.Meta),
		weights: make([]float32, n*k),
		bias:    make([]float32, k),
	}
	if m.meta == nil {
		m.meta = map[string]string{}
	}
	for j, w := range v {
		w *= scale
		if math.Abs(w) < c.Prune {
			w = 0
		}
		m.weights[j] = float32(w)
	}
	for cl, b := range bias {
		m.bias[cl] = float32(b)
	}
	return m, nil
}
