package classify

import "github.com/argsearch/argsearch/stance"

// Meta returns a metadata value stored with m, such as "trained_on", for
// the package's external tests.
func Meta(m *StanceModel, key string) string { return m.lin.Meta(key) }

// Labels returns the stances m chooses between, for the package's external
// tests.
func Labels(m *StanceModel) []stance.Stance { return append([]stance.Stance(nil), m.labels...) }

// Probabilities returns the probability of each of Labels(m) for text
// towards topic, or nil when the text is not informative, for the package's
// external tests.
func Probabilities(m *StanceModel, topic, text string) []float64 {
	p, ok := m.probabilities(m.topic(topic), text, nil)
	if !ok {
		return nil
	}
	return p
}

// ErrFormat is what the errors of reading a file that is not a model wrap,
// for the package's external tests.
var ErrFormat = errFormat
