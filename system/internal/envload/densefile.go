package envload

// This file: the dense index of a store's sentences by one encoder, kept
// in a file of the cache directory beside the store file and the lexical
// indexes.
//
// The file is
//
//	header   headerSize bytes: magic, format version, byte-order mark,
//	         dimensions, rows, the ids' bytes, the store's identity,
//	         the encoder's identity, the payload's CRC-32C, the header's
//	         CRC-32C
//	vectors  rows·dimensions float32, native byte order, each row of
//	         length 1 (or all zeros)
//	mean     dimensions float32,
//	scales   rows float32,
//	l1s      rows float32 and
//	codes    rows·stride int8: the 8-bit copy of the vectors less their
//	         mean (densevec.Quant); none of the four when stride is 0
//	         padding to a multiple of 8 bytes
//	ends     rows uint64: the end of each id in the ids' bytes
//	ids      the sentence ids, end to end, in row (store) order
//
// and is mapped, not read: a second run does not encode the sentences
// again, nor copy their vectors.

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"unsafe"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/crc32c"
	"github.com/argsearch/argsearch/internal/densevec"
	"github.com/argsearch/argsearch/internal/mmap"
	"github.com/argsearch/argsearch/semantic"
)

const (
	denseMagic   = "argsearch dense\n"
	denseVersion = 2
	// byteOrderMark is written in the writer's byte order: a file of
	// another byte order reads it reversed.
	byteOrderMark = 0x01020304
	headerSize    = 128
	// denseSamples is the number of rows, spread over the file, that
	// opening a file encodes again and compares bit for bit.
	denseSamples = 64
)

// errDenseFile is the error of a file that is not a sound dense index of
// the store by the encoder.
var errDenseFile = errors.New("not a dense index of this corpus by this encoder")

// A denseHeader is the first headerSize bytes of a file.
type denseHeader struct {
	version, bom, dim uint32
	stride            uint32 // of the 8-bit copy; 0: none
	rows, blob        uint64
	store, encoder    [32]byte
	payloadCRC        uint32
}

// marshal returns the header's bytes, its checksum last.
func (h denseHeader) marshal() []byte {
	b := make([]byte, 0, headerSize)
	b = append(b, denseMagic...)
	b = binary.NativeEndian.AppendUint32(b, h.version)
	b = binary.NativeEndian.AppendUint32(b, h.bom)
	b = binary.NativeEndian.AppendUint32(b, h.dim)
	b = binary.NativeEndian.AppendUint32(b, h.stride)
	b = binary.NativeEndian.AppendUint64(b, h.rows)
	b = binary.NativeEndian.AppendUint64(b, h.blob)
	b = append(b, h.store[:]...)
	b = append(b, h.encoder[:]...)
	b = binary.NativeEndian.AppendUint32(b, h.payloadCRC)
	b = b[:headerSize-4]
	return binary.NativeEndian.AppendUint32(b, crc32c.Checksum(b))
}

// unmarshalHeader reads the header of a file's bytes b, checking what the
// header alone can tell.
func unmarshalHeader(b []byte) (denseHeader, error) {
	var h denseHeader
	if len(b) < headerSize {
		return h, fmt.Errorf("%d bytes, shorter than a header (truncated)", len(b))
	}
	if string(b[:len(denseMagic)]) != denseMagic {
		return h, errors.New("no dense index (its first bytes are not the format's)")
	}
	p := b[len(denseMagic):]
	u32 := func() uint32 { v := binary.NativeEndian.Uint32(p); p = p[4:]; return v }
	u64 := func() uint64 { v := binary.NativeEndian.Uint64(p); p = p[8:]; return v }
	h.version, h.bom, h.dim, h.stride = u32(), u32(), u32(), u32()
	h.rows, h.blob = u64(), u64()
	copy(h.store[:], p)
	copy(h.encoder[:], p[32:])
	p = p[64:]
	h.payloadCRC = u32()
	switch {
	case h.bom != byteOrderMark:
		return h, errors.New("written in another byte order")
	case h.version != denseVersion:
		return h, fmt.Errorf("format version %d, want %d (an older or newer program wrote it)", h.version, denseVersion)
	case crc32c.Checksum(b[:headerSize-4]) != binary.NativeEndian.Uint32(b[headerSize-4:]):
		return h, errors.New("its header's checksum does not match (damaged)")
	}
	return h, nil
}

