package build

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// TestGIDTable puts terms into a gidTable past several growths and reads
// them back, with terms it must not hold (too long, never put, another
// generation's).
func TestGIDTable(t *testing.T) {
	if n := unsafe.Sizeof(gidSlot{}); n != 32 {
		t.Errorf("a gidSlot takes %d bytes, want 32", n)
	}
	var tab gidTable
	const n = 10000
	term := func(i int) string { return fmt.Sprintf("t%d", i*7919) }
	for i := range n {
		if _, ok := tab.get(term(i)); ok {
			t.Fatalf("get(%q) before put: held", term(i))
		}
		tab.put(term(i), uint32(i))
	}
	long := strings.Repeat("x", gidKey+1)
	tab.put(long, 1)
	for i := range n {
		if g, ok := tab.get(term(i)); !ok || g != uint32(i) {
			t.Fatalf("get(%q) = %d, %v; want %d, true", term(i), g, ok, i)
		}
	}
	for _, s := range []string{long, "t1", "", "t0x"} {
		if g, ok := tab.get(s); ok {
			t.Errorf("get(%q) = %d, held; want not held", s, g)
		}
	}
	if full := strings.Repeat("y", gidKey); true {
		tab.put(full, 77)
		if g, ok := tab.get(full); !ok || g != 77 {
			t.Errorf("get of a %d-byte term = %d, %v; want 77, true", gidKey, g, ok)
		}
	}
	tab.reset(1)
	if _, ok := tab.get(term(3)); ok || tab.gen != 1 {
		t.Errorf("after reset: term held or generation %d", tab.gen)
	}
}

// TestGIDTableBound fills a gidTable to its bound: terms past it are not
// held, and those before it still are.
func TestGIDTableBound(t *testing.T) {
	if testing.Short() {
		t.Skip("fills 32 MiB")
	}
	var tab gidTable
	limit := maxGIDSlots * 3 / 4
	for i := range limit + 100 {
		tab.put(fmt.Sprint(i), uint32(i))
	}
	if len(tab.slots) != maxGIDSlots {
		t.Fatalf("%d slots, want %d", len(tab.slots), maxGIDSlots)
	}
	if g, ok := tab.get(fmt.Sprint(limit - 1)); !ok || g != uint32(limit-1) {
		t.Errorf("last term before the bound: %d, %v", g, ok)
	}
	if _, ok := tab.get(fmt.Sprint(limit + 50)); ok {
		t.Errorf("a term past the bound is held")
	}
}
