package linear

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// toy builds a separable three-class problem.
func toy(bits uint8) []Example {
	words := [][]string{{"red", "apple", "cherry"}, {"blue", "sky", "sea"}, {"green", "grass", "leaf"}}
	var xs []Example
	for round := 0; round < 20; round++ {
		for c, ws := range words {
			v := NewVector(bits)
			v.Add(1, "w", ws[round%3])
			v.Add(1, "w", ws[(round+1)%3])
			v.Add(1, "noise", string(rune('a'+round%5)))
			v.Normalize()
			xs = append(xs, Example{Features: v.Features, Class: c})
		}
	}
	return xs
}

func TestTrainLearnsAndIsDeterministic(t *testing.T) {
	cfg := TrainConfig{Labels: []string{"r", "b", "g"}, Bits: 10, Seed: 7, Meta: map[string]string{"features": "toy"}}
	xs := toy(10)
	m1, err := Train(context.Background(), xs, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range xs {
		if c, _ := m1.Predict(x.Features); c != x.Class {
			t.Fatalf("got class %d, want %d", c, x.Class)
		}
	}
	m2, _ := Train(context.Background(), xs, cfg)
	var b1, b2 bytes.Buffer
	m1.WriteTo(&b1)
	m2.WriteTo(&b2)
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Error("two trainings with one seed gave different files")
	}
	p := m1.Probabilities(xs[0].Features, nil)
	sum := 0.0
	for _, x := range p {
		sum += x
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("probabilities sum to %v, want 1", sum)
	}
}

func TestRoundTrip(t *testing.T) {
	m, err := Train(context.Background(), toy(12), TrainConfig{Labels: []string{"r", "b", "g"}, Bits: 12, Balanced: true, Meta: map[string]string{"k": "v"}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(m, got, cmp.AllowUnexported(Model{})); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if got.NonZero() == 0 || got.Meta("k") != "v" {
		t.Errorf("got NonZero %d, meta %q", got.NonZero(), got.Meta("k"))
	}
}

func TestReadErrors(t *testing.T) {
	m, _ := Train(context.Background(), toy(8), TrainConfig{Labels: []string{"r", "b", "g"}, Bits: 8})
	var buf bytes.Buffer
	m.WriteTo(&buf)
	good := buf.Bytes()
	cases := map[string][]byte{
		"empty":     nil,
		"foreign":   []byte("PK\x03\x04 not a model"),
		"version 2": append([]byte("ARGSLIN2"), good[8:]...),
		"truncated": good[:len(good)-10],
		"corrupt":   append(append([]byte{}, good[:40]...), bytes.Repeat([]byte{0xff}, len(good)-40)...),
		"trailing":  append(append([]byte{}, good...), 'x'),
	}
	for name, b := range cases {
		if _, err := Read(bytes.NewReader(b)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: got %v, want an error wrapping ErrFormat", name, err)
		}
	}
}

func TestTrainErrors(t *testing.T) {
	if _, err := Train(context.Background(), nil, TrainConfig{Labels: []string{"a", "b"}}); !errors.Is(err, ErrNoExamples) {
		t.Errorf("got %v, want ErrNoExamples", err)
	}
	if _, err := Train(context.Background(), toy(8), TrainConfig{Labels: []string{"a"}}); err == nil {
		t.Error("one label: got nil error")
	}
	if _, err := Train(context.Background(), []Example{{Class: 5}}, TrainConfig{Labels: []string{"a", "b"}}); err == nil {
		t.Error("class out of range: got nil error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Train(ctx, toy(8), TrainConfig{Labels: []string{"a", "b", "c"}, Bits: 8}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
}

func TestHashSeparatesParts(t *testing.T) {
	a, b := NewVector(20), NewVector(20)
	a.Add(1, "ab", "c")
	b.Add(1, "a", "bc")
	if a.Features[0] == b.Features[0] {
		t.Error(`("ab","c") and ("a","bc") hash alike`)
	}
	c := NewVector(20)
	c.Add3(1, "x", "y", "z")
	d := NewVector(20)
	d.Add(1, "x", "y", "z")
	c.Add2(1, "x", "y")
	d.Add(1, "x", "y")
	if diff := cmp.Diff(d.Features, c.Features); diff != "" {
		t.Errorf("Add2/Add3 differ from Add (-Add +AddN):\n%s", diff)
	}
}

func FuzzRead(f *testing.F) {
	m, _ := Train(context.Background(), toy(6), TrainConfig{Labels: []string{"r", "b", "g"}, Bits: 6})
	var buf bytes.Buffer
	m.WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte("ARGSLIN1"))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Read(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			return
		}
		m.Predict([]Feature{{Index: 1 << 30, Value: 1}})
	})
}
