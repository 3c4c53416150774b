package classify_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/stance"
)

// TestSide checks StanceModel.Side against Probabilities: the more likely
// of Pro and Con with its renormalised probability; Pro and 0.5 for a text
// that cannot be judged.
func TestSide(t *testing.T) {
	m, err := classify.ShippedStanceModel()
	if err != nil {
		t.Fatal(err)
	}
	labels := classify.Labels(m)
	for _, text := range []string{
		"Uniforms create a sense of equality and help students focus on learning .",
		"School uniforms are expensive and restrict students' freedom of expression .",
		"The weather was nice yesterday .",
		"", "?!", "\xff\xfe", strings.Repeat("Uniforms are good . ", 10000),
	} {
		s, conf := m.Side("school uniforms", text)
		probs := classify.Probabilities(m, "school uniforms", text)
		if probs == nil {
			if s != stance.Pro || conf != 0.5 {
				t.Errorf("%.30q: got %v %v, want Pro 0.5 for a text that cannot be judged", text, s, conf)
			}
			continue
		}
		var pro, con float64
		for i, l := range labels {
			switch l {
			case stance.Pro:
				pro = probs[i]
			case stance.Con:
				con = probs[i]
			}
		}
		want, wantConf := stance.Pro, pro/(pro+con)
		if con > pro {
			want, wantConf = stance.Con, con/(pro+con)
		}
		if s != want || math.Abs(conf-wantConf) > 1e-12 || conf < 0.5 {
			t.Errorf("%.30q: got %v %.4f, want %v %.4f", text, s, conf, want, wantConf)
		}
	}
}

// TestSideOneSidedModel checks a model that knows Con and No but not Pro:
// it cannot choose between the two sides, so Side gives Pro and 0.5 as
// documented, Lean gives 0, and both agree with stance.Side.
func TestSideOneSidedModel(t *testing.T) {
	var examples []classify.StanceExample
	for _, e := range toyExamples {
		if e.Stance != stance.Pro {
			examples = append(examples, e)
		}
	}
	m, err := classify.TrainStanceModel(context.Background(), examples, classify.TrainConfig{Bits: 12, Epochs: 40, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	text := "Gun control violates the rights of citizens ."
	if probs := classify.Probabilities(m, "gun control", text); probs == nil {
		t.Fatal("the text cannot be judged; the test needs one that can")
	}
	s, conf := m.Side("gun control", text)
	if s != stance.Pro || conf != 0.5 {
		t.Errorf("Side: got %v %v, want Pro 0.5 from a model that does not know Pro", s, conf)
	}
	if lean := m.Lean("gun control", text); lean != 0 {
		t.Errorf("Lean: got %v, want 0", lean)
	}
	if side := stance.Side(m, "gun control", stance.Unknown, text); side != s {
		t.Errorf("stance.Side gives %v, StanceModel.Side %v", side, s)
	}
}
