package use

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/use/internal/weightfile"
)

func TestInvalidUTF8(t *testing.T) {
	m := testModel(t)
	_, err := m.Encode(context.Background(), []string{"fine", "bad \xff byte"})
	if err == nil || !strings.Contains(err.Error(), "text 1 is not valid UTF-8") {
		t.Errorf("got %v, want an error naming text 1", err)
	}
}

func TestEncodeContract(t *testing.T) {
	m := testModel(t)
	ctx := context.Background()
	v, err := m.Encode(ctx, nil)
	if err != nil || len(v) != 0 {
		t.Errorf("no texts: got %d vectors, %v", len(v), err)
	}
	texts := []string{"Should teachers get tenure?", "", strings.Repeat("long text ", 300)}
	all, err := m.Encode(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range all {
		var ss float64
		for _, x := range v {
			ss += float64(x) * float64(x)
		}
		if len(v) != dim || math.Abs(ss-1) > 1e-5 {
			t.Errorf("text %d: length %d, norm² %v", i, len(v), ss)
		}
	}
	// One at a time, or from many goroutines, the same vectors.
	var wg sync.WaitGroup
	for i, text := range texts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			one, err := m.Encode(ctx, []string{text})
			if err != nil {
				t.Error(err)
				return
			}
			if c := semantic.Cosine(one[0], all[i]); c < 1-1e-6 {
				t.Errorf("text %d alone: cosine %v to its vector in the batch", i, c)
			}
		}()
	}
	wg.Wait()
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := m.Encode(cancelled, texts); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
}

// TestMatmulPaths checks the AVX2 path against the plain Go one, on shapes
// with rows left over beside the blocks of 4.
func TestMatmulPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, rows := range []int{1, 4, 7, 33} {
		k, n := 48, 32
		a, b := make([]float32, rows*k), make([]float32, k*n)
		for i := range a {
			a[i] = rng.Float32() - 0.5
		}
		for i := range b {
			b[i] = rng.Float32() - 0.5
		}
		slow, fast := make([]float32, rows*n), make([]float32, rows*n)
		matmulGo(slow, a, b, rows, k, n)
		if !matmulFast(fast, a, b, rows, k, n) {
			t.Skip("no AVX2 and FMA here, or too few rows: only the Go path runs")
		}
		for i := range slow {
			if math.Abs(float64(slow[i]-fast[i])) > 1e-5 {
				t.Fatalf("%d rows, element %d: Go %v, AVX2 %v", rows, i, slow[i], fast[i])
			}
		}
	}
}

func TestCorruptWeights(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"foreign", []byte("PK\x03\x04 a zip file, not weights at all")},
		{"truncated", weightFile[:len(weightFile)/2]},
		{"one byte short", weightFile[:len(weightFile)-1]},
		{"flipped", func() []byte {
			b := append([]byte(nil), weightFile...)
			b[len(b)/3] ^= 1
			return b
		}()},
	} {
		if _, err := weightfile.Decode(tc.b); !errors.Is(err, weightfile.ErrFormat) {
			t.Errorf("%s: got %v, want ErrFormat", tc.name, err)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(weightFile[:200])
	f.Add([]byte("argsearch/use-lite\x01"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := weightfile.Decode(b); err == nil && len(b) < len(weightFile) {
			t.Errorf("a %d-byte file decoded", len(b))
		}
	})
}
