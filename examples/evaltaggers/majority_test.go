package main

import (
	"testing"

	"github.com/argsearch/argsearch/stance"
)

func TestMajority(t *testing.T) {
	m := majorityTagger([]stance.Stance{stance.Pro, stance.Con, stance.Con, stance.Pro})
	if m.Label != stance.Pro || m.Confidence != 0.5 {
		t.Errorf("got %+v, want the tie to go to PRO with 0.5", m)
	}
	if got := majorityTagger(nil); got.Label != stance.Unknown {
		t.Errorf("got %+v for no labels", got)
	}
}
