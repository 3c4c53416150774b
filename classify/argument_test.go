package classify_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/internal/cputime"
)

func shipped(tb testing.TB) *classify.ArgumentModel {
	m, err := classify.ShippedArgumentModel()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func TestArgumentModelBadInput(t *testing.T) {
	m := shipped(t)
	for _, text := range []string{"", "   ", "?!... ;;", "http://a.example/x www.b.example", "12 345 6,789",
		"Атомная энергия опасна .", "原子力は危険です。", "Atomkraft ist gefährlich und teuer sagen viele Leute hier"} {
		if got := m.Score(text); got != 0 {
			t.Errorf("Score(%q) = %v, want 0", text, got)
		}
	}
	long := strings.Repeat("Nuclear energy is dangerous because of waste . ", 2200)
	if got := m.Score(long); got < 0 || got > 1 {
		t.Errorf("Score(100 KB) = %v, want in [0, 1]", got)
	}
}

func TestArgumentModelOrdersClearCases(t *testing.T) {
	m := shipped(t)
	arg := m.Score("The death penalty should be abolished because innocent people are executed .")
	none := m.Score("The conference took place in Berlin in 2014 .")
	if !(arg > 0.5 && none < 0.5) {
		t.Errorf("got argument %.3f, background %.3f; want > 0.5 and < 0.5", arg, none)
	}
}

func TestTrainArgumentModelRoundTrip(t *testing.T) {
	xs := []classify.ArgumentExample{
		{Text: "We should ban guns because they kill people .", Argument: true},
		{Text: "Guns are useful for self defense and protect families .", Argument: true},
		{Text: "The article was published on Monday .", Argument: false},
		{Text: "Click here to subscribe .", Argument: false},
	}
	m, err := classify.TrainArgumentModel(context.Background(), xs, classify.TrainConfig{Bits: 12, Epochs: 30, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := classify.ReadArgumentModel(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range xs {
		if a, b := m.Score(x.Text), got.Score(x.Text); a != b {
			t.Errorf("Score(%q): got %v after reading, want %v", x.Text, b, a)
		}
		if ok := got.Score(x.Text) >= 0.5; ok != x.Argument {
			t.Errorf("Score(%q) >= 0.5 is %v, want %v", x.Text, ok, x.Argument)
		}
	}
	if _, err := classify.ReadArgumentModel(strings.NewReader("nonsense")); !errors.Is(err, classify.ErrFormat) {
		t.Errorf("got %v, want ErrFormat", err)
	}
}

func FuzzArgumentScore(f *testing.F) {
	m := shipped(f)
	f.Add("We should ban guns because they kill people .")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		if x := m.Score(s); !(x >= 0 && x <= 1) {
			t.Fatalf("Score(%q) = %v", s, x)
		}
	})
}

// BenchmarkScore measures the shipped model on a typical UKP-length
// sentence (19 tokens), in sentences per wall-clock second and per second
// of process CPU time (less distorted by other load; per core with -cpu 1).
func BenchmarkScore(b *testing.B) {
	m := shipped(b)
	text := "The death penalty should be abolished because innocent people are sometimes executed and it does not deter crime ."
	start, _ := cputime.Process()
	for b.Loop() {
		m.Score(text)
	}
	cputime.Report(b, b.N, "sentences", start)
}
