package glove

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/glove/internal/vecfile"
)

var (
	vecOnce sync.Once
	vecVal  *Vectors
	vecErr  error
)

func testVectors(tb testing.TB) *Vectors {
	tb.Helper()
	vecOnce.Do(func() { vecVal, vecErr = Load() })
	if vecErr != nil {
		tb.Fatal(vecErr)
	}
	return vecVal
}

// The similarities and nearest words below were computed once from the
// float32 vectors in the npm package's JSON (cosine over all 100 values),
// before quantisation.
func TestAgainstFloatVectors(t *testing.T) {
	v := testVectors(t)
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"nuclear", "atomic", 0.8346}, {"nuclear", "banana", 0.0863}, {"abortion", "pregnancy", 0.5625},
		{"teacher", "tenure", 0.4262}, {"school", "uniform", 0.3392},
	} {
		if got := v.similarity(c.a, c.b); math.Abs(got-c.want) > 0.005 {
			t.Errorf("similarity(%s, %s) = %.4f, want %.4f", c.a, c.b, got, c.want)
		}
	}
	for word, want := range map[string][]string{
		"nuclear":  {"atomic", "weapons", "missile", "reactor", "iran"},
		"abortion": {"abortions", "contraception", "euthanasia", "gay", "advocates"},
	} {
		var got []string
		for _, n := range v.nearest(word, 5) {
			got = append(got, n.Word)
		}
		if !slices.Equal(got, want) {
			t.Errorf("nearest(%s, 5) = %v, want %v", word, got, want)
		}
	}
	if v.nearest("notaword-xyz", 3) != nil || v.similarity("nuclear", "notaword-xyz") != 0 {
		t.Error("an unknown word has neighbours or a similarity")
	}
}

// TestQuantisation measures what int8 costs: the cosines of 2,000 random
// pairs of frequent words against the float32 ones (testdata/pairs.json,
// computed from the npm package's JSON).
func TestQuantisation(t *testing.T) {
	v := testVectors(t)
	b, err := os.ReadFile("testdata/pairs.json")
	if err != nil {
		t.Fatal(err)
	}
	var pairs [][3]any
	if err := json.Unmarshal(b, &pairs); err != nil {
		t.Fatal(err)
	}
	var sum, worst float64
	for _, p := range pairs {
		d := math.Abs(v.similarity(p[0].(string), p[1].(string)) - p[2].(float64))
		sum, worst = sum+d, max(worst, d)
	}
	mean := sum / float64(len(pairs))
	t.Logf("%d pairs: mean |Δcos| %.5f, largest %.5f", len(pairs), mean, worst)
	if mean > 0.002 || worst > 0.01 {
		t.Errorf("quantisation moves cosines by %.5f on average, %.5f at most", mean, worst)
	}
}

func TestEncode(t *testing.T) {
	v := testVectors(t)
	ctx := context.Background()
	vs, err := v.Encode(ctx, []string{"Nuclear energy should be banned.", "Atomic power plants are too risky.", "The cat sat on the mat.", "", "the of and"})
	if err != nil {
		t.Fatal(err)
	}
	related, unrelated := semantic.Cosine(vs[0], vs[1]), semantic.Cosine(vs[0], vs[2])
	if related <= unrelated {
		t.Errorf("related %.3f ≤ unrelated %.3f", related, unrelated)
	}
	for _, i := range []int{3, 4} {
		if slices.ContainsFunc(vs[i], func(x float32) bool { return x != 0 }) {
			t.Errorf("text %d (no content word): got a non-zero vector", i)
		}
	}
	if _, err := v.Encode(ctx, []string{"ok", "\xff"}); err == nil || !strings.Contains(err.Error(), "text 1") {
		t.Errorf("invalid UTF-8: got %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := v.Encode(cancelled, []string{"x"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
}

func TestExpand(t *testing.T) {
	v := testVectors(t)
	got := v.Expand("Should nuclear energy be banned?", 2, 0.6)
	if len(got) < 3 || got[0] != "nuclear" || got[1] != "energy" || got[2] != "banned" {
		t.Fatalf("got %v, want the content terms first", got)
	}
	if !slices.Contains(got, "atomic") {
		t.Errorf("got %v, want atomic among the expansions of nuclear", got)
	}
	if len(got) > 3+2*3 {
		t.Errorf("got %d words, want at most 2 per term", len(got))
	}
	if again := v.Expand("Should nuclear energy be banned?", 2, 0.6); !slices.Equal(got, again) {
		t.Errorf("not deterministic: %v then %v", got, again)
	}
}

func TestCorruptFile(t *testing.T) {
	for name, b := range map[string][]byte{
		"empty": nil, "foreign": []byte("GIF89a not vectors"), "truncated": vectorFile[:len(vectorFile)/2],
		"one byte short": vectorFile[:len(vectorFile)-1],
	} {
		if _, err := vecfile.Decode(b); !errors.Is(err, vecfile.ErrFormat) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	small, err := vecfile.Encode(&vecfile.Vectors{Words: []string{"a", "bc"}, Dims: 2, Scales: []float32{1, 0.5}, Values: []int8{1, -1, 127, 0}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(small)
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := vecfile.Decode(b)
		if err != nil {
			return
		}
		if len(v.Values) != len(v.Words)*v.Dims || len(v.Scales) != len(v.Words) {
			t.Errorf("decoded %d words, %d scales, %d values of %d dimensions", len(v.Words), len(v.Scales), len(v.Values), v.Dims)
		}
	})
}

// similarity returns the cosine similarity of two words; 0 when either is
// not in the vocabulary.
func (v *Vectors) similarity(a, b string) float64 {
	x, ok1 := v.vector(a)
	y, ok2 := v.vector(b)
	if !ok1 || !ok2 {
		return 0
	}
	return float64(dot(x, y))
}

// BenchmarkLoad decodes the embedded vectors, as a program that encodes
// sentences does once at its start.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
