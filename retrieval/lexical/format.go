package lexical

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/internal/crc32c"
	"github.com/argsearch/argsearch/internal/mmap"
)

// On disk an index is a directory holding index.json (the metadata,
// written last) and one file per unit, <unit>.lex:
//
//	magic "ARGLEX\x00\x01"
//	sections, each zero bytes up to a multiple of 8 from the file's
//	start, a uint64 byte count and the bytes (so that arrays of integers
//	can be used where the file is mapped):
//	  document ids, front-coded: per document varint(bytes shared with
//	  the previous id), varint(length of the rest), the rest; the first
//	  of every idEvery documents shares nothing; the offsets of those
//	  restarts (uint64); id ranks (uint32: each document's position in
//	  byte order of the ids)
//	  number of fields (one section of 4 bytes), then per field:
//	    name, term blob (terms in byte order, concatenated), term end
//	    offsets (uint64), df (uint32), ttf (uint64), max tf (uint32),
//	    postings end offsets (uint64), postings (then 8 bytes of
//	    padding), each term's first block (uint32), blocks (12 bytes
//	    each), document lengths (a byte each, 255 for 255 or more),
//	    document lengths (uint32; none if all are below 255), term
//	    vectors, term vector end offsets (uint64)
//	CRC-32C of everything before it (uint32)
//
// Integers are little-endian. Files are mapped into memory (mmap) where the
// platform allows, and arrays of integers used in place on little-endian
// machines. A term's postings are blocks of 128 (fewer in its last block),
// bit-packed (see block); a block's entry holds its last document, its
// offset from the start of the term's postings, its largest frequency and
// its shortest document. A term vector entry is varint(idDelta<<1 | f==1)
// followed by varint(f) when f > 1.
const (
	// formatVersion 4 bit-packs the postings in blocks and stores the
	// blocks (3 held varints and derived the blocks when a query first read
	// a list); 3 front-coded the document ids (2 stored them whole:
	// sentence ids repeat their argument's id, a third of a sentence
	// index's bytes).
	formatVersion = 4
	metaFile      = "index.json"
	magic         = "ARGLEX\x00\x01"
)

type meta struct {
	Format      int               `json:"format"`
	Analysis    analysis.Analysis `json:"analysis"`
	Units       []Unit            `json:"units"`
	TermVectors bool              `json:"term_vectors"`
	Stopwords   []string          `json:"stopwords,omitempty"`
	// Vocabulary is the Krovetz stemmer's vocabulary (Stem "krovetz"), in
	// byte order; queries are stemmed with it.
	Vocabulary []string `json:"vocabulary,omitempty"`
}

type data struct {
	meta  meta
	units []*unitData
}

type unitData struct {
	unit      Unit
	idData    []byte   // the front-coded document ids (see the file format)
	idRestart []uint64 // offsets in idData of documents 0, idEvery, 2·idEvery, …
	idRank    []uint32 // per document: the position of its id in byte order
	fields    []*fieldData
	unmap     func() error // releases the mapped file the arrays point into; nil for a unit built in memory
}

// maxLength is the most tokens a document's field may have: the scoring
// loops tabulate functions of the length up to the longest document.
const maxLength = 1 << 24

// idEvery is how many documents share a restart of the front coding: an id
// is decoded from at most idEvery entries.
const idEvery = 16

func (u *unitData) docs() int { return len(u.idRank) }

// id returns the id of document d. The front coding was checked when the
// unit was read or built (checkIDs).
//
// The entries from d's restart to d are walked without copying; then the
// id is filled in from its end: the bytes an entry does not share with its
// predecessor are its own, the others its predecessor's.
func (u *unitData) id(d uint32) string { return frontCodedID(u.idData, u.idRestart, d) }

// frontCodedID returns id d of the front-coded ids data with restarts
// restart (see unitData.id).
func frontCodedID(data []byte, restart []uint64, d uint32) string {
	var shared, rest [idEvery]uint64
	var at [idEvery]uint64
	off := restart[d/idEvery]
	n := int(d%idEvery) + 1
	for i := range n {
		s, k := uvarint(data[off:])
		off += uint64(k)
		r, k := uvarint(data[off:])
		off += uint64(k)
		shared[i], rest[i], at[i] = s, r, off
		off += r
	}
	size := shared[n-1] + rest[n-1]
	var buf [96]byte
	b := buf[:0]
	if size > uint64(len(buf)) {
		b = make([]byte, 0, size)
	}
	b = b[:size]
	need := size
	for i := n - 1; i >= 0 && need > 0; i-- {
		if shared[i] < need {
			copy(b[shared[i]:need], data[at[i]:at[i]+need-shared[i]])
			need = shared[i]
		}
	}
	return string(b)
}

