// Package weightfile reads and writes the weight file of package use:
// the USE-lite vocabulary and tensors, in the order and shapes of Tensors.
package weightfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"unsafe"
)

// The weight file (use-lite.bin), written by internal/convert:
//
//	magic "argsearch/use-lite" and a version byte (1)
//	uint32 number of pieces, then each piece: uint16 byte length, its
//	       UTF-8 bytes, float64 score
//	the tensors of Tensors, in that order, each: uint8 number of
//	       dimensions, uint32 each dimension, zero bytes up to a multiple
//	       of 4 from the file's start, float32 values, row-major
//	uint32 CRC-32 (Castagnoli) of everything before it
//
// All numbers are little-endian.
const (
	fileMagic   = "argsearch/use-lite"
	fileVersion = 1
)

// ErrFormat is wrapped by every error about a weight file that is not one.
var ErrFormat = errors.New("not a USE-lite weight file")

// The tensors of the model, in file order, with their shapes. d is the
// embedding width (256), h the model width (512), f the feed-forward
// width (1536).
var Tensors = [...]struct {
	Name  string
	Shape []int
}{
	{"embeddings", []int{8002, 256}},
	{"timing", []int{128}},
	{"l0.residual.w", []int{256, 512}}, {"l0.residual.b", []int{512}},
	{"l0.norm1.scale", []int{256}}, {"l0.norm1.bias", []int{256}},
	{"l0.qkv.w", []int{256, 768}}, {"l0.qkv.b", []int{768}},
	{"l0.out.w", []int{256, 512}}, {"l0.out.b", []int{512}},
	{"l0.norm2.scale", []int{512}}, {"l0.norm2.bias", []int{512}},
	{"l0.ffn1.w", []int{512, 1536}}, {"l0.ffn1.b", []int{1536}},
	{"l0.ffn2.w", []int{1536, 512}}, {"l0.ffn2.b", []int{512}},
	{"l1.norm1.scale", []int{512}}, {"l1.norm1.bias", []int{512}},
	{"l1.qkv.w", []int{512, 1536}}, {"l1.qkv.b", []int{1536}},
	{"l1.out.w", []int{512, 512}}, {"l1.out.b", []int{512}},
	{"l1.norm2.scale", []int{512}}, {"l1.norm2.bias", []int{512}},
	{"l1.ffn1.w", []int{512, 1536}}, {"l1.ffn1.b", []int{1536}},
	{"l1.ffn2.w", []int{1536, 512}}, {"l1.ffn2.b", []int{512}},
	{"tanh.w", []int{512, 512}}, {"tanh.b", []int{512}},
}

// Weights is a decoded weight file: the pieces of the vocabulary, their
// scores, and the tensors by name.
type Weights struct {
	Pieces  []string
	Scores  []float64
	Tensors map[string][]float32
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Decode reads a weight file.
func Decode(b []byte) (*Weights, error) {
	if len(b) < len(fileMagic)+1+4 || string(b[:len(fileMagic)]) != fileMagic {
		return nil, fmt.Errorf("%w: no %q header", ErrFormat, fileMagic)
	}
	if v := b[len(fileMagic)]; v != fileVersion {
		return nil, fmt.Errorf("%w: version %d, want %d", ErrFormat, v, fileVersion)
	}
	body, sum := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch (truncated or corrupt)", ErrFormat)
	}
	r := reader{b: b[len(fileMagic)+1 : len(b)-4]}
	n := int(r.u32())
	if r.err != nil || n > len(r.b) {
		return nil, fmt.Errorf("%w: %d pieces", ErrFormat, n)
	}
	w := &Weights{Pieces: make([]string, n), Scores: make([]float64, n), Tensors: map[string][]float32{}}
	for i := range n {
		l := int(r.u16())
		w.Pieces[i] = string(r.bytes(l))
		w.Scores[i] = math.Float64frombits(r.u64())
	}
	for _, t := range Tensors {
		dims := int(r.u8())
		if r.err == nil && dims != len(t.Shape) {
			return nil, fmt.Errorf("%w: tensor %s has %d dimensions, want %d", ErrFormat, t.Name, dims, len(t.Shape))
		}
		size := 1
		for i := range dims {
			d := int(r.u32())
			if r.err == nil && d != t.Shape[i] {
				return nil, fmt.Errorf("%w: tensor %s has shape dimension %d of %d, want %d", ErrFormat, t.Name, i, d, t.Shape[i])
			}
			size *= t.Shape[i]
		}
		r.bytes(pad(len(b) - len(r.b) - 4))
		raw := r.bytes(4 * size)
		if r.err != nil {
			break
		}
		w.Tensors[t.Name] = floats(raw)
	}
	if r.err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFormat, r.err)
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the last tensor", ErrFormat, len(r.b))
	}
	if n+2 != Tensors[0].Shape[0] {
		return nil, fmt.Errorf("%w: %d pieces for %d embeddings", ErrFormat, n, Tensors[0].Shape[0])
	}
	return w, nil
}

// reader reads little-endian numbers; its first error sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n > len(r.b) {
		r.err = errors.New("unexpected end of file")
		return nil
	}
	b := r.b[:n]
	r.b = r.b[n:]
	return b
}

func (r *reader) u8() uint8 {
	if b := r.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (r *reader) u16() uint16 {
	if b := r.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) u64() uint64 {
	if b := r.bytes(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// Encode writes w as a weight file. Every tensor of Tensors must be there,
// of its shape.
func Encode(w *Weights) ([]byte, error) {
	if len(w.Pieces) != len(w.Scores) || len(w.Pieces)+2 != Tensors[0].Shape[0] {
		return nil, fmt.Errorf("%d pieces and %d scores for %d embeddings", len(w.Pieces), len(w.Scores), Tensors[0].Shape[0])
	}
	b := append([]byte(fileMagic), fileVersion)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(w.Pieces)))
	for i, p := range w.Pieces {
		if len(p) > math.MaxUint16 {
			return nil, fmt.Errorf("piece %d is %d bytes long", i, len(p))
		}
		b = binary.LittleEndian.AppendUint16(b, uint16(len(p)))
		b = append(b, p...)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(w.Scores[i]))
	}
	for _, t := range Tensors {
		v := w.Tensors[t.Name]
		size := 1
		for _, d := range t.Shape {
			size *= d
		}
		if len(v) != size {
			return nil, fmt.Errorf("tensor %s has %d values, want %d", t.Name, len(v), size)
		}
		b = append(b, uint8(len(t.Shape)))
		for _, d := range t.Shape {
			b = binary.LittleEndian.AppendUint32(b, uint32(d))
		}
		b = append(b, make([]byte, pad(len(b)))...)
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli)), nil
}

// pad is the number of zero bytes that bring offset to a multiple of 4.
func pad(offset int) int { return (4 - offset%4) % 4 }

// floats returns the little-endian float32s of raw: raw itself, read in
// place, where the machine is little-endian and raw is aligned for
// float32 (an embedded file is never written to), a copy otherwise.
func floats(raw []byte) []float32 {
	n := len(raw) / 4
	if n == 0 {
		return []float32{}
	}
	if littleEndian && uintptr(unsafe.Pointer(&raw[0]))%4 == 0 {
		return unsafe.Slice((*float32)(unsafe.Pointer(&raw[0])), n)
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
	return v
}

// littleEndian reports whether the machine stores numbers little-endian.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
