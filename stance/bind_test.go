package stance_test

import (
	"context"
	"errors"
	"testing"

	"github.com/argsearch/argsearch/stance"
)

// env is a stance.Env with fixed labels and a model, or a model that fails
// to load.
type env struct{ err error }

func (env) Labels(topic, id string) (stance.Stance, float64) {
	if id == "labelled" {
		return stance.Con, 0.9
	}
	return stance.Unknown, 0
}

func (e env) Model() (stance.Model, error) { return leanModel{}, e.err }

// TestRuleBind checks that the zero Rule, bound, is the library's stance
// step: the environment's labels, then its model, and PRO or CON for every
// pair; that Off takes nothing; and that a model that fails to load is
// Bind's error.
func TestRuleBind(t *testing.T) {
	d, err := stance.Rule{}.Bind(env{})
	if err != nil {
		t.Fatal(err)
	}
	if s, conf, _ := d.Sentence(context.Background(), "topic", "labelled", "text"); s != stance.Con || conf != 0.9 {
		t.Errorf("a labelled sentence: %v %v, want the label CON 0.9", s, conf)
	}
	if got := d.(stance.Rule).Stances(); len(got) != 2 {
		t.Errorf("the bound rule writes %v, want PRO and CON only", got)
	}
	if got := d.Sides("topic", []stance.PairText{{FirstID: "x", First: "a long enough text", Second: "b"}}); got[0] != stance.Pro && got[0] != stance.Con {
		t.Errorf("a pair the labels are silent on: %v, want PRO or CON from the model", got[0])
	}
	off, err := stance.Rule{Off: true}.Bind(env{err: errors.New("never loaded")})
	if err != nil || off.(stance.Rule).Model != nil || off.(stance.Rule).Labels != nil {
		t.Errorf("Off bound: %+v, %v; want nothing taken", off, err)
	}
	boom := errors.New("no model")
	if _, err := (stance.Rule{}).Bind(env{err: boom}); !errors.Is(err, boom) {
		t.Errorf("a model that fails to load: %v, want it wrapped", err)
	}
}
