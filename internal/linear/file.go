package linear

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
)

// Magic starts every model file; its last byte is the format version.
const Magic = "ARGSLIN1"

// header is the JSON line at the start of the compressed payload.
type header struct {
	Labels  []string          `json:"labels"`
	Bits    uint8             `json:"bits"`
	NonZero int               `json:"nonzero"`
	Meta    map[string]string `json:"meta,omitempty"`
}

// WriteTo writes the model in the format Read reads. The output depends only
// on the model, so equal models give identical files.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	if _, err := io.WriteString(cw, Magic); err != nil {
		return cw.n, fmt.Errorf("linear: write: %w", err)
	}
	zw, err := gzip.NewWriterLevel(cw, gzip.BestCompression)
	if err != nil {
		return cw.n, fmt.Errorf("linear: write: %w", err)
	}
	bw := bufio.NewWriter(zw)
	k := len(m.labels)
	var rows []uint32
	for i := 0; i < len(m.weights)/k; i++ {
		for _, x := range m.weights[i*k : i*k+k] {
			if x != 0 {
				rows = append(rows, uint32(i))
				break
			}
		}
	}
	meta := m.meta
	if len(meta) == 0 {
		meta = nil
	}
	// encoding/json sorts map keys, so the header is deterministic.
	h, err := json.Marshal(header{Labels: m.labels, Bits: m.bits, NonZero: len(rows), Meta: meta})
	if err != nil {
		return cw.n, fmt.Errorf("linear: write: %w", err)
	}
	bw.Write(h)
	bw.WriteByte('\n')
	var buf [binary.MaxVarintLen32]byte
	put := func(x float32) {
		binary.LittleEndian.PutUint32(buf[:4], math.Float32bits(x))
		bw.Write(buf[:4])
	}
	for _, b := range m.bias {
		put(b)
	}
	prev := uint32(0)
	for _, r := range rows {
		n := binary.PutUvarint(buf[:], uint64(r-prev))
		bw.Write(buf[:n])
		prev = r
	}
	for _, r := range rows {
		for _, x := range m.weights[int(r)*k : int(r)*k+k] {
			put(x)
		}
	}
	if err := bw.Flush(); err != nil {
		return cw.n, fmt.Errorf("linear: write: %w", err)
	}
	if err := zw.Close(); err != nil {
		return cw.n, fmt.Errorf("linear: write: %w", err)
	}
	return cw.n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// maxHeader bounds the JSON header line Read accepts.
const maxHeader = 1 << 20

// Read reads a model written by WriteTo. Input that is not such a file gives
// an error wrapping ErrFormat.
func Read(r io.Reader) (*Model, error) {
	magic := make([]byte, len(Magic))
	if _, err := io.ReadFull(r, magic); err != nil {
		return nil, fmt.Errorf("%w: reading magic: %v", ErrFormat, err)
	}
	if string(magic[:len(Magic)-1]) != Magic[:len(Magic)-1] {
		return nil, fmt.Errorf("%w: not a model file (magic %q)", ErrFormat, magic)
	}
	if magic[len(Magic)-1] != Magic[len(Magic)-1] {
		return nil, fmt.Errorf("%w: unsupported version %q, this reader knows %q", ErrFormat, magic, Magic)
	}
	// gzip reads a ByteReader without buffering ahead, so raw can tell
	// whether anything follows the compressed stream.
	raw := bufio.NewReader(r)
	zr, err := gzip.NewReader(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	zr.Multistream(false)
	br := bufio.NewReader(zr)
	line, err := readLine(br)
	if err != nil {
		return nil, err
	}
	var h header
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrFormat, err)
	}
	k := len(h.Labels)
	if k < 2 || k > 64 {
		return nil, fmt.Errorf("%w: %d labels", ErrFormat, k)
	}
	if h.Bits < MinBits || h.Bits > MaxBits {
		return nil, fmt.Errorf("%w: %d hash bits", ErrFormat, h.Bits)
	}
	n := 1 << h.Bits
	if h.NonZero < 0 || h.NonZero > n {
		return nil, fmt.Errorf("%w: %d non-zero rows of %d", ErrFormat, h.NonZero, n)
	}
	m := &Model{labels: h.Labels, bits: h.Bits, meta: h.Meta, bias: make([]float32, k), weights: make([]float32, n*k)}
	if m.meta == nil {
		m.meta = map[string]string{}
	}
	var buf [4]byte
	get := func() (float32, error) {
		if _, err := io.ReadFull(br, buf[:]); err != nil {
			return 0, fmt.Errorf("%w: weights: %v", ErrFormat, unexpected(err))
		}
		x := math.Float32frombits(binary.LittleEndian.Uint32(buf[:]))
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return 0, fmt.Errorf("%w: weight %v", ErrFormat, x)
		}
		return x, nil
	}
	for c := range m.bias {
		if m.bias[c], err = get(); err != nil {
			return nil, err
		}
	}
	rows := make([]uint32, h.NonZero)
	prev := uint64(0)
	for i := range rows {
		d, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, fmt.Errorf("%w: row index: %v", ErrFormat, unexpected(err))
		}
		if (i > 0 && d == 0) || prev+d >= uint64(n) {
			return nil, fmt.Errorf("%w: row index %d out of order or range", ErrFormat, prev+d)
		}
		prev += d
		rows[i] = uint32(prev)
	}
	for _, row := range rows {
		for c := range k {
			if m.weights[int(row)*k+c], err = get(); err != nil {
				return nil, err
			}
		}
	}
	// The gzip stream must end here; reading to EOF also checks its CRC.
	if extra, err := io.Copy(io.Discard, br); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, unexpected(err))
	} else if extra > 0 {
		return nil, fmt.Errorf("%w: %d trailing bytes", ErrFormat, extra)
	}
	if _, err := raw.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after the compressed stream", ErrFormat)
	}
	if !sort.SliceIsSorted(rows, func(i, j int) bool { return rows[i] < rows[j] }) {
		return nil, fmt.Errorf("%w: rows out of order", ErrFormat)
	}
	return m, nil
}

func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			return nil, fmt.Errorf("%w: header: %v", ErrFormat, unexpected(err))
		}
		line = append(line, chunk...)
		if len(line) > maxHeader {
			return nil, fmt.Errorf("%w: header longer than %d bytes", ErrFormat, maxHeader)
		}
		if !isPrefix {
			return line, nil
		}
	}
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
