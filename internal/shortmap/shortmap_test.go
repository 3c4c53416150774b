package shortmap

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMap checks a Map against a Go map over keys of every length from 0
// to past KeyLen, through growth and clearing, by Get and GetString.
func TestMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var m Map[int32]
	want := map[string]int32{}
	for round := range 3 {
		for i := range 50000 {
			// 40,000 distinct stems, each cut to a length of 0 to 31
			// bytes: short keys in the slots, long ones in the map.
			long := strings.Repeat(fmt.Sprintf("%x.", r.Uint64N(40000)), 32)
			k := long[:r.IntN(32)]
			id, ok := m.Get([]byte(k))
			sid, sok := m.GetString(k)
			wid, wok := want[k]
			if ok != wok || id != wid || sok != ok || sid != id {
				t.Fatalf("round %d, step %d: Get(%q) = %d, %v, GetString %d, %v; want %d, %v", round, i, k, id, ok, sid, sok, wid, wok)
			}
			if !ok {
				if i%2 == 0 {
					m.Put([]byte(k), int32(i))
				} else {
					m.PutString(k, int32(i))
				}
				want[k] = int32(i)
			}
			if m.Len() != len(want) {
				t.Fatalf("round %d: Len %d, want %d", round, m.Len(), len(want))
			}
		}
		m.Clear()
		clear(want)
		if _, ok := m.Get([]byte("1")); ok || m.Len() != 0 {
			t.Fatalf("round %d: the map holds keys after Clear", round)
		}
	}
}

// TestPutCopies checks that a Map keeps a copy of the key it is given.
func TestPutCopies(t *testing.T) {
	var m Map[uint32]
	short, long := []byte("stance"), []byte(strings.Repeat("x", KeyLen+1))
	m.Put(short, 1)
	m.Put(long, 2)
	short[0], long[0] = 'S', 'X'
	if id, ok := m.GetString("stance"); !ok || id != 1 {
		t.Errorf(`GetString("stance") = %d, %v; want 1, true`, id, ok)
	}
	if id, ok := m.GetString(strings.Repeat("x", KeyLen+1)); !ok || id != 2 {
		t.Errorf("GetString(long key) = %d, %v; want 2, true", id, ok)
	}
}

// TestHostileKeys checks keys a corpus can hold that text rarely does: a
// huge one, ones of NUL and 0xff bytes and invalid UTF-8, one of exactly
// KeyLen bytes and one a byte longer, each held apart from its prefixes.
func TestHostileKeys(t *testing.T) {
	keys := []string{
		strings.Repeat("a", 1<<20),
		"\x00", "\x00\x00", strings.Repeat("\x00", KeyLen), strings.Repeat("\x00", KeyLen+1),
		"\xff\xfe", "\xc3", strings.Repeat("b", KeyLen), strings.Repeat("b", KeyLen+1), "",
	}
	var m Map[int32]
	for i, k := range keys {
		if _, ok := m.GetString(k); ok {
			t.Fatalf("key %d (%d bytes) found before it was put", i, len(k))
		}
		m.Put([]byte(k), int32(i))
	}
	for i, k := range keys {
		if id, ok := m.GetString(k); !ok || id != int32(i) {
			t.Errorf("key %d (%d bytes): %d, %v; want %d, true", i, len(k), id, ok, i)
		}
	}
	if m.Len() != len(keys) {
		t.Errorf("Len %d, want %d", m.Len(), len(keys))
	}
}

// TestPaddedKeys checks keys that are equal once padded with zero bytes to
// KeyLen (a slot holds a key's bytes zero-padded): they differ by their
// lengths only, and are held apart.
func TestPaddedKeys(t *testing.T) {
	var m Map[int32]
	var keys []string
	for _, stem := range []string{"a", "\x00", "abcdefgh", "abcdefghijklmnop"} {
		for n := len(stem); n <= KeyLen; n++ {
			keys = append(keys, stem+strings.Repeat("\x00", n-len(stem)))
		}
	}
	for i, k := range keys {
		if id, ok := m.GetString(k); ok {
			t.Fatalf("key %q found (%d) before it was put", k, id)
		}
		m.PutString(k, int32(i))
	}
	for i, k := range keys {
		if id, ok := m.Get([]byte(k)); !ok || id != int32(i) {
			t.Errorf("key %q: %d, %v; want %d, true", k, id, ok, i)
		}
	}
}

