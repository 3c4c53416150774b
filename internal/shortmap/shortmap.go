// Package shortmap holds a hash map from byte strings to 32-bit ids whose
// slots hold the keys themselves when they are short: a lookup of a short
// key reads one slot, where a Go map reads its control word, its slot and
// then the key's bytes elsewhere on the heap (three cache misses for a key
// seen rarely). The analyzers' token memos and an index build's shared
// dictionary look up every token of a corpus in one.
package shortmap

import (
	"hash/maphash"
	"unsafe"
)

// KeyLen is the longest key a Map holds in its slots; longer keys (rare in
// text) and the empty key go to a Go map.
const KeyLen = 24

// A Map maps byte strings to ids, as a map[string]V would. Its slots are a
// power of two, at most half full, and grow from none, so a Map that holds
// a few keys stays small. The zero Map is empty and ready to use. A Map is
// not safe for concurrent use.
type Map[V ~int32 | ~uint32] struct {
	seed  maphash.Seed
	slots []slot[V] // nil until the first short key is put
	n     int       // keys in slots
	long  map[string]V
}

// A slot holds a key of at most KeyLen bytes (n: its length; 0 for an empty
// slot) and its id, in 32 bytes: two to a cache line.
type slot[V ~int32 | ~uint32] struct {
	key [KeyLen]byte
	n   uint8
	id  V
}

// Len returns the number of keys held.
func (m *Map[V]) Len() int { return m.n + len(m.long) }

// Clear empties the map and keeps its slots.
func (m *Map[V]) Clear() {
	clear(m.slots)
	m.n = 0
	clear(m.long)
}

// Get returns the id of key k, if held.
func (m *Map[V]) Get(k []byte) (V, bool) {
	if !inline(k) {
		id, ok := m.long[string(k)]
		return id, ok
	}
	if m.slots == nil {
		return 0, false
	}
	mask := uint64(len(m.slots) - 1)
	for i := maphash.Bytes(m.seed, k) & mask; ; i = (i + 1) & mask {
		s := &m.slots[i]
		if s.n == 0 {
			return 0, false
		}
		if int(s.n) == len(k) && string(s.key[:len(k)]) == string(k) {
			return s.id, true
		}
	}
}

// GetString is Get for a key held in a string.
func (m *Map[V]) GetString(k string) (V, bool) { return m.Get(stringBytes(k)) }

// Put holds id for key k, which the map must not hold yet; k is copied.
func (m *Map[V]) Put(k []byte, id V) {
	if !inline(k) {
		if m.long == nil {
			m.long = map[string]V{}
		}
		m.long[string(k)] = id
		return
	}
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	m.insert(k, id)
	m.n++
}

// PutString is Put for a key held in a string.
func (m *Map[V]) PutString(k string, id V) { m.Put(stringBytes(k), id) }

// inline reports whether k is held in a slot: 1 to KeyLen bytes (a slot's
// length 0 marks it empty).
func inline(k []byte) bool { return uint(len(k)-1) < KeyLen }

// insert puts k in the first free slot of its probe sequence.
func (m *Map[V]) insert(k []byte, id V) {
	mask := uint64(len(m.slots) - 1)
	i := maphash.Bytes(m.seed, k) & mask
	for m.slots[i].n != 0 {
		i = (i + 1) & mask
	}
	s := &m.slots[i]
	copy(s.key[:], k)
	s.n, s.id = uint8(len(k)), id
}

// grow doubles the slots (1024 at first) and puts the keys back.
func (m *Map[V]) grow() {
	if m.slots == nil {
		m.seed = maphash.MakeSeed()
	}
	old := m.slots
	m.slots = make([]slot[V], max(1024, 2*len(old)))
	for i := range old {
		if s := &old[i]; s.n != 0 {
			m.insert(s.key[:s.n], s.id)
		}
	}
}

// stringBytes returns the bytes of s without copying them; they are only
// read.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
