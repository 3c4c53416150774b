package index

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/internal/crc32c"
)

// WriteUnit writes one unit's file into dir. streams, if not nil,
// holds per field the sections to write in place of the field's post and
// fwd where they are not nil.
func WriteUnit(ctx context.Context, dir string, u *Unit, streams []FieldStreams) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	return writeFileAtomic(filepath.Join(dir, string(u.Name)+".lex"), func(w io.Writer) error {
		return writeUnit(w, u, streams)
	})
}

// WriteMeta writes index.json, which makes dir an index.
func WriteMeta(dir string, m Meta) error {
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	return writeFileAtomic(filepath.Join(dir, MetaFile), func(w io.Writer) error {
		_, err := w.Write(append(js, '\n'))
		return err
	})
}

func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("lexical: %w", err)
	}
	bw := bufio.NewWriterSize(pieceWriter{f}, maxWrite)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("lexical: writing %s: %w", path, err)
	}
	return nil
}

// maxWrite is the most bytes written to a unit file at once. Linux keeps
// a file's bytes in the page cache in folios as large as the writes that
// made them (up to 2 MiB on ext4 and xfs), and a fault of a mapping of the
// file maps the whole folio: a search reads a few blocks of a posting list
// here and there, and in a file written 1 MiB at a time each of those
// reads made up to 1 MiB resident. Written 64 KiB at a time, it maps 64
// KiB (the kernel's fault-around), as the corpus's store file does.
const maxWrite = 64 << 10

// pieceWriter writes to w at most maxWrite bytes at once.
type pieceWriter struct{ w io.Writer }

func (p pieceWriter) Write(b []byte) (int, error) {
	n := 0
	for len(b) > 0 {
		m, err := p.w.Write(b[:min(len(b), maxWrite)])
		n += m
		if err != nil {
			return n, err
		}
		b = b[m:]
	}
	return n, nil
}

type sectionWriter struct {
	w     io.Writer
	err   error
	buf   []byte
	n     int     // bytes written
	whole bool    // the current section's bytes count in its checksum
	crc   uint32  // of the current section's bytes, if whole
	count [8]byte // the current section's byte count
}

// put writes b, outside of any checksum.
func (s *sectionWriter) put(b []byte) {
	if s.err != nil {
		return
	}
	_, s.err = s.w.Write(b)
	s.n += len(b)
}

// raw writes bytes of the current section.
func (s *sectionWriter) raw(b []byte) {
	if s.whole {
		s.crc = crc32c.Update(s.crc, b)
	}
	s.put(b)
}

// begin starts a section of size bytes: padding to a multiple of 8, then
// the byte count. Its checksum covers its bytes if whole (see end).
func (s *sectionWriter) begin(size int, whole bool) {
	var zero [8]byte
	s.put(zero[:(8-s.n%8)%8])
	binary.LittleEndian.PutUint64(s.count[:], uint64(size))
	s.put(s.count[:])
	s.whole, s.crc = whole, 0
}

// end ends a section with its checksum: the CRC-32C of its bytes (if
// whole) followed by its byte count.
func (s *sectionWriter) end() {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], crc32c.Update(s.crc, s.count[:]))
	s.put(b[:])
	s.whole, s.crc = false, 0
}

func (s *sectionWriter) bytes(b []byte, whole bool) {
	s.begin(len(b), whole)
	s.raw(b)
	s.end()
}

// Write writes the bytes of a stream's section.
func (s *sectionWriter) Write(b []byte) (int, error) {
	s.raw(b)
	if s.err != nil {
		return 0, s.err
	}
	return len(b), nil
}

// stream writes a large section (its checksum does not cover its bytes)
// from st, or b if st is nil.
func (s *sectionWriter) stream(st *Stream, b []byte) {
	s.streamWhole(st, false, func() { s.bytes(b, false) })
}

// streamWhole writes a section from st, its checksum covering its bytes if
// whole; if st is nil, it calls otherwise, which writes the section from
// the Field.
func (s *sectionWriter) streamWhole(st *Stream, whole bool, otherwise func()) {
	if st == nil {
		otherwise()
		return
	}
	s.begin(st.Size, whole)
	start := s.n
	if s.err == nil {
		if err := st.Write(s); err != nil && s.err == nil {
			s.err = err
		}
	}
	if s.err == nil && s.n-start != st.Size {
		s.err = fmt.Errorf("lexical: internal error: a section of %d bytes where %d were announced", s.n-start, st.Size)
	}
	s.end()
}

