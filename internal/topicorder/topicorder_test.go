package topicorder

import (
	"slices"
	"testing"
)

func TestSort(t *testing.T) {
	ids := []string{"10", "b", "2", "a", "1", "02", "-1", "02x"}
	Sort(ids)
	if want := []string{"-1", "1", "02", "2", "10", "02x", "a", "b"}; !slices.Equal(ids, want) {
		t.Errorf("got %q, want %q", ids, want)
	}
	if Compare("5", "5") != 0 || Compare("x", "x") != 0 {
		t.Error("equal ids do not compare equal")
	}
}
