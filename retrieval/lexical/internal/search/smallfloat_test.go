package search

import "testing"

func TestQuantizeLengthFn(t *testing.T) {
	// Values from Lucene 8's SmallFloat: exact below 24, then four
	// significant bits.
	for _, c := range []struct{ in, want uint32 }{
		{0, 0}, {1, 1}, {23, 23}, {24, 24}, {31, 31}, {32, 32}, {33, 33}, {39, 39},
		{40, 40}, {41, 40}, {42, 42}, {100, 96}, {1000, 984},
	} {
		if got := QuantizeLength(c.in); got != c.want {
			t.Errorf("QuantizeLength(%d) = %d, want %d", c.in, got, c.want)
		}
	}
	prev := uint32(0)
	for n := uint32(0); n < 1<<20; n++ {
		q := QuantizeLength(n)
		if q > n || q < prev {
			t.Fatalf("QuantizeLength(%d) = %d: not monotone or above n", n, q)
		}
		if QuantizeLength(q) != q {
			t.Fatalf("QuantizeLength(%d) = %d is not a fixed point", n, q)
		}
		prev = q
	}
}
