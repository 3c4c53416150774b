package analysis

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTokenMemo checks the memo against a map over tokens of every length
// up to past memoKey, through growth and clearing.
func TestTokenMemo(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	m := newTokenMemo()
	want := map[string]int32{}
	for round := range 3 {
		for i := range 50000 {
			// 40,000 distinct stems, each cut to a length of 1 to 31
			// bytes: short tokens in the table, long ones in the map.
			long := strings.Repeat(fmt.Sprintf("%x.", r.Uint64N(40000)), 32)
			tok := long[:1+r.IntN(31)]
			id, ok := m.get([]byte(tok))
			wid, wok := want[tok]
			if ok != wok || id != wid {
				t.Fatalf("round %d, step %d: get(%q) = %d, %v; want %d, %v", round, i, tok, id, ok, wid, wok)
			}
			if !ok {
				m.put([]byte(tok), int32(i))
				want[tok] = int32(i)
			}
			if m.len() != len(want) {
				t.Fatalf("round %d: len %d, want %d", round, m.len(), len(want))
			}
		}
		m.clear()
		clear(want)
		if _, ok := m.get([]byte("1")); ok || m.len() != 0 {
			t.Fatalf("round %d: the memo holds tokens after clear", round)
		}
	}
}
