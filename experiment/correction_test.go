package experiment

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestBonferroni(t *testing.T) {
	got := adjusted(t, "bonferroni", []float64{0.01, 0.2, 0.5})
	want := []float64{0.03, 0.6, 1}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
}

func TestHolm(t *testing.T) {
	// Sorted: 0.01 ×3 = 0.03, 0.02 ×2 = 0.04, 0.04 ×1 = 0.04.
	got := adjusted(t, "holm", []float64{0.04, 0.01, 0.02})
	if diff := cmp.Diff([]float64{0.04, 0.03, 0.04}, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
		t.Errorf("Holm (-want +got):\n%s", diff)
	}
	// R's p.adjust(c(0.5, 0.01, 0.5, 0.3), "holm"): sorted 0.01 ×4 = 0.04,
	// 0.3 ×3 = 0.9, 0.5 ×2 = 1, 0.5 ×1 = 0.5, raised to 1 by the one
	// before it: 1 0.04 1 0.9.
	got = adjusted(t, "holm", []float64{0.5, 0.01, 0.5, 0.3})
	if diff := cmp.Diff([]float64{1, 0.04, 1, 0.9}, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
		t.Errorf("Holm (-want +got):\n%s", diff)
	}
	if got := adjusted(t, "holm", nil); len(got) != 0 {
		t.Errorf("Holm(nil): got %v", got)
	}
}

// adjusted returns adjust's p-values, failing the test on an error.
func adjusted(t *testing.T, method string, p []float64) []float64 {
	t.Helper()
	q, err := adjust(p, method)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestAdjustNone(t *testing.T) {
	p := []float64{0.04, 0.5}
	got := adjusted(t, "none", p)
	if diff := cmp.Diff(p, got); diff != "" {
		t.Errorf("none (-want +got):\n%s", diff)
	}
	if _, err := adjust(p, "sidak"); err == nil {
		t.Error("sidak: got no error")
	}
}