// A denseLayout is where a file's sections start, and its size.
type denseLayout struct{ mean, scales, l1s, codes, ends, ids, size uint64 }

// layout returns the header's layout, false when it overflows.
func (h denseHeader) layout() (denseLayout, bool) {
	if h.dim > 1<<20 || h.stride > 1<<20 || h.rows > 1<<40 || h.blob > 1<<50 {
		return denseLayout{}, false
	}
	var l denseLayout
	l.mean = headerSize + h.rows*uint64(h.dim)*4
	l.scales = l.mean
	if h.stride > 0 {
		l.scales += 4 * uint64(h.dim)
	}
	l.l1s = l.scales + 4*h.rows
	l.codes = l.l1s + 4*h.rows
	l.ends = (l.codes + h.rows*uint64(h.stride) + 7) &^ 7
	l.ids = l.ends + 8*h.rows
	l.size = l.ids + h.blob
	return l, true
}

// encoderIdentity identifies enc: its type, its dimensions and the
// vectors it gives a fixed set of texts. An encoder whose vectors change
// (other weights, another tokenisation) gets another identity; the rows
// that opening a file encodes again (denseSamples) check the rest.
func encoderIdentity(ctx context.Context, enc semantic.Encoder) (id [32]byte, dim int, err error) {
	vs, err := enc.Encode(ctx, probeTexts)
	if err != nil {
		return id, 0, err
	}
	if len(vs) != len(probeTexts) {
		return id, 0, fmt.Errorf("the encoder gave %d vectors for %d texts", len(vs), len(probeTexts))
	}
	h := sha256.New()
	fmt.Fprintf(h, "%T %d\n", enc, len(vs[0]))
	var b [4]byte
	for _, v := range vs {
		if len(v) != len(vs[0]) {
			return id, 0, fmt.Errorf("the encoder gave vectors of %d and %d dimensions", len(vs[0]), len(v))
		}
		for _, x := range v {
			binary.LittleEndian.PutUint32(b[:], math.Float32bits(x))
			h.Write(b[:])
		}
	}
	h.Sum(id[:0])
	return id, len(vs[0]), nil
}

// probeTexts are the texts whose vectors identify an encoder: common and
// rarer words, cases, punctuation, digits, other scripts, nothing.
var probeTexts = []string{
	"",
	"The death penalty should be abolished.",
	"School uniforms reduce bullying and save parents money.",
	"Nuclear energy is clean, safe and cheap; renewables are not enough.",
	"Is it right to ban abortion? Women must decide for themselves!",
	"Vaccines, GMOs, fracking and the minimum wage: 42 arguments in 2019.",
	"Socialism fails because incentives matter more than intentions.",
	"Animal testing is cruel but medicine needs it.",
	"Video games cause violence — or do they?",
	"Gun control laws save lives in Australia, Japan and the UK.",
	"Religion, God, atheism, evolution, creationism, morality.",
	"Legalize marijuana; tax it; regulate it like alcohol and tobacco.",
	"Homeschooling, teachers, students, homework, exams, universities.",
	"Immigration, refugees, borders, citizenship, deportation, asylum.",
	"Climate change, global warming, emissions, carbon, coal, solar, wind.",
	"Café naïve résumé Zürich São Paulo 東京 Москва",
	"lol idk tbh ur wrong m8 !!! ??? ...",
	"Pro Con Resolved: This House believes that democracy is the best form of government.",
}

