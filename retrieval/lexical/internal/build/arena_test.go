package build

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestArena(t *testing.T) {
	var a arena
	r := rand.New(rand.NewPCG(3, 4))
	lists := make([]plist, 50)
	want := make([][]byte, len(lists))
	for range 20000 {
		i := r.IntN(len(lists))
		b := make([]byte, 1+r.IntN(40))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		a.append(&lists[i], b)
		want[i] = append(want[i], b...)
	}
	for i := range lists {
		if got := a.appendTo(nil, &lists[i]); !bytes.Equal(got, want[i]) {
			t.Fatalf("list %d: got %d bytes, want %d", i, len(got), len(want[i]))
		}
	}
	// Direct allocations, including one larger than a chunk.
	small := a.alloc(10)
	copy(a.at(small, 10), "0123456789")
	big := a.alloc(arenaChunk + 5)
	a.at(big, arenaChunk+5)[arenaChunk+4] = 'x'
	after := a.alloc(3)
	copy(a.at(after, 3), "abc")
	if string(a.at(small, 10)) != "0123456789" || a.at(big, arenaChunk+5)[arenaChunk+4] != 'x' || string(a.at(after, 3)) != "abc" {
		t.Fatal("allocations overlap")
	}
}

// TestArenaEmptyAtChunkEnd allocates nothing (the term vector of a
// document without terms) when the last chunk is exactly full: its address
// is the next chunk's start, which does not exist yet.
func TestArenaEmptyAtChunkEnd(t *testing.T) {
	var a arena
	a.alloc(arenaChunk - 8)
	a.alloc(8)
	at := a.alloc(0)
	if got := a.at(at, 0); len(got) != 0 {
		t.Fatalf("got %d bytes, want none", len(got))
	}
}
