package classify_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/stance"
)

var toyExamples = []classify.StanceExample{
	{Topic: "gun control", Text: "Gun control saves lives and reduces crime .", Stance: stance.Pro},
	{Topic: "gun control", Text: "Stricter gun laws protect children .", Stance: stance.Pro},
	{Topic: "gun control", Text: "Gun control violates the rights of citizens .", Stance: stance.Con},
	{Topic: "gun control", Text: "Gun laws do not stop criminals .", Stance: stance.Con},
	{Topic: "gun control", Text: "The shop opened in 1990 on Main Street .", Stance: stance.No},
	{Topic: "gun control", Text: "Click here to read the full article .", Stance: stance.No},
}

func TestTrainStanceModelRoundTripAndDeterminism(t *testing.T) {
	ctx := context.Background()
	cfg := classify.TrainConfig{Bits: 12, Epochs: 40, Seed: 7, TrainedOn: "toy"}
	m, err := classify.TrainStanceModel(ctx, toyExamples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := classify.Labels(m), []stance.Stance{stance.Pro, stance.Con, stance.No}; !slices.Equal(got, want) {
		t.Errorf("Labels: got %v, want %v", got, want)
	}
	if got := classify.Meta(m, "trained_on"); got != "toy" {
		t.Errorf("Meta(trained_on): got %q, want %q", got, "toy")
	}
	var a, b bytes.Buffer
	if _, err := m.WriteTo(&a); err != nil {
		t.Fatal(err)
	}
	m2, err := classify.TrainStanceModel(ctx, toyExamples, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m2.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two trainings with the same seed: got different files, want identical")
	}
	read, err := classify.ReadStanceModel(&a)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range toyExamples {
		s1, c1, err1 := m.Tag(ctx, x.Topic, x.Text)
		s2, c2, err2 := read.Tag(ctx, x.Topic, x.Text)
		if err1 != nil || err2 != nil || s1 != s2 || c1 != c2 {
			t.Errorf("Tag(%q): got %v %v %v after reading, want %v %v %v", x.Text, s2, c2, err2, s1, c1, err1)
		}
		if s1 != x.Stance {
			t.Errorf("Tag(%q) on its own training data: got %v, want %v", x.Text, s1, x.Stance)
		}
		p := classify.Probabilities(read, x.Topic, x.Text)
		var sum float64
		for _, v := range p {
			sum += v
		}
		if len(p) != 3 || sum < 0.999999 || sum > 1.000001 {
			t.Errorf("Probabilities(%q): got %v, want 3 summing to 1", x.Text, p)
		}
	}
	if p := classify.Probabilities(read, "gun control", "?!"); p != nil {
		t.Errorf("Probabilities of punctuation: got %v, want nil", p)
	}
}

func TestTrainStanceModelErrors(t *testing.T) {
	ctx := context.Background()
	bad := append([]classify.StanceExample{{Topic: "t", Text: "x", Stance: stance.Unknown}}, toyExamples...)
	if _, err := classify.TrainStanceModel(ctx, bad, classify.TrainConfig{Bits: 12}); err == nil {
		t.Error("an Unknown training label: got nil error, want one")
	}
	if _, err := classify.TrainStanceModel(ctx, toyExamples, classify.TrainConfig{Bits: 30}); err == nil {
		t.Error("30 hash bits: got nil error, want one")
	}
	if _, err := classify.TrainStanceModel(ctx, nil, classify.TrainConfig{}); err == nil || !strings.HasPrefix(err.Error(), "classify: ") {
		t.Errorf("no examples: got %v, want an error prefixed \"classify: \"", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := classify.TrainStanceModel(cancelled, toyExamples, classify.TrainConfig{Bits: 12}); err == nil {
		t.Error("cancelled context: got nil error, want one")
	}
}

func TestReadStanceModelRejectsOtherModels(t *testing.T) {
	am, err := classify.ShippedArgumentModel()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := am.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := classify.ReadStanceModel(&buf); !errors.Is(err, classify.ErrFormat) {
		t.Errorf("reading the argumentativeness model as a stance model: got %v, want classify.ErrFormat", err)
	}
	if _, err := classify.ReadStanceModel(bytes.NewReader([]byte("ARGSLIN1 truncated"))); !errors.Is(err, classify.ErrFormat) {
		t.Errorf("a truncated file: got %v, want classify.ErrFormat", err)
	}
}
