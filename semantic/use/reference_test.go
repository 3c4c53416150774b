package use

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"slices"
	"sync"
	"testing"
)

var (
	modelOnce sync.Once
	modelVal  *Model
	modelErr  error
)

// testModel loads the model once for all tests of the package.
func testModel(tb testing.TB) *Model {
	tb.Helper()
	modelOnce.Do(func() { modelVal, modelErr = Load() })
	if modelErr != nil {
		tb.Fatal(modelErr)
	}
	return modelVal
}

// reference reads the test sentences and the vectors and token ids the
// TF.js runtime gave them (testdata/reference.cjs).
func reference(t *testing.T) (sentences []string, vectors [][]float32, tokens [][]int32) {
	t.Helper()
	b, err := os.ReadFile("testdata/sentences.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sentences); err != nil {
		t.Fatal(err)
	}
	if b, err = os.ReadFile("testdata/reference-tokens.json"); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &tokens); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("testdata/reference.bin")
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != 4*dim*len(sentences) || len(tokens) != len(sentences) {
		t.Fatalf("%d sentences, %d token lists, %d reference bytes", len(sentences), len(tokens), len(raw))
	}
	for i := range sentences {
		v := make([]float32, dim)
		for k := range v {
			v[k] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*(i*dim+k):]))
		}
		vectors = append(vectors, v)
	}
	return sentences, vectors, tokens
}

// TestTokenizerMatchesReference checks the pieces of every test sentence
// against the TF.js tokenizer's (which does not clip to 128).
func TestTokenizerMatchesReference(t *testing.T) {
	m := testModel(t)
	sentences, _, tokens := reference(t)
	for i, s := range sentences {
		want := tokens[i][:min(len(tokens[i]), maxTokens)]
		if got := m.tok.encode(s); !slices.Equal(got, want) {
			t.Errorf("sentence %d %q:\ngot  %v\nwant %v", i, s, got, want)
		}
	}
}

// TestVectorsMatchReference checks every test sentence's vector against
// the TF.js runtime's, within 1e-5 in every component.
func TestVectorsMatchReference(t *testing.T) {
	m := testModel(t)
	sentences, want, _ := reference(t)
	if len(sentences) < 200 {
		t.Fatalf("%d reference sentences, want at least 200", len(sentences))
	}
	got, err := m.Encode(context.Background(), sentences)
	if err != nil {
		t.Fatal(err)
	}
	var worst float64
	for i := range sentences {
		for k := range dim {
			d := math.Abs(float64(got[i][k] - want[i][k]))
			worst = max(worst, d)
			if d > 1e-5 {
				t.Errorf("sentence %d %q, component %d: got %v, want %v", i, sentences[i], k, got[i][k], want[i][k])
				break
			}
		}
	}
	t.Logf("largest difference from the reference: %.3g", worst)
}