// denseFile names the file of the dense index of the store src identifies
// by enc, in dir: the store file's name, then enc's type.
func denseFile(dir string, src Source, enc semantic.Encoder) string {
	sum := sha256.Sum256([]byte(src.ID))
	typ := strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return -1
	}, fmt.Sprintf("%T", enc))
	return filepath.Join(dir, fmt.Sprintf("%s-%x.%s.dense", filepath.Base(src.Name), sum[:8], typ))
}

// mapDense maps the dense index at path, checking it against the store
// (whose identity is storeID) and the encoder (encID, dim) throughout: a
// file that is not sound is an error wrapping errDenseFile, and is not
// mapped. The index's ids are views of the mapping: release unmaps it.
func mapDense(ctx context.Context, path string, store *corpus.Store, storeID, encID [32]byte, enc semantic.Encoder, dim int) (x *densevec.Index, release func() error, err error) {
	b, unmap, err := mmap.File(path)
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if err != nil {
			unmap()
		}
	}()
	h, err := unmarshalHeader(b)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", errDenseFile, err)
	}
	l, ok := h.layout()
	switch {
	case !ok || l.size != uint64(len(b)):
		return nil, nil, fmt.Errorf("%w: %d bytes, want %d (truncated or damaged)", errDenseFile, len(b), l.size)
	case int(h.stride) != densevec.Stride(int(h.dim)):
		return nil, nil, fmt.Errorf("%w: an 8-bit copy of stride %d, want %d", errDenseFile, h.stride, densevec.Stride(int(h.dim)))
	case h.store != storeID:
		return nil, nil, fmt.Errorf("%w: built from another corpus", errDenseFile)
	case h.encoder != encID:
		return nil, nil, fmt.Errorf("%w: built by another encoder", errDenseFile)
	case int(h.dim) != dim || h.rows != uint64(store.NumSentences()):
		return nil, nil, fmt.Errorf("%w: %d rows of %d dimensions, want %d of %d", errDenseFile, h.rows, h.dim, store.NumSentences(), dim)
	case crc32c.Checksum(b[headerSize:]) != h.payloadCRC:
		return nil, nil, fmt.Errorf("%w: its checksum does not match (damaged)", errDenseFile)
	}
	// The checksum read every page: the process need not keep them. A
	// search reads the 8-bit copy and the few rows it scores again.
	mmap.Drop(b)
	x = &densevec.Index{Enc: enc, Dim: dim, IDs: densevec.IDs{Blob: b[l.ids:], Ends: []uint64{}}}
	if h.rows > 0 {
		x.Vecs = unsafe.Slice((*float32)(unsafe.Pointer(&b[headerSize])), h.rows*uint64(h.dim))
		x.IDs.Ends = unsafe.Slice((*uint64)(unsafe.Pointer(&b[l.ends])), h.rows)
		if h.stride > 0 {
			x.Q = densevec.Quant{
				Stride: int(h.stride),
				Mean:   unsafe.Slice((*float32)(unsafe.Pointer(&b[l.mean])), h.dim),
				Codes:  unsafe.Slice((*int8)(unsafe.Pointer(&b[l.codes])), h.rows*uint64(h.stride)),
				Scale:  unsafe.Slice((*float32)(unsafe.Pointer(&b[l.scales])), h.rows),
				L1:     unsafe.Slice((*float32)(unsafe.Pointer(&b[l.l1s])), h.rows),
			}
		}
	}
	last := uint64(0)
	for _, e := range x.IDs.Ends {
		if e < last {
			return nil, nil, fmt.Errorf("%w: its ids are out of order (damaged)", errDenseFile)
		}
		last = e
	}
	if last != h.blob {
		return nil, nil, fmt.Errorf("%w: its ids end at %d of %d bytes (damaged)", errDenseFile, last, h.blob)
	}
	if err := checkRows(ctx, x, store); err != nil {
		return nil, nil, err
	}
	return x, unmap, nil
}

