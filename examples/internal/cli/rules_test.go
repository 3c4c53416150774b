package cli

import (
	"slices"
	"testing"

	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
)

// TestRulesAndK checks the stances Rules allows for each kind of system,
// and that WithK sets K on every kind of system a recipe may be.
func TestRulesAndK(t *testing.T) {
	var f SystemFlags
	noStance := system.Advanced()
	noStance.NoStance = true
	for _, tc := range []struct {
		s    system.System
		want []stance.Stance
	}{
		{system.Advanced(), []stance.Stance{stance.Pro, stance.Con}},
		{noStance, []stance.Stance{stance.Unknown}},
		{system.Baseline{}, []stance.Stance{stance.Pro, stance.Con, stance.Unknown}},
		{system.Swordsman{}, []stance.Stance{stance.Pro, stance.Con, stance.Unknown}},
	} {
		if got := f.Rules(tc.s).Stances; !slices.Equal(got, tc.want) {
			t.Errorf("%T: stances %v, want %v", tc.s, got, tc.want)
		}
	}
	for _, s := range []system.System{system.Baseline{}, system.Swordsman{}, system.Advanced()} {
		got, err := WithK(s, 7)
		var k int
		switch got := got.(type) {
		case system.Baseline:
			k = got.K
		case system.Swordsman:
			k = got.K
		case system.Pipeline:
			k = got.K
		}
		if err != nil || k != 7 {
			t.Errorf("WithK(%T, 7): K %d, %v", s, k, err)
		}
	}
	if _, err := WithK(system.Func(nil), 7); err == nil {
		t.Error("WithK of a Func: no error")
	}
}
