package cli

import (
	"io"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
)

// TestRulesAndK checks the stances Rules allows for each kind of system,
// and that -k reaches the Env (system.Input.K), whatever the system.
func TestRulesAndK(t *testing.T) {
	var f SystemFlags
	noStance := system.Advanced()
	noStance.Stance = stance.Rule{Off: true}
	for _, tc := range []struct {
		s    system.System
		want []stance.Stance
	}{
		{system.Advanced(), []stance.Stance{stance.Pro, stance.Con}},
		{noStance, []stance.Stance{stance.Unknown}},
		{system.Baseline{}, []stance.Stance{stance.Pro, stance.Con, stance.Unknown}},
		{system.Swordsman{}, []stance.Stance{stance.Pro, stance.Con, stance.Unknown}},
		{ownSystem{}, []stance.Stance{stance.Neutral}},
		{system.Func(nil), []stance.Stance{stance.Pro, stance.Con}},
	} {
		if got := f.Rules(tc.s).Stances; !slices.Equal(got, tc.want) {
			t.Errorf("%T: stances %v, want %v", tc.s, got, tc.want)
		}
	}
	if in := (SystemFlags{K: 7, CacheDir: "off", Quiet: true}).Input(io.Discard); in.K != 7 {
		t.Errorf("-k 7: Input.K %d", in.K)
	}
}

// ownSystem is a researcher's own System that says which stances it writes.
type ownSystem struct{ system.Func }

func (ownSystem) Stances() []stance.Stance { return []stance.Stance{stance.Neutral} }