func (s *sectionWriter) u32s(v []uint32) {
	s.begin(4*len(v), true)
	for len(v) > 0 {
		n := min(len(v), 1<<14)
		b := s.buf[:0]
		for _, x := range v[:n] {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
		s.raw(b)
		s.buf = b
		v = v[n:]
	}
	s.end()
}

// blocks writes the blocks, a large section (the terms' checksums cover
// them).
func (s *sectionWriter) blocks(v []Block) {
	s.begin(12*len(v), false)
	for len(v) > 0 {
		n := min(len(v), 1<<12)
		b := s.buf[:0]
		for _, x := range v[:n] {
			b = binary.LittleEndian.AppendUint32(b, x.Last)
			b = binary.LittleEndian.AppendUint32(b, x.Off)
			b = binary.LittleEndian.AppendUint16(b, x.MaxTF)
			b = binary.LittleEndian.AppendUint16(b, x.MinDL)
		}
		s.raw(b)
		s.buf = b
		v = v[n:]
	}
	s.end()
}

func (s *sectionWriter) u64s(v []uint64, whole bool) {
	s.begin(8*len(v), whole)
	for len(v) > 0 {
		n := min(len(v), 1<<13)
		b := s.buf[:0]
		for _, x := range v[:n] {
			b = binary.LittleEndian.AppendUint64(b, x)
		}
		s.raw(b)
		s.buf = b
		v = v[n:]
	}
	s.end()
}

// ranks writes the section of id ranks t: the number of documents and of
// wide ranks (uint64 each), the exception bits (uint64), the bases, the
// wide ranks (uint32) and the offsets (a byte each).
func (s *sectionWriter) ranks(t *rankTable) {
	s.begin(16+8*len(t.exc)+4*len(t.base)+4*len(t.wide)+len(t.low), true)
	b := binary.LittleEndian.AppendUint64(s.buf[:0], uint64(len(t.low)))
	b = binary.LittleEndian.AppendUint64(b, uint64(len(t.wide)))
	for _, x := range t.exc {
		b = binary.LittleEndian.AppendUint64(b, x)
	}
	for _, v := range [][]uint32{t.base, t.wide} {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
	}
	s.raw(b)
	s.buf = b[:0]
	s.raw(t.low)
	s.end()
}

func writeUnit(w io.Writer, u *Unit, streams []FieldStreams) error {
	s := &sectionWriter{w: w, buf: make([]byte, 0, 1<<17)}
	s.put([]byte(Magic))
	s.bytes(u.IDData, false)
	s.u64s(u.IDRestart, true)
	ranks := u.ranks
	if ranks.low == nil {
		ranks = newRankTable(u.IDRank)
	}
	s.ranks(&ranks)
	s.u32s(u.IDCRC)
	s.u32s([]uint32{uint32(len(u.Fields))})
	for i, f := range u.Fields {
		var st FieldStreams
		if streams != nil {
			st = streams[i]
		}
		d := st.Dict
		if d == nil {
			d = &DictStreams{}
		}
		s.bytes([]byte(f.Name), true)
		s.streamWhole(d.Terms, true, func() { s.bytes(f.TermBlob, true) })
		s.streamWhole(d.TermOff, true, func() { s.u64s(f.TermOff, true) })
		s.streamWhole(d.DF, true, func() { s.u32s(f.DF) })
		s.streamWhole(d.TTF, true, func() { s.u64s(f.TTF, true) })
		s.streamWhole(d.MaxTF, true, func() { s.u32s(f.MaxTF) })
		s.streamWhole(d.PostOff, true, func() { s.u64s(f.PostOff, true) })
		s.stream(st.Post, f.Post)
		s.bytes(nil, true) // reserved (format 5's first blocks)
		s.streamWhole(d.Blocks, false, func() { s.blocks(f.Blocks) })
		s.bytes(f.DL8, true)
		s.u32s(f.DL)
		s.stream(st.Fwd, f.Fwd)
		s.u64s(f.FwdOff, false)
		s.streamWhole(d.PostCRC, true, func() { s.u32s(f.PostCRC) })
		s.u32s(f.FwdCRC)
	}
	return s.err
}

// A Stream is a section of a unit file that is written from elsewhere than
// a slice: its size and a function that writes it.
type Stream struct {
	Size  int
	Write func(io.Writer) error
}

// FieldStreams are a field's posting and term vector sections, and
// possibly its term dictionary, when the Field does not hold them.
type FieldStreams struct {
	Post, Fwd *Stream
	Dict      *DictStreams // nil: the Field holds its terms
}

// DictStreams are the sections of a field's terms, when there are too many
// to hold in memory while the unit is written (a build that merges
// segments): the term blob, term offsets, df, ttf, max tf, posting
// offsets, first blocks, blocks and posting checksums, each laid out as in
// the file (see the package documentation; the first blocks as uint32s,
// which the file does not hold: they follow from the df), or nil where the
// Field holds it.
type DictStreams struct {
	Terms, TermOff, DF, TTF, MaxTF, PostOff, BlockAt, Blocks, PostCRC *Stream
}
