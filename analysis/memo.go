package analysis

import "hash/maphash"

// memoKey is the longest token a tokenMemo keeps in its table; longer ones
// (rare) go to a map.
const memoKey = 24

// A tokenMemo maps raw tokens to term ids (-1: dropped), or terms to
// their ids, as a map[string]int32 would, in an open-addressing table whose slots hold the
// token's bytes: a lookup reads one slot, where a Go map reads its control
// word, its slot and then the key's bytes elsewhere on the heap (three cache
// misses for a rare token; an index build looks up every token of the
// corpus). The table grows from empty, so an analyzer that reads a query
// or two stays small.
type tokenMemo struct {
	seed  maphash.Seed
	slots []memoSlot // a power of two of them, at most half full; nil until the first put
	n     int        // tokens in slots
	long  map[string]int32
}

// A memoSlot holds a token of at most memoKey bytes (n: its length; 0 for
// an empty slot) and its term id. It is 32 bytes: two to a cache line.
type memoSlot struct {
	key [memoKey]byte
	n   uint8
	id  int32
}

func newTokenMemo() tokenMemo {
	return tokenMemo{seed: maphash.MakeSeed(), long: map[string]int32{}}
}

// len returns the number of tokens held.
func (m *tokenMemo) len() int { return m.n + len(m.long) }

// clear empties the memo and keeps its table.
func (m *tokenMemo) clear() {
	clear(m.slots)
	m.n = 0
	clear(m.long)
}

// get returns the id of tok, if held.
func (m *tokenMemo) get(tok []byte) (int32, bool) {
	if len(tok) > memoKey {
		id, ok := m.long[string(tok)]
		return id, ok
	}
	if m.slots == nil {
		return 0, false
	}
	mask := uint64(len(m.slots) - 1)
	for i := maphash.Bytes(m.seed, tok) & mask; ; i = (i + 1) & mask {
		s := &m.slots[i]
		if s.n == 0 {
			return 0, false
		}
		if int(s.n) == len(tok) && string(s.key[:len(tok)]) == string(tok) {
			return s.id, true
		}
	}
}

// put holds id for tok, which it does not hold yet.
func (m *tokenMemo) put(tok []byte, id int32) {
	if len(tok) > memoKey {
		m.long[string(tok)] = id
		return
	}
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	m.insert(tok, id)
	m.n++
}

// insert puts tok in the first free slot of its probe sequence.
func (m *tokenMemo) insert(tok []byte, id int32) {
	mask := uint64(len(m.slots) - 1)
	i := maphash.Bytes(m.seed, tok) & mask
	for m.slots[i].n != 0 {
		i = (i + 1) & mask
	}
	s := &m.slots[i]
	copy(s.key[:], tok)
	s.n, s.id = uint8(len(tok)), id
}

// grow doubles the table (1024 slots at first) and puts the tokens back.
func (m *tokenMemo) grow() {
	old := m.slots
	m.slots = make([]memoSlot, max(1024, 2*len(old)))
	for i := range old {
		if s := &old[i]; s.n != 0 {
			m.insert(s.key[:s.n], s.id)
		}
	}
}
