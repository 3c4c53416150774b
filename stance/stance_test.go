package stance

import "testing"

func TestParseRoundTrip(t *testing.T) {
	for _, s := range []Stance{Unknown, Pro, Con, Neutral, No} {
		got, err := Parse(s.String())
		if err != nil || got != s {
			t.Errorf("Parse(%q) = %v, %v; want %v", s.String(), got, err, s)
		}
	}
	for _, bad := range []string{"pro", "PRO ", "X", "Q1"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded; want an error", bad)
		}
	}
	if got := Stance(9).String(); got != "Stance(9)" {
		t.Errorf("Stance(9).String() = %q", got)
	}
}