// checkRows encodes again denseSamples rows spread over x (the first and
// the last among them) and compares them with x's, bit for bit: each id
// must be a sentence of the store, and its vector the one the encoder
// gives its text.
func checkRows(ctx context.Context, x *densevec.Index, store *corpus.Store) error {
	n := x.Len()
	if n == 0 {
		return nil
	}
	s := min(denseSamples, n)
	rows := make([]int, 0, s)
	texts := make([]string, 0, s)
	for j := range s {
		i := 0
		if s > 1 {
			i = int(int64(j) * int64(n-1) / int64(s-1))
		}
		sent, ok := store.Sentence(x.IDs.At(i))
		if !ok {
			return fmt.Errorf("%w: row %d is %q, no sentence of the corpus", errDenseFile, i, x.IDs.At(i))
		}
		rows, texts = append(rows, i), append(texts, sent.Text)
	}
	vs, err := x.Enc.Encode(ctx, texts)
	if err != nil {
		return err
	}
	if len(vs) != len(texts) {
		return fmt.Errorf("the encoder gave %d vectors for %d texts", len(vs), len(texts))
	}
	var want []float32
	for j, i := range rows {
		if len(vs[j]) != x.Dim {
			return fmt.Errorf("%w: the encoder gives %d dimensions, the file %d", errDenseFile, len(vs[j]), x.Dim)
		}
		want = densevec.Normalized(want[:0], vs[j])
		for d, v := range x.Row(i) {
			if math.Float32bits(v) != math.Float32bits(want[d]) {
				return fmt.Errorf("%w: row %d (%s) is not the vector the encoder gives its text", errDenseFile, i, x.IDs.At(i))
			}
		}
		if x.Q.Stride > 0 && !x.Q.Holds(i, want) {
			return fmt.Errorf("%w: the 8-bit copy of row %d (%s) is not its vector's", errDenseFile, i, x.IDs.At(i))
		}
	}
	return nil
}

// writeDense writes x to a new file at path, atomically: to a temporary
// file beside it, renamed into place when whole. On an error (ctx's
// among them) the temporary file is removed.
func writeDense(ctx context.Context, path string, x *densevec.Index, storeID, encID [32]byte) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	h := denseHeader{version: denseVersion, bom: byteOrderMark, dim: uint32(x.Dim), stride: uint32(x.Q.Stride), rows: uint64(x.Len()), store: storeID, encoder: encID}
	if _, err := f.Write(make([]byte, headerSize)); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	cw := &crcWriter{w: bw}
	l, ok := h.layout()
	if !ok {
		return fmt.Errorf("%d rows of %d dimensions: too large for the format", h.rows, h.dim)
	}
	const chunk = 16 << 20
	for _, sec := range [][]byte{bytesOf(x.Vecs), bytesOf(x.Q.Mean), bytesOf(x.Q.Scale), bytesOf(x.Q.L1), bytesOf(x.Q.Codes)} {
		for len(sec) > 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			n := min(chunk, len(sec))
			if _, err := cw.Write(sec[:n]); err != nil {
				return err
			}
			sec = sec[n:]
		}
	}
	if _, err := cw.Write(make([]byte, l.ends-(l.codes+h.rows*uint64(h.stride)))); err != nil {
		return err
	}
	var b [8]byte
	for i := range x.Len() {
		h.blob += uint64(len(x.IDs.At(i)))
		binary.NativeEndian.PutUint64(b[:], h.blob)
		if _, err := cw.Write(b[:]); err != nil {
			return err
		}
	}
	for i := range x.Len() {
		if i%(1<<16) == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(cw, x.IDs.At(i)); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	h.payloadCRC = cw.crc
	if _, err := f.WriteAt(h.marshal(), 0); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// bytesOf returns the bytes of s, in native byte order.
func bytesOf[T int8 | float32](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

// A crcWriter computes the CRC-32C of what it writes.
type crcWriter struct {
	w   io.Writer
	crc uint32
}

func (c *crcWriter) Write(p []byte) (int, error) {
	c.crc = crc32c.Update(c.crc, p)
	return c.w.Write(p)
}

// denseStoreID identifies the store a Source holds.
func denseStoreID(src Source) [32]byte {
	return sha256.Sum256([]byte("store " + src.ID))
}
