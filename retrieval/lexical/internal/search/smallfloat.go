package search

import "math/bits"

// Lucene 8's one-byte length encoding (org.apache.lucene.util.SmallFloat):
// lengths below 24 are exact, larger ones keep 4 significant bits.
const numFreeValues = 24 // 255 - longToInt4(math.MaxInt32)

func longToInt4(i uint64) uint32 {
	nb := 64 - bits.LeadingZeros64(i)
	if nb < 4 {
		return uint32(i)
	}
	shift := nb - 4
	enc := uint32(i>>shift) & 0x07
	return enc | uint32(shift+1)<<3
}

func int4ToLong(i uint32) uint64 {
	b := uint64(i & 0x07)
	shift := int(i>>3) - 1
	if shift == -1 {
		return b
	}
	return (b | 0x08) << shift
}

// intToByte4 is SmallFloat.intToByte4.
func intToByte4(i uint32) uint8 {
	if i < numFreeValues {
		return uint8(i)
	}
	return uint8(numFreeValues + longToInt4(uint64(i-numFreeValues)))
}

// byte4ToInt is SmallFloat.byte4ToInt.
func byte4ToInt(b uint8) uint32 {
	i := uint32(b)
	if i < numFreeValues {
		return i
	}
	return uint32(min(numFreeValues+int4ToLong(i-numFreeValues), 1<<31-1))
}

// QuantizeLength returns the document length Lucene 8 sees for a document
// of n tokens: n encoded in one byte by SmallFloat.intToByte4 and decoded
// again.
func QuantizeLength(n uint32) uint32 { return byte4ToInt(intToByte4(n)) }