// checkIDs reports whether the front coding of u's ids is sound for its
// number of documents (docs, from idRank): every entry within idData,
// sharing no more than the previous id has, restarts where idRestart says
// and sharing nothing there, and nothing left over; and whether idRank is
// a permutation.
func (u *unitData) checkIDs() bool {
	docs := u.docs()
	if len(u.idRestart) != (docs+idEvery-1)/idEvery {
		return false
	}
	off, prevLen := uint64(0), uint64(0)
	for d := range docs {
		if d%idEvery == 0 && u.idRestart[d/idEvery] != off {
			return false
		}
		shared, n := uvarint(u.idData[off:])
		if n <= 0 || d%idEvery == 0 && shared != 0 || shared > prevLen {
			return false
		}
		off += uint64(n)
		rest, n := uvarint(u.idData[off:])
		if n <= 0 || rest > uint64(len(u.idData))-off-uint64(n) || shared+rest > 1<<20 {
			return false
		}
		off += uint64(n) + rest
		prevLen = shared + rest
	}
	if off != uint64(len(u.idData)) {
		return false
	}
	seen := make([]bool, docs)
	for _, r := range u.idRank {
		if int(r) >= docs || seen[r] {
			return false
		}
		seen[r] = true
	}
	return true
}

type fieldData struct {
	name     string
	termBlob []byte
	termOff  []uint64 // len terms+1
	df       []uint32
	ttf      []uint64
	maxTF    []uint32 // per term: its highest frequency in a document
	postOff  []uint64 // len terms+1
	post     []byte   // the blocks' postings, then 8 bytes of padding
	blockAt  []uint32 // len terms+1: each term's first block in blocks
	blocks   []block
	dl8      []uint8  // per document: its length, or 255 for 255 and more
	dl       []uint32 // per document: its length; empty if every length is below 255
	fwd      []byte
	fwdOff   []uint64 // len docs+1, or empty without term vectors
	docCount int      // documents with dl > 0
	sumTTF   uint64
	maxDL    uint32          // at most maxLength
	minDL    uint32          // smallest non-zero length
	checked  []atomic.Uint32 // per term: whether its postings were checked, and found good (termBlocks)
	tables   tableCache
}

func (f *fieldData) terms() int { return len(f.df) }

// length returns the length of document d. Most lengths are below 255 and
// come from the compact dl8, which stays in cache better.
func (f *fieldData) length(d uint64) uint32 {
	if n := f.dl8[d]; n < 255 {
		return uint32(n)
	}
	return f.dl[d]
}

// docs returns the number of documents.
func (f *fieldData) docs() int { return len(f.dl8) }

// setLengths stores the document lengths dl: one byte each, and all of
// them whole if any is 255 or more.
func (f *fieldData) setLengths(dl []uint32) {
	f.dl8 = make([]uint8, len(dl))
	f.dl = nil
	for d, n := range dl {
		f.dl8[d] = uint8(min(n, 255))
		if n >= 255 {
			f.dl = dl
		}
	}
}

// validLengths reports whether dl, if there, agrees with dl8, and is there
// if dl8 has a length of 255.
func (f *fieldData) validLengths() bool {
	if len(f.dl) == 0 {
		return !slices.Contains(f.dl8, 255)
	}
	if len(f.dl) != len(f.dl8) {
		return false
	}
	for d, n := range f.dl {
		if uint32(f.dl8[d]) != min(n, 255) {
			return false
		}
	}
	return true
}

func (f *fieldData) term(i int) []byte { return f.termBlob[f.termOff[i]:f.termOff[i+1]] }

// lookup returns the id of term t, or -1.
func (f *fieldData) lookup(t string) int {
	lo, hi := 0, f.terms()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compareBytesString(f.term(m), t) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < f.terms() && string(f.term(lo)) == t {
		return lo
	}
	return -1
}

func compareBytes(a, b []byte) int {
	return compareBytesString(a, string(b))
}

