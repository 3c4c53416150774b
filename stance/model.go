package stance

import (
	"context"
	"fmt"
	"io"

	"github.com/argsearch/argsearch/internal/linear"
	"github.com/argsearch/argsearch/internal/textfeat"
)

// A Model is the trained linear stance tagger: a softmax regression over
// topic-aware hashed features (see FeatureVersion) that tags a text Pro, Con
// or No (not an argument) towards a topic. The shipped model, trained on UKP
// Sentential, is loaded by models.Stance; TrainModel fits new ones.
//
// A Model is immutable and safe for concurrent use.
type Model struct {
	lin    *linear.Model
	labels []Stance // the stance of each class of lin
}

// ReadModel reads a model written by Model.WriteTo.
func ReadModel(r io.Reader) (*Model, error) {
	lin, err := linear.Read(r)
	if err != nil {
		return nil, fmt.Errorf("stance: %w", err)
	}
	return modelFromLinear(lin)
}

func modelFromLinear(lin *linear.Model) (*Model, error) {
	if v := lin.Meta("features"); v != FeatureVersion {
		return nil, fmt.Errorf("stance: %w: features %q, want %q", linear.ErrFormat, v, FeatureVersion)
	}
	m := &Model{lin: lin}
	for _, l := range lin.Labels() {
		s, err := Parse(l)
		if err != nil || s == Unknown {
			return nil, fmt.Errorf("stance: %w: class label %q", linear.ErrFormat, l)
		}
		m.labels = append(m.labels, s)
	}
	return m, nil
}

// WriteTo writes the model in the format ReadModel reads.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	n, err := m.lin.WriteTo(w)
	if err != nil {
		return n, fmt.Errorf("stance: %w", err)
	}
	return n, nil
}

// Meta returns a metadata value stored with the model, such as "trained_on".
func (m *Model) Meta(key string) string { return m.lin.Meta(key) }

// Labels returns the stances the model chooses between.
func (m *Model) Labels() []Stance { return append([]Stance(nil), m.labels...) }

// Tag returns the most probable stance of text towards topic and its
// probability. Text without a word of two or more Latin letters gets
// Unknown and 0. Only the first textfeat.MaxTokens tokens of a long text are
// read.
func (m *Model) Tag(ctx context.Context, topic, text string) (Stance, float64, error) {
	if err := ctx.Err(); err != nil {
		return Unknown, 0, err
	}
	var p [8]float64
	probs, ok := m.probabilities(newTopicTerms(topic), text, p[:0])
	if !ok {
		return Unknown, 0, nil
	}
	best := 0
	for c := 1; c < len(probs); c++ {
		if probs[c] > probs[best] {
			best = c
		}
	}
	return m.labels[best], probs[best], nil
}

// Probabilities returns the probability of each of m.Labels() for text
// towards topic, or nil when the text is not informative (see Tag).
func (m *Model) Probabilities(topic, text string) []float64 {
	p, ok := m.probabilities(newTopicTerms(topic), text, nil)
	if !ok {
		return nil
	}
	return p
}

func (m *Model) probabilities(topic topicTerms, text string, dst []float64) ([]float64, bool) {
	var buf [64]string
	toks := textfeat.Tokenize(text, buf[:0])
	if !textfeat.Informative(toks) {
		return nil, false
	}
	v := linear.NewVector(m.lin.Bits())
	stanceFeatures(topic, toks, v)
	return m.lin.Probabilities(v.Features, dst), true
}

// An Example is a training item for TrainModel.
type Example struct {
	Topic, Text string
	Stance      Stance
}

// TrainConfig configures TrainModel. The zero value trains with 2^18 hash
// buckets and the defaults of the linear machinery.
type TrainConfig struct {
	Bits         uint8   // hash bits; 0 means 18
	Epochs       int     // 0 means 8
	LearningRate float64 // 0 means 0.2
	L2           float64 // 0 means 1e-5; negative means none
	Balanced     bool    // weight every class equally
	Prune        float64 // drop weights below this magnitude
	Seed         uint64
	// TrainedOn describes the training data; it is stored with the model.
	TrainedOn string
}

// TrainModel fits a Model. The classes are the distinct stances of the
// examples, in Stance order; Unknown is not a class.
func TrainModel(ctx context.Context, examples []Example, c TrainConfig) (*Model, error) {
	bits := c.Bits
	if bits == 0 {
		bits = 18
	}
	if bits < linear.MinBits || bits > linear.MaxBits {
		return nil, fmt.Errorf("stance: train: %d hash bits, want %d to %d", bits, linear.MinBits, linear.MaxBits)
	}
	var present [No + 1]bool
	for i, e := range examples {
		if e.Stance <= Unknown || e.Stance > No {
			return nil, fmt.Errorf("stance: train: example %d has stance %v", i, e.Stance)
		}
		present[e.Stance] = true
	}
	class := map[Stance]int{}
	var labels []string
	for s := Pro; s <= No; s++ {
		if present[s] {
			class[s] = len(labels)
			labels = append(labels, s.String())
		}
	}
	topics := map[string]topicTerms{}
	xs := make([]linear.Example, 0, len(examples))
	var buf []string
	for _, e := range examples {
		t, ok := topics[e.Topic]
		if !ok {
			t = newTopicTerms(e.Topic)
			topics[e.Topic] = t
		}
		buf = textfeat.Tokenize(e.Text, buf[:0])
		v := linear.NewVector(bits)
		stanceFeatures(t, buf, v)
		xs = append(xs, linear.Example{Features: v.Features, Class: class[e.Stance]})
	}
	meta := map[string]string{"features": FeatureVersion}
	if c.TrainedOn != "" {
		meta["trained_on"] = c.TrainedOn
	}
	lin, err := linear.Train(ctx, xs, linear.TrainConfig{
		Labels: labels, Bits: bits, Epochs: c.Epochs, LearningRate: c.LearningRate, L2: c.L2,
		Balanced: c.Balanced, Prune: c.Prune, Seed: c.Seed, Meta: meta,
	})
	if err != nil {
		return nil, fmt.Errorf("stance: %w", err)
	}
	return modelFromLinear(lin)
}
