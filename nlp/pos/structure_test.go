package pos

import (
	"math"
	"strings"
	"testing"
)

// TestTagSimilarity checks the edit distance over tags by hand:
// MD NNS VB NN . against MD NNS VB JJ NN . is one insertion (JJ) over 6
// tags: 1 − 1/6; against NNS VBP NN . it is a deletion (MD) and a
// substitution (VB → VBP): 1 − 2/5.
func TestTagSimilarity(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"MD NNS VB NN .", "MD NNS VB NN .", 1},
		{"MD NNS VB NN .", "MD NNS VB JJ NN .", 1 - 1.0/6},
		{"MD NNS VB NN .", "NNS VBP NN .", 1 - 2.0/5},
		{"DT NN", "VB RB", 0},
		{"", "", 1},
		{"", "NN", 0},
		{"NN VB", "VB NN", 0}, // two substitutions: a swap costs 2
	} {
		a, b := strings.Fields(c.a), strings.Fields(c.b)
		for _, order := range [][2][]string{{a, b}, {b, a}} {
			if got := tagSimilarity(order[0], order[1]); math.Abs(got-c.want) > 1e-12 {
				t.Errorf("tagSimilarity(%q, %q) = %v, want %v", order[0], order[1], got, c.want)
			}
		}
	}
}

// TestStructure tags the texts: a question and a sentence of the same
// shape are closer than one of another shape.
func TestStructure(t *testing.T) {
	tg, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	q := "Should teachers get tenure?"
	same := tg.Structure(q, "Should students wear a uniform?")
	other := tg.Structure(q, "Tenure protects good teachers from arbitrary dismissal by school boards.")
	if math.Abs(same-(1-1.0/6)) > 1e-12 {
		t.Errorf("same shape but a determiner: %v, want 1 − 1/6 (%v, %v)", same, tg.Tag(q), tg.Tag("Should students wear a uniform?"))
	}
	if other >= same || other < 0 {
		t.Errorf("other shape: %v, want in [0, %v)", other, same)
	}
}