func compareBytesString(a []byte, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// stats fills in the derived statistics.
func (f *fieldData) stats() {
	f.docCount, f.sumTTF, f.maxDL, f.minDL = 0, 0, 0, 0
	for d, n8 := range f.dl8 {
		n := uint32(n8)
		if n == 255 {
			n = f.length(uint64(d))
		}
		if n > 0 {
			f.docCount++
			f.sumTTF += uint64(n)
			f.maxDL = max(f.maxDL, n)
			if f.minDL == 0 || n < f.minDL {
				f.minDL = n
			}
		}
	}
}

// writeUnitFile writes one unit's file into dir. streams, if not nil,
// holds per field the sections to write in place of the field's post and
// fwd where they are not nil.
func writeUnitFile(ctx context.Context, dir string, u *unitData, streams []fieldStreams) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	return writeFileAtomic(filepath.Join(dir, string(u.unit)+".lex"), func(w io.Writer) error {
		return writeUnit(w, u, streams)
	})
}

// writeMeta writes index.json, which makes dir an index.
func writeMeta(dir string, m meta) error {
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	return writeFileAtomic(filepath.Join(dir, metaFile), func(w io.Writer) error {
		_, err := w.Write(append(js, '\n'))
		return err
	})
}

// readData reads the given units of the index in dir.
func readData(dir string, m meta, units []Unit) (*data, error) {
	d := &data{meta: m}
	for _, u := range units {
		ud, err := readUnit(filepath.Join(dir, string(u)+".lex"), u, m.TermVectors)
		if err != nil {
			return nil, err
		}
		d.units = append(d.units, ud)
	}
	d.meta.Units = units
	return d, nil
}

