package build

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestVectorSorter checks that a vectorSorter emits each document's term
// vector as sorting it on its own does (appendMerged): over chunks of
// many documents and of many keys, with dropped terms, terms conflated to
// one id (their frequencies summed), empty documents, and ids and
// frequencies too large for a key's bits.
func TestVectorSorter(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const terms = 5000
	newIDs := make([]uint32, terms)
	for g := range newIDs {
		switch x := r.IntN(100); {
		case x < 5:
			newIDs[g] = ^uint32(0) // dropped
		case x < 10:
			newIDs[g] = 1<<vecIDBits + uint32(r.IntN(10)) // too large for a key
		default:
			newIDs[g] = uint32(r.IntN(terms / 2)) // some conflated
		}
	}
	newID := func(run int, g uint64) uint32 {
		if run == 1 {
			return uint32(g) // every id fits
		}
		return newIDs[g]
	}
	type doc struct {
		run int
		v   []byte
	}
	var docs []doc
	for d := range 3*vecChunkDocs + 100 {
		n := r.IntN(8)
		switch {
		case d%1000 == 0:
			n = 0
		case d%5000 == 7:
			n = vecChunkKeys + r.IntN(1000)
		}
		run := 0
		if d%3 == 1 {
			run = 1
		}
		var v []byte
		for range n {
			g := uint64(r.IntN(terms))
			if run == 0 && newIDs[g] >= 1<<vecIDBits && newIDs[g] != ^uint32(0) && r.IntN(50) > 0 {
				continue // few documents sorted alone
			}
			tf := uint32(1 + r.IntN(3))
			if r.IntN(100000) == 0 {
				tf = 1<<vecTFBits + 3
			}
			v = appendPosting(v, g, tf)
		}
		docs = append(docs, doc{run, v})
	}
	var want [][]byte
	for _, d := range docs {
		var ents []uint64
		for p := d.v; len(p) > 0; {
			var g uint64
			var tf uint32
			g, tf, p = readPosting(p)
			if id := newID(d.run, g); id != ^uint32(0) {
				ents = append(ents, uint64(id)<<32|uint64(tf))
			}
		}
		want = append(want, appendMerged(nil, ents, nil))
	}
	var got [][]byte
	vs := &vectorSorter{emit: func(enc []byte) error {
		got = append(got, bytes.Clone(enc))
		return nil
	}}
	for _, d := range docs {
		if err := vs.add(d.run, d.v, newID); err != nil {
			t.Fatal(err)
		}
	}
	if err := vs.flush(); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d term vectors, want %d", len(got), len(want))
	}
	for d := range want {
		if !bytes.Equal(got[d], want[d]) {
			t.Fatalf("document %d: term vector %x, want %x", d, got[d], want[d])
		}
	}
}
