package classify_test

import (
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/stance"
)

// TestSide checks StanceModel.Side against Probabilities: the more likely
// of Pro and Con with its renormalised probability; Pro and 0.5 for a text
// that cannot be judged.
func TestSide(t *testing.T) {
	m, err := models.Stance()
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