func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("lexical: %w", err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
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

type sectionWriter struct {
	w   io.Writer
	crc uint32
	err error
	buf []byte
	n   int // bytes written
}

func (s *sectionWriter) raw(b []byte) {
	if s.err != nil {
		return
	}
	s.crc = crc32c.Update(s.crc, b)
	_, s.err = s.w.Write(b)
	s.n += len(b)
}

// begin starts a section of size bytes: padding to a multiple of 8, then
// the byte count.
func (s *sectionWriter) begin(size int) {
	var zero [8]byte
	s.raw(zero[:(8-s.n%8)%8])
	s.raw(binary.LittleEndian.AppendUint64(s.buf[:0], uint64(size)))
}

func (s *sectionWriter) bytes(b []byte) {
	s.begin(len(b))
	s.raw(b)
}

// Write writes the bytes of a stream's section.
func (s *sectionWriter) Write(b []byte) (int, error) {
	s.raw(b)
	if s.err != nil {
		return 0, s.err
	}
	return len(b), nil
}

// stream writes a section from st, or b if st is nil.
func (s *sectionWriter) stream(st *stream, b []byte) {
	if st == nil {
		s.bytes(b)
		return
	}
	s.begin(st.size)
	start := s.n
	if s.err == nil {
		if err := st.write(s); err != nil && s.err == nil {
			s.err = err
		}
	}
	if s.err == nil && s.n-start != st.size {
		s.err = fmt.Errorf("lexical: internal error: a section of %d bytes where %d were announced", s.n-start, st.size)
	}
}

func (s *sectionWriter) u32s(v []uint32) {
	s.begin(4 * len(v))
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
}

func (s *sectionWriter) blocks(v []block) {
	s.begin(12 * len(v))
	for len(v) > 0 {
		n := min(len(v), 1<<12)
		b := s.buf[:0]
		for _, x := range v[:n] {
			b = binary.LittleEndian.AppendUint32(b, x.last)
			b = binary.LittleEndian.AppendUint32(b, x.off)
			b = binary.LittleEndian.AppendUint16(b, x.maxTF)
			b = binary.LittleEndian.AppendUint16(b, x.minDL)
		}
		s.raw(b)
		s.buf = b
		v = v[n:]
	}
}

func (s *sectionWriter) u64s(v []uint64) {
	s.begin(8 * len(v))
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
}

func writeUnit(w io.Writer, u *unitData, streams []fieldStreams) error {
	s := &sectionWriter{w: w, buf: make([]byte, 0, 1<<17)}
	s.raw([]byte(magic))
	s.bytes(u.idData)
	s.u64s(u.idRestart)
	s.u32s(u.idRank)
	s.u32s([]uint32{uint32(len(u.fields))})
	for i, f := range u.fields {
		var st fieldStreams
		if streams != nil {
			st = streams[i]
		}
		s.bytes([]byte(f.name))
		s.bytes(f.termBlob)
		s.u64s(f.termOff)
		s.u32s(f.df)
		s.u64s(f.ttf)
		s.u32s(f.maxTF)
		s.u64s(f.postOff)
		s.stream(st.post, f.post)
		s.u32s(f.blockAt)
		s.blocks(f.blocks)
		s.bytes(f.dl8)
		s.u32s(f.dl)
		s.stream(st.fwd, f.fwd)
		s.u64s(f.fwdOff)
	}
	if s.err != nil {
		return s.err
	}
	_, err := w.Write(binary.LittleEndian.AppendUint32(nil, s.crc))
	return err
}

// readMeta reads dir's index.json.
func readMeta(dir string) (meta, error) {
	var m meta
	b, err := os.ReadFile(filepath.Join(dir, metaFile))
	if errors.Is(err, fs.ErrNotExist) {
		return m, fmt.Errorf("lexical: open %s: %w", dir, ErrNoIndex)
	}
	if err != nil {
		return m, fmt.Errorf("lexical: open %s: %w", dir, err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("lexical: open %s: %s: %v: %w", dir, metaFile, err, errCorrupt)
	}
	if m.Format != formatVersion {
		return m, fmt.Errorf("lexical: open %s: index format %d, this version reads %d (remove the directory to build it again): %w", dir, m.Format, formatVersion, errCorrupt)
	}
	if n, err := m.Analysis.Normalized(); err != nil {
		return m, fmt.Errorf("lexical: open %s: recorded analysis: %v: %w", dir, err, errCorrupt)
	} else if n != m.Analysis {
		return m, fmt.Errorf("lexical: open %s: recorded analysis %q is not in normal form (%q): %w", dir, m.Analysis, n, errCorrupt)
	}
	if len(m.Vocabulary) > 0 && m.Analysis.Stem != "krovetz" {
		return m, fmt.Errorf("lexical: open %s: a stemmer vocabulary without Krovetz stemming: %w", dir, errCorrupt)
	}
	if !slices.IsSorted(m.Vocabulary) {
		return m, fmt.Errorf("lexical: open %s: stemmer vocabulary not in order: %w", dir, errCorrupt)
	}
	for _, u := range m.Units {
		if u != "sentence" && u != "argument" {
			return m, fmt.Errorf("lexical: open %s: unknown unit %s: %w", dir, quote.Q(u), errCorrupt)
		}
	}
	return m, nil
}

// corrupt is the error for a malformed unit file.
func corrupt(path, what string) error {
	return fmt.Errorf("lexical: %s: %s: %w", path, what, errCorrupt)
}

// A sectionReader reads the sections of a unit file's body; off is the
// offset of b in the file.
type sectionReader struct {
	b   []byte
	off int
	bad bool
}

func (r *sectionReader) bytes() []byte {
	if pad := (8 - r.off%8) % 8; !r.bad && pad <= len(r.b) {
		r.b, r.off = r.b[pad:], r.off+pad
	}
	if r.bad || len(r.b) < 8 {
		r.bad = true
		return nil
	}
	n := binary.LittleEndian.Uint64(r.b)
	r.b, r.off = r.b[8:], r.off+8
	if n > uint64(len(r.b)) {
		r.bad = true
		return nil
	}
	v := r.b[:n:n]
	r.b, r.off = r.b[n:], r.off+int(n)
	return v
}

// littleEndian reports whether this machine stores integers as the files
// do, so that aligned arrays can be used in place.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

func (r *sectionReader) u32s() []uint32 {
	b := r.bytes()
	if len(b)%4 != 0 {
		r.bad = true
		return nil
	}
	if len(b) == 0 {
		return []uint32{}
	}
	if littleEndian && uintptr(unsafe.Pointer(&b[0]))%4 == 0 {
		return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), len(b)/4)
	}
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v
}

// blocks reads a section of blocks, 12 bytes each: last, off (uint32),
// maxTF, minDL (uint16).
func (r *sectionReader) blocks() []block {
	b := r.bytes()
	if len(b)%12 != 0 {
		r.bad = true
		return nil
	}
	if len(b) == 0 {
		return []block{}
	}
	if littleEndian && unsafe.Sizeof(block{}) == 12 && uintptr(unsafe.Pointer(&b[0]))%4 == 0 {
		return unsafe.Slice((*block)(unsafe.Pointer(&b[0])), len(b)/12)
	}
	v := make([]block, len(b)/12)
	for i := range v {
		e := b[12*i:]
		v[i] = block{
			last:  binary.LittleEndian.Uint32(e),
			off:   binary.LittleEndian.Uint32(e[4:]),
			maxTF: binary.LittleEndian.Uint16(e[8:]),
			minDL: binary.LittleEndian.Uint16(e[10:]),
		}
	}
	return v
}

