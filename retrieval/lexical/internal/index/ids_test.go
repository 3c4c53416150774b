package index

import (
	"fmt"
	"slices"
	"testing"
)

// TestIDCoder checks a builder's front-coded ids, read back one at a time
// and in order from any document, over several restarts.
func TestIDCoder(t *testing.T) {
	var c IDCoder
	var ids []string
	for i := range 3*IDEvery + 5 {
		id := fmt.Sprintf("S%03d-A%d__PREMISE__%d", i/7, i%3, i)
		if i == 20 {
			id = "x"
		}
		ids = append(ids, id)
		c.Add(id)
	}
	for d, want := range ids {
		if got := c.ID(d); got != want {
			t.Errorf("id(%d) = %q, want %q", d, got, want)
		}
	}
	for _, first := range []int{0, 1, IDEvery, len(ids) - 1, len(ids)} {
		var got []string
		c.Each(first, func(d int, id []byte) { got = append(got, string(id)) })
		if !slices.Equal(got, ids[first:]) && !(len(got) == 0 && first == len(ids)) {
			t.Errorf("each(%d) = %q, want %q", first, got, ids[first:])
		}
	}
}
