package eval

import (
	"math"
	"testing"
)

// TestDDLog checks the double-double logarithms against values glibc's
// log and log2 give (printed with %a by a C program), among them ones
// where math.Log and math.Log2 are one unit in the last place off.
func TestDDLog(t *testing.T) {
	tests := []struct {
		x, ln, lg2 float64
	}{
		{2.0 / 3.0, -0x1.9f323ecbf984dp-2, -0x1.2b803473f7ad2p-1},
		{3, 0x1.193ea7aad030bp+0, 0x1.95c01a39fbd68p+0},
		{0.5, -0x1.62e42fefa39efp-1, -1},
		{2, 0x1.62e42fefa39efp-1, 1},
		{1.5, 0x1.9f323ecbf984cp-2, 0x1.2b803473f7ad1p-1},
		{1.0 / 3.0, -0x1.193ea7aad030bp+0, -0x1.95c01a39fbd69p+0},
		{5.0 / 7.0, -0x1.588c2d913348fp-2, -0x1.f113baed305dbp-2},
	}
	for _, tc := range tests {
		if got := ddLog(tc.x, false); got != tc.ln {
			t.Errorf("ln %v: got %x, want %x", tc.x, got, tc.ln)
		}
		if got := ddLog(tc.x, true); got != tc.lg2 {
			t.Errorf("log2 %v: got %x, want %x", tc.x, got, tc.lg2)
		}
	}
	if got := ddLog(-1, true); !math.IsNaN(got) || !math.Signbit(got) {
		t.Errorf("log2 -1: got %v, want -nan", got)
	}
	if got := ddLog(0, false); !math.IsInf(got, -1) {
		t.Errorf("ln 0: got %v, want -Inf", got)
	}
}

// TestExpC checks expC against glibc's exp (printed with %a by a C
// program); math.Exp(log 0.21875) is 0.21875, which prints as 0.2188 where
// trec_eval prints 0.2187.
func TestExpC(t *testing.T) {
	for _, tc := range []struct{ x, want float64 }{
		{-0x1.85134cf3f367fp+0, 0x1.bffffffffffffp-3},
		{-2.5, 0x1.50385c094f425p-4},
		{-11.3, 0x1.9f2a9c30dbeep-17},
		{0, 1},
	} {
		if got := expC(tc.x); got != tc.want {
			t.Errorf("exp %x: got %x, want %x", tc.x, got, tc.want)
		}
	}
	if got := logC(0.21875); got != -0x1.85134cf3f367fp+0 {
		t.Errorf("log 0.21875: got %x", got)
	}
	if !math.IsInf(expC(1000), 1) || expC(-1000) != 0 {
		t.Errorf("exp ±1000: got %v, %v", expC(1000), expC(-1000))
	}
}
