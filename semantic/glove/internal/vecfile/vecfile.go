// Package vecfile reads and writes the word-vector file of package glove:
//
//	magic "argsearch/glove" and a version byte (1)
//	uint32 number of words, uint16 dimensions
//	each word: uint8 byte length, its UTF-8 bytes
//	each word's scale: float32 (its vector is scale × its int8 values)
//	each word's int8 values
//	uint32 CRC-32 (Castagnoli) of everything before it
//
// All numbers are little-endian.
package vecfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"unicode/utf8"
)

const (
	magic   = "argsearch/glove"
	version = 1
)

// ErrFormat is wrapped by every error about a file that is not a
// word-vector file.
var ErrFormat = errors.New("not a word-vector file")

// Vectors is a decoded file: word i's vector is Scales[i] times
// Values[i·Dims : (i+1)·Dims].
type Vectors struct {
	Words  []string
	Dims   int
	Scales []float32
	Values []int8
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Encode writes v.
func Encode(v *Vectors) ([]byte, error) {
	if len(v.Scales) != len(v.Words) || len(v.Values) != len(v.Words)*v.Dims || v.Dims <= 0 || v.Dims > math.MaxUint16 {
		return nil, fmt.Errorf("%d words, %d scales, %d values of %d dimensions", len(v.Words), len(v.Scales), len(v.Values), v.Dims)
	}
	b := append([]byte(magic), version)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(v.Words)))
	b = binary.LittleEndian.AppendUint16(b, uint16(v.Dims))
	for i, w := range v.Words {
		if len(w) == 0 || len(w) > math.MaxUint8 || !utf8.ValidString(w) {
			return nil, fmt.Errorf("word %d (%q): empty, longer than 255 bytes or not UTF-8", i, w)
		}
		b = append(b, uint8(len(w)))
		b = append(b, w...)
	}
	for _, s := range v.Scales {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(s))
	}
	for _, x := range v.Values {
		b = append(b, byte(x))
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli)), nil
}

// Decode reads a file Encode wrote.
func Decode(b []byte) (*Vectors, error) {
	head := len(magic) + 1 + 4 + 2
	if len(b) < head+4 || string(b[:len(magic)]) != magic {
		return nil, fmt.Errorf("%w: no %q header", ErrFormat, magic)
	}
	if b[len(magic)] != version {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrFormat, b[len(magic)], version)
	}
	body := b[:len(b)-4]
	if crc32.Checksum(body, castagnoli) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch (truncated or corrupt)", ErrFormat)
	}
	n := int(binary.LittleEndian.Uint32(b[len(magic)+1:]))
	dims := int(binary.LittleEndian.Uint16(b[len(magic)+5:]))
	rest := body[head:]
	if dims == 0 || n > len(rest) {
		return nil, fmt.Errorf("%w: %d words of %d dimensions", ErrFormat, n, dims)
	}
	v := &Vectors{Words: make([]string, n), Dims: dims, Scales: make([]float32, n)}
	for i := range n {
		if len(rest) < 1 || len(rest) < 1+int(rest[0]) || rest[0] == 0 {
			return nil, fmt.Errorf("%w: word %d runs past the end", ErrFormat, i)
		}
		v.Words[i] = string(rest[1 : 1+int(rest[0])])
		rest = rest[1+int(rest[0]):]
	}
	if len(rest) != n*4+n*dims {
		return nil, fmt.Errorf("%w: %d bytes of scales and values for %d words of %d dimensions", ErrFormat, len(rest), n, dims)
	}
	for i := range n {
		v.Scales[i] = math.Float32frombits(binary.LittleEndian.Uint32(rest[4*i:]))
	}
	rest = rest[4*n:]
	v.Values = make([]int8, len(rest))
	for i, x := range rest {
		v.Values[i] = int8(x)
	}
	return v, nil
}
