// Package argumentative scores how argumentative a sentence is: whether it
// states a claim or a reason for or against something (an argument in the
// sense of the UKP Sentential corpus) rather than background, a question or
// debate noise.
//
// The Model is a logistic regression over hashed word uni- and bigrams and a
// few cue counts (see package internal/linear). The shipped model, trained
// on UKP Sentential, is loaded by models.Argumentative; Train fits new ones.
//
// A Model is immutable and safe for concurrent use.
package argumentative

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/argsearch/argsearch/internal/linear"
	"github.com/argsearch/argsearch/internal/textfeat"
)

// FeatureVersion names the feature extractor; it is stored in model files
// and checked by Read, so a model is never used with features it was not
// trained on.
const FeatureVersion = "argumentative/1"

// The two class labels of a model.
const (
	LabelArgument   = "argument"
	LabelNoArgument = "none"
)

// DefaultThreshold is the score at or above which Classify calls a text an
// argument.
const DefaultThreshold = 0.5

// A Model scores texts for argumentativeness.
type Model struct {
	lin      *linear.Model
	argument int // index of LabelArgument among the model's labels
	// Threshold is the score at or above which Classify says "argument";
	// 0 means DefaultThreshold.
	Threshold float64
}

// Read reads a model written by WriteTo.
func Read(r io.Reader) (*Model, error) {
	lin, err := linear.Read(r)
	if err != nil {
		return nil, fmt.Errorf("argumentative: %w", err)
	}
	return fromLinear(lin)
}

func fromLinear(lin *linear.Model) (*Model, error) {
	if v := lin.Meta("features"); v != FeatureVersion {
		return nil, fmt.Errorf("argumentative: %w: features %q, want %q", linear.ErrFormat, v, FeatureVersion)
	}
	m := &Model{lin: lin, argument: -1}
	labels := lin.Labels()
	for i, l := range labels {
		if l == LabelArgument {
			m.argument = i
		}
	}
	if len(labels) != 2 || m.argument < 0 {
		return nil, fmt.Errorf("argumentative: %w: labels %q, want %q and %q", linear.ErrFormat, labels, LabelArgument, LabelNoArgument)
	}
	return m, nil
}

// WriteTo writes the model in the format Read reads.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	n, err := m.lin.WriteTo(w)
	if err != nil {
		return n, fmt.Errorf("argumentative: %w", err)
	}
	return n, nil
}

// Meta returns a metadata value stored with the model, such as "trained_on".
func (m *Model) Meta(key string) string { return m.lin.Meta(key) }

// Score returns the probability that text is an argument, in [0, 1]. Text
// without a word of two or more Latin letters (empty, punctuation, URLs,
// numbers, non-Latin script) scores 0. Only the first textfeat.MaxTokens
// tokens of a long text are read.
func (m *Model) Score(text string) float64 {
	var buf [64]string
	toks := textfeat.Tokenize(text, buf[:0])
	if !textfeat.Informative(toks) {
		return 0
	}
	v := linear.NewVector(m.lin.Bits())
	Features(toks, v)
	var p [2]float64
	return m.lin.Probabilities(v.Features, p[:0])[m.argument]
}

// Classify reports whether text is an argument (its Score is at least the
// threshold) and the Score.
func (m *Model) Classify(text string) (bool, float64) {
	t := m.Threshold
	if t == 0 {
		t = DefaultThreshold
	}
	s := m.Score(text)
	return s >= t, s
}

// Features adds the argumentativeness features of the tokens (from
// textfeat.Tokenize) to v and normalises it: word unigrams, bigrams with
// sentence boundaries, a length bucket, and counts of sentiment, negation and
// direction cues.
func Features(toks []string, v *linear.Vector) {
	prev := "<s>"
	pos, neg, negation, dir := 0, 0, 0, 0
	for _, t := range toks {
		v.Add2(1, "u", t)
		v.Add3(1, "b", prev, t)
		prev = t
		switch textfeat.Sentiment(t) {
		case 1:
			pos++
		case -1:
			neg++
		}
		if textfeat.IsNegation(t) {
			negation++
		}
		if textfeat.Direction(t) != 0 {
			dir++
		}
	}
	v.Add3(1, "b", prev, "</s>")
	v.Add2(1, "len", lengthBucket(len(toks)))
	v.Add2(1, "pos", strconv.Itoa(min(pos, 3)))
	v.Add2(1, "neg", strconv.Itoa(min(neg, 3)))
	v.Add2(1, "negation", strconv.Itoa(min(negation, 2)))
	v.Add2(1, "dir", strconv.Itoa(min(dir, 2)))
	v.Normalize()
}

func lengthBucket(n int) string {
	switch {
	case n <= 5:
		return "0-5"
	case n <= 10:
		return "6-10"
	case n <= 20:
		return "11-20"
	case n <= 40:
		return "21-40"
	}
	return "41+"
}

// An Example is a training text and whether it is an argument.
type Example struct {
	Text     string
	Argument bool
}

// TrainConfig configures Train. Its zero value trains with the defaults of
// linear.TrainConfig and 2^18 hash buckets.
type TrainConfig struct {
	Bits         uint8   // hash bits; 0 means 18
	Epochs       int     // 0 means 8
	LearningRate float64 // 0 means 0.2
	L2           float64 // 0 means 1e-5; negative means none
	Balanced     bool    // weight the two classes equally
	Prune        float64 // drop weights below this magnitude from the file
	Seed         uint64
	// TrainedOn describes the training data; it is stored with the model.
	TrainedOn string
}

// Train fits a model to the examples.
func Train(ctx context.Context, examples []Example, c TrainConfig) (*Model, error) {
	bits := c.Bits
	if bits == 0 {
		bits = 18
	}
	if bits < linear.MinBits || bits > linear.MaxBits {
		return nil, fmt.Errorf("argumentative: train: %d hash bits, want %d to %d", bits, linear.MinBits, linear.MaxBits)
	}
	xs := make([]linear.Example, 0, len(examples))
	var buf []string
	for _, e := range examples {
		buf = textfeat.Tokenize(e.Text, buf[:0])
		v := linear.NewVector(bits)
		Features(buf, v)
		class := 1
		if e.Argument {
			class = 0
		}
		xs = append(xs, linear.Example{Features: v.Features, Class: class})
	}
	meta := map[string]string{"features": FeatureVersion}
	if c.TrainedOn != "" {
		meta["trained_on"] = c.TrainedOn
	}
	lin, err := linear.Train(ctx, xs, linear.TrainConfig{
		Labels: []string{LabelArgument, LabelNoArgument}, Bits: bits, Epochs: c.Epochs,
		LearningRate: c.LearningRate, L2: c.L2, Balanced: c.Balanced, Prune: c.Prune, Seed: c.Seed, Meta: meta,
	})
	if err != nil {
		return nil, fmt.Errorf("argumentative: %w", err)
	}
	return fromLinear(lin)
}
