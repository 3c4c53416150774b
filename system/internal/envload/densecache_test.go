package envload

import (
	"context"
	"errors"
	"iter"
	"testing"

	"github.com/argsearch/argsearch/corpus"
)

// counter encodes every text as a constant vector and counts its calls.
type counter struct{ calls *int }

func (c counter) Encode(_ context.Context, texts []string) ([][]float32, error) {
	*c.calls++
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{1, 1}
	}
	return out, nil
}

// uncomparable cannot be a map key.
type uncomparable struct {
	counter
	_ []int
}

// failing fails to encode.
type failing struct{}

func (failing) Encode(context.Context, []string) ([][]float32, error) {
	return nil, errors.New("no vectors")
}

func store(t *testing.T) *corpus.Store {
	t.Helper()
	args := []corpus.Argument{{ID: "a1", Conclusion: "c", Sentences: []corpus.Sentence{{ID: "a1__PREMISE__1", Text: "one"}, {ID: "a1__CONCLUSION__1", Text: "two"}}}}
	s, err := corpus.BuildStore(context.Background(), iter.Seq2[corpus.Argument, error](func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestIndex(t *testing.T) {
	ctx := context.Background()
	c := NewDense(store(t), DenseFiles{})
	n := 0
	enc := counter{&n}
	for range 2 {
		if _, err := c.Index(ctx, enc); err != nil {
			t.Fatal(err)
		}
	}
	if n != 1 || c.Len() != 1 {
		t.Errorf("a comparable encoder asked twice: %d builds, %d kept; want 1 and 1", n, c.Len())
	}
	m := 0
	for range 2 {
		if _, err := c.Index(ctx, uncomparable{counter: counter{&m}}); err != nil {
			t.Fatal(err)
		}
	}
	if m != 2 || c.Len() != 1 {
		t.Errorf("an encoder that is no map key asked twice: %d builds, %d kept; want 2 and 1", m, c.Len())
	}
	if x, err := c.Index(ctx, failing{}); err == nil || x != nil {
		t.Errorf("a failing encoder: got %v, %v; want nil and an error", x, err)
	}
}
