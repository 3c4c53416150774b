package stance_test

import (
	"context"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/stance"
)

// leanModel tags every text No and leans it by its length: Con for short
// texts, Pro for long ones.
type leanModel struct{}

func (leanModel) Tag(context.Context, string, string) (stance.Stance, float64, error) {
	return stance.No, 0.5, nil
}
func (leanModel) Lean(_, text string) float64 { return float64(len(text)-5) / 100 }
func (m leanModel) Side(topic, text string) (stance.Stance, float64) {
	return stance.Side(m, topic, stance.Unknown, text), 0.6
}

// TestRule checks the rule's order of evidence (label, model, lean), Force,
// Off, and the stances it says it may write.
func TestRule(t *testing.T) {
	ctx := context.Background()
	labels := func(_, id string) (stance.Stance, float64) {
		if id == "con" {
			return stance.Con, 0.9
		}
		return stance.Unknown, 0
	}
	for _, tc := range []struct {
		name     string
		r        stance.Rule
		sentence stance.Stance // of the sentence "x", which has no label
		sides    []stance.Stance
		stances  []stance.Stance
	}{
		{"labels alone", stance.Rule{Labels: labels}, stance.Unknown,
			[]stance.Stance{stance.Pro, stance.Con, stance.Unknown}, []stance.Stance{stance.Pro, stance.Con, stance.Unknown}},
		{"model", stance.Rule{Labels: labels, Model: leanModel{}}, stance.No,
			[]stance.Stance{stance.Pro, stance.Con, stance.Con}, []stance.Stance{stance.Pro, stance.Con}},
		{"forced", stance.Rule{Labels: labels, Model: leanModel{}, Force: true}, stance.Con,
			[]stance.Stance{stance.Pro, stance.Con, stance.Con}, []stance.Stance{stance.Pro, stance.Con}},
		{"off", stance.Rule{Labels: labels, Model: leanModel{}, Off: true}, stance.Unknown,
			[]stance.Stance{stance.Unknown, stance.Unknown, stance.Unknown}, []stance.Stance{stance.Unknown}},
	} {
		if got, _, err := tc.r.Sentence(ctx, "topic", "x", "abc"); err != nil || got != tc.sentence {
			t.Errorf("%s: Sentence %v, %v; want %v", tc.name, got, err, tc.sentence)
		}
		pairs := []stance.PairText{
			{Stance: stance.Pro, FirstID: "con", First: "a", Second: "b"},     // its own stance
			{Stance: stance.Neutral, FirstID: "con", First: "a", Second: "b"}, // the label
			{Stance: stance.No, FirstID: "x", First: "a", Second: "b"},        // the model's lean: short, Con
		}
		if got := tc.r.Sides("topic", pairs); !slices.Equal(got, tc.sides) {
			t.Errorf("%s: Sides %v, want %v", tc.name, got, tc.sides)
		}
		if got := tc.r.Stances(); !slices.Equal(got, tc.stances) {
			t.Errorf("%s: Stances %v, want %v", tc.name, got, tc.stances)
		}
	}
}