// FuzzMap checks a Map against a Go map over the keys a fuzzed string
// splits into at '|' (any bytes, lengths 0 to past KeyLen), each put when
// it is missing, through growth.
func FuzzMap(f *testing.F) {
	f.Add("a|b|a|\x00|\x00\x00|abcdefghijklmnopqrstuvwx|abcdefghijklmnopqrstuvwxy||a")
	f.Add(strings.Repeat("k|", 3000))
	f.Fuzz(func(t *testing.T, s string) {
		var m Map[uint32]
		want := map[string]uint32{}
		for i, k := range strings.Split(s, "|") {
			// Many keys from few bytes: each key and its suffixes.
			for j := 0; j <= len(k) && j < 4; j++ {
				k := k[j:]
				id, ok := m.GetString(k)
				wid, wok := want[k]
				if ok != wok || id != wid {
					t.Fatalf("GetString(%q) = %d, %v; want %d, %v", k, id, ok, wid, wok)
				}
				if !ok {
					m.Put([]byte(k), uint32(i))
					want[k] = uint32(i)
				}
			}
		}
		if m.Len() != len(want) {
			t.Fatalf("Len %d, want %d", m.Len(), len(want))
		}
		for k, wid := range want {
			if id, ok := m.GetString(k); !ok || id != wid {
				t.Fatalf("GetString(%q) = %d, %v at the end; want %d, true", k, id, ok, wid)
			}
		}
	})
}

// TestHash checks GetHash and PutHash against Get: hashes taken before the
// first Put (which sets no seed of its own then) stay valid while the map
// grows from none to 64K slots and after Clear, and Touch reads nothing
// from an empty map.
func TestHash(t *testing.T) {
	var m Map[uint32]
	if m.Touch(12345) != 0 {
		t.Fatal("Touch of an empty map is not 0")
	}
	keys := make([][]byte, 20000)
	hs := make([]uint64, len(keys))
	for i := range keys {
		keys[i] = []byte(fmt.Sprintf("k%d", i*7919))
		if i%500 == 0 {
			keys[i] = []byte(strings.Repeat("long", 8) + string(keys[i]))
		}
		hs[i] = m.Hash(keys[i])
	}
	for round := range 2 {
		// The first round puts the keys as bytes, the second as strings.
		for i, k := range keys {
			if round == 0 {
				if _, ok := m.GetHash(k, hs[i]); ok {
					t.Fatalf("round %d: key %q held before its Put", round, k)
				}
				m.PutHash(k, hs[i], uint32(i))
				continue
			}
			if h := m.HashString(string(k)); h != hs[i] {
				t.Fatalf("HashString(%q) = %x, Hash %x", k, h, hs[i])
			}
			if _, ok := m.GetHashString(string(k), hs[i]); ok {
				t.Fatalf("round %d: key %q held before its PutHashString", round, k)
			}
			m.PutHashString(string(k), hs[i], uint32(i))
		}
		for i, k := range keys {
			if h := m.Hash(k); h != hs[i] && inline(k) {
				t.Fatalf("round %d: Hash(%q) changed as the map grew", round, k)
			}
			id, ok := m.Get(k)
			hid, hok := m.GetHash(k, hs[i])
			sid, sok := m.GetHashString(string(k), hs[i])
			if !ok || id != uint32(i) || !hok || hid != id || !sok || sid != id {
				t.Fatalf("round %d: Get(%q) = %d, %v, GetHash %d, %v, GetHashString %d, %v; want %d", round, k, id, ok, hid, hok, sid, sok, i)
			}
		}
		if m.Len() != len(keys) {
			t.Fatalf("round %d: Len %d, want %d", round, m.Len(), len(keys))
		}
		m.Clear()
	}
}
