package classify

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/internal/linear"
)

// errFormat is wrapped by the errors of ReadArgumentModel and
// ReadStanceModel for a file that is not a model of the kind asked for, or
// is truncated or corrupt.
var errFormat = linear.ErrFormat

// TrainConfig configures TrainArgumentModel and TrainStanceModel. The zero
// value trains with 2^18 hash buckets, 8 epochs, a learning rate of 0.2 and
// an L2 penalty of 1e-5.
type TrainConfig struct {
	Bits         uint8   // hash bits; 0 means 18
	Epochs       int     // 0 means 8
	LearningRate float64 // 0 means 0.2
	L2           float64 // 0 means 1e-5; negative means none
	Balanced     bool    // weight every class equally
	Prune        float64 // drop weights below this magnitude from the file
	Seed         uint64  // seeds the order examples are visited in
	// TrainedOn describes the training data; it is stored with the model.
	TrainedOn string
}

// train fits a linear model whose features are named by features (stored
// with the model and checked when it is read), with the given class labels
// and examples.
func (c TrainConfig) train(ctx context.Context, features string, labels []string, xs []linear.Example) (*linear.Model, error) {
	meta := map[string]string{"features": features}
	if c.TrainedOn != "" {
		meta["trained_on"] = c.TrainedOn
	}
	lin, err := linear.Train(ctx, xs, linear.TrainConfig{
		Labels: labels, Bits: c.bits(), Epochs: c.Epochs, LearningRate: c.LearningRate, L2: c.L2,
		Balanced: c.Balanced, Prune: c.Prune, Seed: c.Seed, Meta: meta,
	})
	if err != nil {
		return nil, fmt.Errorf("classify: %w", err)
	}
	return lin, nil
}

// bits returns the hash bits to train with.
func (c TrainConfig) bits() uint8 {
	if c.Bits == 0 {
		return 18
	}
	return c.Bits
}

// check reports a configuration Train cannot use.
func (c TrainConfig) check() error {
	if b := c.bits(); b < linear.MinBits || b > linear.MaxBits {
		return fmt.Errorf("classify: train: %d hash bits, want %d to %d", b, linear.MinBits, linear.MaxBits)
	}
	return nil
}

// readLinear reads a linear model and checks that its features are ones a
// model kind knows.
func readLinear(r io.Reader, features ...string) (*linear.Model, error) {
	lin, err := linear.Read(r)
	if err != nil {
		return nil, fmt.Errorf("classify: %w", err)
	}
	if v := lin.Meta("features"); !slices.Contains(features, v) {
		return nil, fmt.Errorf("classify: %w: features %s, want %s", errFormat, quote.Q(v), strings.Join(features, " or "))
	}
	return lin, nil
}
