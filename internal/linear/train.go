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
	c, err := c.withDefaults()
	if err != nil {
		return nil, err
	}
	classWeight, err := classWeights(examples, len(c.Labels), c.Balanced)
	if err != nil {
		return nil, err
	}
	s := newSGD(c.Bits, len(c.Labels))
	order := make([]int, len(examples))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x9e3779b97f4a7c15))
	for epoch := range c.Epochs {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("linear: train: %w", err)
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := c.LearningRate / float64(1+epoch)
		for _, i := range order {
			e := examples[i]
			s.step(e, lr, c.L2, classWeight[e.Class])
		}
	}
	return s.model(c), nil
}

// withDefaults returns c with its zero numeric fields set to their
// defaults (and a negative L2 to 0), or an error for Bits out of range.
func (c TrainConfig) withDefaults() (TrainConfig, error) {
	if c.Bits == 0 {
		c.Bits = 18
	}
	if c.Bits < MinBits || c.Bits > MaxBits {
		return c, fmt.Errorf("linear: train: %d hash bits, want %d to %d", c.Bits, MinBits, MaxBits)
	}
	if c.Epochs <= 0 {
		c.Epochs = 8
	}
	if c.LearningRate <= 0 {
		c.LearningRate = 0.2
	}
	if c.L2 == 0 {
		c.L2 = 1e-5
	} else if c.L2 < 0 {
		c.L2 = 0
	}
	return c, nil
}

// classWeights returns the weight of each of k classes: 1, or with
// balanced N / (k * count of the class). An example whose class is not
// one of the k is an error.
func classWeights(examples []Example, k int, balanced bool) ([]float64, error) {
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
		if balanced && counts[cl] > 0 {
			classWeight[cl] = float64(len(examples)) / float64(k*counts[cl])
		}
	}
	return classWeight, nil
}

// sgd is the state of stochastic gradient descent on the softmax loss
// over k classes and 2^bits hashed features. The true weights are
// scale·v, so that L2 regularisation, which shrinks every weight, costs one
// multiplication per example.
type sgd struct {
	k     int
	mask  uint32
	v     []float64 // feature index·k + class
	bias  []float64
	scale float64
	p     []float64 // scratch: the probabilities, then the gradient
}

func newSGD(bits uint8, k int) *sgd {
	n := 1 << bits
	return &sgd{
		k:     k,
		mask:  uint32(1)<<bits - 1,
		v:     make([]float64, n*k),
		bias:  make([]float64, k),
		scale: 1,
		p:     make([]float64, k),
	}
}

// step takes one gradient step on example e, weighted by cw, with
// learning rate lr and L2 strength l2.
func (s *sgd) step(e Example, lr, l2, cw float64) {
	k, mask, v, p := s.k, s.mask, s.v, s.p
	// Forward pass.
	copy(p, s.bias)
	for _, f := range e.Features {
		row := v[int(f.Index&mask)*k:][:k]
		x := s.scale * float64(f.Value)
		for cl, w := range row {
			p[cl] += w * x
		}
	}
	softmax(p)
	// Regularisation shrinks every weight: fold it into scale.
	if l2 > 0 {
		s.scale *= 1 - lr*l2
		if s.scale < 1e-9 {
			for j := range v {
				v[j] *= s.scale
			}
			s.scale = 1
		}
	}
	// Gradient step.
	for cl := range p {
		g := p[cl]
		if cl == e.Class {
			g--
		}
		g *= cw * lr
		p[cl] = g
		s.bias[cl] -= g
	}
	for _, f := range e.Features {
		row := v[int(f.Index&mask)*k:][:k]
		x := float64(f.Value) / s.scale
		for cl := range row {
			row[cl] -= p[cl] * x
		}
	}
}

// model returns the trained weights as a Model of c's labels, bits and
// meta, zeroing those below c.Prune in magnitude.
func (s *sgd) model(c TrainConfig) *Model {
	m := &Model{
		labels:  append([]string(nil), c.Labels...),
		bits:    c.Bits,
		meta:    maps.Clone(c.Meta),
		weights: make([]float32, len(s.v)),
		bias:    make([]float32, s.k),
	}
	if m.meta == nil {
		m.meta = map[string]string{}
	}
	for j, w := range s.v {
		w *= s.scale
		if math.Abs(w) < c.Prune {
			w = 0
		}
		m.weights[j] = float32(w)
	}
	for cl, b := range s.bias {
		m.bias[cl] = float32(b)
	}
	return m
}
