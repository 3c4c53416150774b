package stance

import (
	"testing"
)

func TestAlign(t *testing.T) {
	cases := []struct {
		topic, conclusion string
		want              alignment
	}{
		{"Should we ban guns?", "Ban guns", same},
		{"Should we ban guns?", "Guns should not be banned", opposite},
		{"Should we ban guns?", "Guns should be legal", opposite},
		{"Should marijuana be legalized?", "Marijuana should be legalized", same},
		{"Should marijuana be legalized?", "Marijuana should remain prohibited", opposite},
		{"Should the death penalty be abolished?", "Keep the death penalty", opposite},
		{"Should the death penalty be abolished?", "Abolish the death penalty", same},
		{"Is cloning ethical?", "Cloning is not ethical", opposite},
		{"Is cloning ethical?", "Vaccines work", unrelated},
	}
	for _, c := range cases {
		if got, _ := align(c.topic, c.conclusion); got != c.want {
			t.Errorf("align(%q, %q) = %d, want %d", c.topic, c.conclusion, got, c.want)
		}
	}
	s, _ := ArgsMe{}.Premise("Should we ban guns?", "Guns should not be banned", Pro)
	if s != Con {
		t.Errorf("Premise PRO of an opposite conclusion = %v, want CON", s)
	}
}
