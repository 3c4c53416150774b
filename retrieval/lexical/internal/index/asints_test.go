package index

import (
	"encoding/binary"
	"slices"
	"testing"
)

// TestAsInts reads whole numbers of uint32s and uint64s from aligned and
// unaligned bytes (the second decoded one by one), and nothing from none.
func TestAsInts(t *testing.T) {
	want32 := []uint32{0, 1, 0xdeadbeef, 1 << 31}
	want64 := []uint64{0, 1, 0xdeadbeefcafe, 1 << 63}
	buf := make([]byte, 8+8*len(want64)+1) // room to start at any offset
	for off := range 8 {
		b := buf[off : off+4*len(want32)]
		for i, x := range want32 {
			binary.LittleEndian.PutUint32(b[4*i:], x)
		}
		if got := asU32s(b); !slices.Equal(got, want32) {
			t.Errorf("asU32s at offset %d = %v, want %v", off, got, want32)
		}
		b = buf[off : off+8*len(want64)]
		for i, x := range want64 {
			binary.LittleEndian.PutUint64(b[8*i:], x)
		}
		if got := asU64s(b); !slices.Equal(got, want64) {
			t.Errorf("asU64s at offset %d = %v, want %v", off, got, want64)
		}
	}
	if got := asU32s(nil); got == nil || len(got) != 0 {
		t.Errorf("asU32s(nil) = %#v, want an empty, non-nil slice", got)
	}
	if got := asU64s([]byte{}); got == nil || len(got) != 0 {
		t.Errorf("asU64s(empty) = %#v, want an empty, non-nil slice", got)
	}
}
