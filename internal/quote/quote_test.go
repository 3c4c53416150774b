package quote

import (
	"strings"
	"testing"
)

func TestQ(t *testing.T) {
	if got, want := Q("a b"), `"a b"`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	long := strings.Repeat("é", 1<<20) // 2 MiB
	got := Q(long)
	if want := `"` + strings.Repeat("é", 50) + `"… (2097152 bytes)`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := Q(strings.Repeat("x", Max)); len(got) != Max+2 {
		t.Errorf("a value of Max bytes: got %d bytes quoted, want it whole", len(got))
	}
}