func (r *sectionReader) u64s() []uint64 {
	b := r.bytes()
	if len(b)%8 != 0 {
		r.bad = true
		return nil
	}
	if len(b) == 0 {
		return []uint64{}
	}
	if littleEndian && uintptr(unsafe.Pointer(&b[0]))%8 == 0 {
		return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), len(b)/8)
	}
	v := make([]uint64, len(b)/8)
	for i := range v {
		v[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return v
}

// validBlockAt reports whether at is a list of n+1 non-decreasing block
// indexes from 0 to blocks.
func validBlockAt(at []uint32, n int, blocks int) bool {
	if len(at) != n+1 || at[0] != 0 || int(at[n]) != blocks {
		return false
	}
	for i := 1; i < len(at); i++ {
		if at[i] < at[i-1] {
			return false
		}
	}
	return true
}

// validOffsets reports whether off is a list of n+1 non-decreasing offsets
// from 0 to size.
func validOffsets(off []uint64, n int, size int) bool {
	if len(off) != n+1 || off[0] != 0 || off[n] != uint64(size) {
		return false
	}
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] {
			return false
		}
	}
	return true
}

// readUnit maps and checks a unit file. The unit's arrays point into the
// mapping; unmap releases it.
func readUnit(path string, want Unit, vectors bool) (u *unitData, err error) {
	b, unmap, err := mmap.File(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("lexical: %s: missing: %w", path, errCorrupt)
	}
	if err != nil {
		return nil, fmt.Errorf("lexical: %w", err)
	}
	defer func() {
		if err != nil {
			unmap()
		}
	}()
	if len(b) < len(magic)+4 || string(b[:len(magic)]) != magic {
		return nil, corrupt(path, "not an index file")
	}
	body := b[:len(b)-4]
	if crc32c.Checksum(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, corrupt(path, "checksum mismatch")
	}
	r := &sectionReader{b: body[len(magic):], off: len(magic)}
	u = &unitData{unit: want, unmap: unmap}
	u.idData = r.bytes()
	u.idRestart = r.u64s()
	u.idRank = r.u32s()
	nf := r.u32s()
	if r.bad || len(nf) != 1 || !u.checkIDs() {
		return nil, corrupt(path, "bad document ids")
	}
	fields := unitFields(want)
	if int(nf[0]) != len(fields) {
		return nil, corrupt(path, "wrong number of fields")
	}
	docs := u.docs()
	for _, name := range fields {
		f := &fieldData{}
		f.name = string(r.bytes())
		f.termBlob = r.bytes()
		f.termOff = r.u64s()
		f.df = r.u32s()
		f.ttf = r.u64s()
		f.maxTF = r.u32s()
		f.postOff = r.u64s()
		f.post = r.bytes()
		f.blockAt = r.u32s()
		f.blocks = r.blocks()
		f.dl8 = r.bytes()
		f.dl = r.u32s()
		f.fwd = r.bytes()
		f.fwdOff = r.u64s()
		n := len(f.df)
		switch {
		case r.bad:
			return nil, corrupt(path, "truncated")
		case f.name != name:
			return nil, corrupt(path, fmt.Sprintf("field %q where %q was expected", f.name, name))
		case len(f.ttf) != n || len(f.maxTF) != n || !validOffsets(f.termOff, n, len(f.termBlob)):
			return nil, corrupt(path, "bad term dictionary of field "+name)
		case len(f.post) < 8 || !validOffsets(f.postOff, n, len(f.post)-8) || !validBlockAt(f.blockAt, n, len(f.blocks)):
			return nil, corrupt(path, "bad postings of field "+name)
		case len(f.dl8) != docs || !f.validLengths():
			return nil, corrupt(path, "bad document lengths of field "+name)
		case vectors && !validOffsets(f.fwdOff, docs, len(f.fwd)):
			return nil, corrupt(path, "bad term vectors of field "+name)
		}
		for i := 1; i < n; i++ {
			if compareBytes(f.term(i-1), f.term(i)) >= 0 {
				return nil, corrupt(path, "terms out of order in field "+name)
			}
		}
		f.stats()
		sum := uint64(0)
		for _, n := range f.ttf {
			sum += n
		}
		if sum != f.sumTTF || f.maxDL > maxLength {
			return nil, corrupt(path, "document lengths of field "+name+" disagree with its term frequencies")
		}
		f.checked = make([]atomic.Uint32, n)
		u.fields = append(u.fields, f)
	}
	if len(r.b) != 0 {
		return nil, corrupt(path, "trailing data")
	}
	// The checks read every page; what queries use is read back when
	// touched.
	mmap.Drop(b)
	return u, nil
}
