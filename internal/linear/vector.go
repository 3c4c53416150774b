package linear

import "math"

// FNV-1a 32-bit constants.
const (
	fnvOffset uint32 = 2166136261
	fnvPrime  uint32 = 16777619
)

// MaxBits and MinBits bound the number of hash bits a model may use.
const (
	MinBits = 4
	MaxBits = 24
)

// A Feature is one hashed feature: a bucket and a signed value.
type Feature struct {
	Index uint32
	Value float32
}

// A Vector collects the hashed features of one input. The zero value is not
// usable; make one with NewVector. Reset it to reuse its memory.
type Vector struct {
	bits     uint8
	mask     uint32
	Features []Feature
}

// NewVector returns an empty Vector hashing into 2^bits buckets. It panics
// if bits is outside [MinBits, MaxBits], which is a programmer error.
func NewVector(bits uint8) *Vector {
	if bits < MinBits || bits > MaxBits {
		panic("linear: hash bits out of range")
	}
	return &Vector{bits: bits, mask: 1<<bits - 1}
}

// Reset empties v, keeping its memory.
func (v *Vector) Reset() { v.Features = v.Features[:0] }

// Len returns the number of features added.
func (v *Vector) Len() int { return len(v.Features) }

// Add adds the feature named by the concatenation of parts with the given
// value. Parts are hashed as if joined with the byte 0x1f (unit separator),
// so ("ab", "c") and ("a", "bc") are different features.
func (v *Vector) Add(value float32, parts ...string) {
	h := fnvOffset
	for i, p := range parts {
		if i > 0 {
			h = fnvByte(h, 0x1f)
		}
		h = fnvString(h, p)
	}
	v.addHash(h, value)
}

// Add2 is Add with two parts, without the variadic slice.
func (v *Vector) Add2(value float32, a, b string) {
	h := fnvString(fnvOffset, a)
	h = fnvString(fnvByte(h, 0x1f), b)
	v.addHash(h, value)
}

// Add3 is Add with three parts, without the variadic slice.
func (v *Vector) Add3(value float32, a, b, c string) {
	h := fnvString(fnvOffset, a)
	h = fnvString(fnvByte(h, 0x1f), b)
	h = fnvString(fnvByte(h, 0x1f), c)
	v.addHash(h, value)
}

// fnvByte continues the FNV-1a hash h with the byte c.
func fnvByte(h uint32, c byte) uint32 { return (h ^ uint32(c)) * fnvPrime }

// fnvString continues the FNV-1a hash h with the bytes of s.
func fnvString(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * fnvPrime
	}
	return h
}

func (v *Vector) addHash(h uint32, value float32) {
	idx := (h ^ h>>v.bits) & v.mask
	if h&(1<<31) != 0 {
		value = -value
	}
	v.Features = append(v.Features, Feature{Index: idx, Value: value})
}

// Hash returns the bucket and sign Add would give the feature named by the
// single part name with 2^bits buckets.
func Hash(name string, bits uint8) (index uint32, sign float32) {
	v := Vector{bits: bits, mask: 1<<bits - 1}
	v.Add(1, name)
	return v.Features[0].Index, v.Features[0].Value
}

// Normalize scales the vector's values to unit Euclidean length (summing the
// values of repeated buckets first is not needed: the norm is over the
// features as added). An empty or all-zero vector is left unchanged.
func (v *Vector) Normalize() {
	s := 0.0
	for _, f := range v.Features {
		s += float64(f.Value) * float64(f.Value)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v.Features {
		v.Features[i].Value *= inv
	}
}
