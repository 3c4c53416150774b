// Package shortmap holds a hash map from byte strings to 32-bit ids whose
// slots hold the keys themselves when they are short: a lookup of a short
// key reads one slot, where a Go map reads its control word, its slot and
// then the key's bytes elsewhere on the heap (three cache misses for a key
// seen rarely). The analyzers' token memos and an index build's shared
// dictionary look up every token of a corpus in one.
package shortmap

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
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
	seed  uint64    // 0 until the first Hash or Put
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
	return m.GetHash(k, hash(m.seed, k))
}

// Hash returns the hash of key k that GetHash and PutHash take. It depends
// on k and the map's seed, which the map's first Hash or Put sets (and
// Clear keeps); after that, Hash only reads the map, so goroutines may
// hash keys at once while one of them (or none) uses the map, and a key's
// hash stays valid while the map grows.
func (m *Map[V]) Hash(k []byte) uint64 {
	if m.seed == 0 {
		m.seed = rand.Uint64() | 1
	}
	return hash(m.seed, k)
}

// hash hashes a key of 1 to KeyLen bytes (0 for other keys, which no slot
// holds) with seed, reading it 8 bytes at a time (4 or 1 for shorter keys),
// the words mixed as wyhash mixes them: a 128-bit product folded to 64 bits.
func hash(seed uint64, k []byte) uint64 {
	n := len(k)
	if uint(n-1) >= KeyLen {
		return 0
	}
	const m1, m2, m3 = 0xa0761d6478bd642f, 0xe7037ed1a0b428db, 0x8ebc6af09c88c6e3
	le := binary.LittleEndian
	var a, b, c uint64
	switch {
	case n > 16:
		a, b, c = le.Uint64(k), le.Uint64(k[8:]), le.Uint64(k[n-8:])
	case n >= 8:
		a, b = le.Uint64(k), le.Uint64(k[n-8:])
	case n >= 4:
		a, b = uint64(le.Uint32(k)), uint64(le.Uint32(k[n-4:]))
	default:
		a = uint64(k[0])<<16 | uint64(k[n>>1])<<8 | uint64(k[n-1])
	}
	h := mix(a^m1, b^seed) ^ mix(c^m2, uint64(n)^seed^m3)
	return mix(h, seed^m1)
}

// mix multiplies a and b and folds the 128-bit product to 64 bits.
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// Touch reads the slot where a key of hash h is looked for first, and
// returns a byte of it (for the caller to keep, so that the read is not
// dropped). A caller that touches the slots of several keys before it
// looks them up has their cache misses overlap, where lookups one after
// the other, each followed by work that depends on it, wait for one miss
// at a time.
func (m *Map[V]) Touch(h uint64) uint8 {
	if len(m.slots) == 0 {
		return 0
	}
	return m.slots[h&uint64(len(m.slots)-1)].n
}

// GetHash is Get for a key whose Hash is h.
func (m *Map[V]) GetHash(k []byte, h uint64) (V, bool) {
	if !inline(k) {
		id, ok := m.long[string(k)]
		return id, ok
	}
	if m.slots == nil {
		return 0, false
	}
	mask := uint64(len(m.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
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

// HashString is Hash for a key held in a string.
func (m *Map[V]) HashString(k string) uint64 { return m.Hash(stringBytes(k)) }

// GetHashString is GetHash for a key held in a string.
func (m *Map[V]) GetHashString(k string, h uint64) (V, bool) { return m.GetHash(stringBytes(k), h) }

// Put holds id for key k, which the map must not hold yet; k is copied.
func (m *Map[V]) Put(k []byte, id V) {
	var h uint64
	if inline(k) {
		h = m.Hash(k)
	}
	m.PutHash(k, h, id)
}

// PutHash is Put for a key whose Hash is h.
func (m *Map[V]) PutHash(k []byte, h uint64, id V) {
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
	m.insert(k, h, id)
	m.n++
}

// PutString is Put for a key held in a string.
func (m *Map[V]) PutString(k string, id V) { m.Put(stringBytes(k), id) }

// PutHashString is PutHash for a key held in a string.
func (m *Map[V]) PutHashString(k string, h uint64, id V) { m.PutHash(stringBytes(k), h, id) }

// inline reports whether k is held in a slot: 1 to KeyLen bytes (a slot's
// length 0 marks it empty).
func inline(k []byte) bool { return uint(len(k)-1) < KeyLen }

// insert puts k, of hash h, in the first free slot of its probe sequence.
func (m *Map[V]) insert(k []byte, h uint64, id V) {
	mask := uint64(len(m.slots) - 1)
	i := h & mask
	for m.slots[i].n != 0 {
		i = (i + 1) & mask
	}
	s := &m.slots[i]
	copy(s.key[:], k)
	s.n, s.id = uint8(len(k)), id
}

// grow doubles the slots (1024 at first) and puts the keys back.
func (m *Map[V]) grow() {
	old := m.slots
	m.slots = make([]slot[V], max(1024, 2*len(old)))
	for i := range old {
		if s := &old[i]; s.n != 0 {
			m.insert(s.key[:s.n], m.Hash(s.key[:s.n]), s.id)
		}
	}
}

// stringBytes returns the bytes of s without copying them; they are only
// read.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
