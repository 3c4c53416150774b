package classify

import "testing"

func TestVADER(t *testing.T) {
	v, err := vader()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(v.words); n < 7000 {
		t.Errorf("%d words, want about 7,500", n)
	}
	for w, sign := range map[string]float32{"good": 1, "harmful": -1, "wonderful": 1, "kill": -1, "table": 0} {
		if got := v.of(w); got*sign <= 0 && !(sign == 0 && got == 0) || got < -1 || got > 1 {
			t.Errorf("of(%q) = %g, want the sign of %g in [-1, 1]", w, got, sign)
		}
	}
}
