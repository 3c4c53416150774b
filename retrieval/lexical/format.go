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
//	magic "ARGLEX\x00\x02"
//	sections, each zero bytes up to a multiple of 8 from the file's
//	start, a uint64 byte count, the bytes (so that arrays of integers
//	can be used where the file is mapped) and a CRC-32C (uint32, see
//	below):
//	  document ids*, front-coded: per document varint(bytes shared with
//	  the previous id), varint(length of the rest), the rest; the first
//	  of every idEvery documents shares nothing; the offsets of those
//	  restarts (uint64); id ranks (uint32: each document's position in
//	  byte order of the ids); each chunk's checksum (uint32)
//	  number of fields (one section of 4 bytes), then per field:
//	    name, term blob (terms in byte order, concatenated), term end
//	    offsets (uint64), df (uint32), ttf (uint64), max tf (uint32),
//	    postings end offsets (uint64), postings* (then 8 bytes of
//	    padding), each term's first block (uint32), blocks* (12 bytes
//	    each), document lengths (a byte each, 255 for 255 or more),
//	    document lengths (uint32; none if all are below 255), term
//	    vectors*, term vector end offsets* (uint64), each term's
//	    checksum (uint32), each chunk's checksum (uint32)
//
// A section's checksum is the CRC-32C of its bytes followed by its byte
// count; for the large sections marked *, of its byte count alone. Open
// checks the others whole. The large ones have checksums of the size a
// query reads, checked the first time it reads them: a term's checksum
// covers its postings and then its blocks; a chunk's of the term vectors,
// those of fwdChunk consecutive documents (the last chunk may have fewer),
// then their end offsets from the one before the chunk's first document
// to its last (uint64); a chunk's of the ids, the bytes of the ids of
// idChunk consecutive documents.
//
// Integers are little-endian. Files are mapped into memory (mmap) where the
// platform allows, and arrays of integers used in place on little-endian
// machines. A term's postings are blocks of 128 (fewer in its last block),
// bit-packed (see block); a block's entry holds its last document, its
// offset from the start of the term's postings, its largest frequency and
// its shortest document. A term vector entry is varint(idDelta<<1 | f==1)
// followed by varint(f) when f > 1.
const (
	// formatVersion 5 gives each section a checksum, and the postings and
	// term vectors one per term and per chunk of documents, checked when a
	// query first reads them (4 had one checksum per file, which Open
	// checked whole); 4 bit-packs the postings in blocks and stores the
	// blocks (3 held varints and derived the blocks when a query first read
	// a list); 3 front-coded the document ids (2 stored them whole:
	// sentence ids repeat their argument's id, a third of a sentence
	// index's bytes).
	formatVersion = 5
	metaFile      = "index.json"
	magic         = "ARGLEX\x00\x02"
)

// fwdChunk is the number of consecutive documents whose term vectors share
// a checksum: the term vectors a query reads (pseudo-relevance feedback)
// are checked a chunk at a time.
const fwdChunk = 256

// fwdChunks returns the number of chunks of term vectors of docs
// documents.
func fwdChunks(docs int) int { return (docs + fwdChunk - 1) / fwdChunk }

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
	idCRC     []uint32 // per chunk of idChunk documents: the checksum of their ids (idsCRC)
	idCheck   []atomic.Uint32
	fields    []*fieldData
	unmap     func() error // releases the mapped file the arrays point into; nil for a unit built in memory
	path      string       // the file the unit was read from, for errors; "" for a unit built in memory
	skipCRC   bool         // the checksums are not compared (FuzzOpenUnchecked)
}

// idChunk is the number of consecutive documents whose ids share a
// checksum, checked when an id of the chunk is first asked for
// (checkedIDs); a multiple of idEvery.
const idChunk = 64 * idEvery

// idChunks returns the number of chunks of the ids of docs documents.
func idChunks(docs int) int { return (docs + idChunk - 1) / idChunk }

// idBytes returns the range of idData that holds the ids of chunk c. The
// restarts were checked when the unit was read (validRestarts).
func (u *unitData) idBytes(c int) (start, end uint64) {
	end = uint64(len(u.idData))
	if hi := (c + 1) * idChunk / idEvery; hi < len(u.idRestart) {
		end = u.idRestart[hi]
	}
	return u.idRestart[c*idChunk/idEvery], end
}

// idsCRC returns the checksum of the bytes of the ids of chunk c.
func (u *unitData) idsCRC(c int) uint32 {
	start, end := u.idBytes(c)
	return crc32c.Update(0, u.idData[start:end])
}

// setIDChecks computes the checksums of the ids, for a unit built, and
// sets up their first-read checks.
func (u *unitData) setIDChecks() {
	u.idCRC = make([]uint32, idChunks(u.docs()))
	for c := range u.idCRC {
		u.idCRC[c] = u.idsCRC(c)
	}
	u.idCheck = make([]atomic.Uint32, len(u.idCRC))
}

// checkedIDs checks the ids of the chunks of the documents res the first
// time one of them is asked for; a malformed chunk gives an error wrapping
// errCorrupt, every time. After it, id may be called for res.
func (u *unitData) checkedIDs(res []scored) error {
	for _, r := range res {
		if err := u.checkIDChunk(int(r.doc / idChunk)); err != nil {
			return err
		}
	}
	return nil
}

// checkAllIDs checks the ids of every chunk (see checkedIDs).
func (u *unitData) checkAllIDs() error {
	for c := range u.idCheck {
		if err := u.checkIDChunk(c); err != nil {
			return err
		}
	}
	return nil
}

func (u *unitData) checkIDChunk(c int) error {
	if checkOnce(&u.idCheck[c], func() bool { return u.checkIDs(c) }) {
		return nil
	}
	lo := c * idChunk
	hi := min(lo+idChunk, u.docs())
	what := fmt.Sprintf("the ids of documents %d to %d are damaged", lo, hi-1)
	if u.path == "" {
		return fmt.Errorf("lexical: unit %s: %s: %w", u.unit, what, errCorrupt)
	}
	return fmt.Errorf("lexical: %s: %s (remove the index directory to build it again): %w", u.path, what, errCorrupt)
}

// maxLength is the most tokens a document's field may have: the scoring
// loops tabulate functions of the length up to the longest document.
const maxLength = 1 << 24

// idEvery is how many documents share a restart of the front coding: an id
// is decoded from at most idEvery entries.
const idEvery = 16

func (u *unitData) docs() int { return len(u.idRank) }

// id returns the id of document d. The front coding of its chunk was
// checked (checkedIDs).
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

// validRestarts reports whether u has as many id restarts and id chunk
// checksums as its number of documents (docs, from idRank) needs, the
// restarts run from 0 upwards within idData, and idRank is a permutation. The rest of the
// front coding is checked a chunk at a time (checkIDs).
func (u *unitData) validRestarts() bool {
	docs := u.docs()
	if len(u.idRestart) != (docs+idEvery-1)/idEvery || len(u.idCRC) != idChunks(docs) {
		return false
	}
	if !slices.IsSorted(u.idRestart) || len(u.idRestart) > 0 && (u.idRestart[0] != 0 || u.idRestart[len(u.idRestart)-1] > uint64(len(u.idData))) {
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

// checkIDs reports whether the ids of chunk c are sound: their checksum
// matches (unless skipCRC), every entry is within the chunk's bytes,
// sharing no more than the previous id has, restarts are where idRestart
// says and share nothing, and nothing is left over.
func (u *unitData) checkIDs(c int) bool {
	start, end := u.idBytes(c)
	if !u.skipCRC && u.idsCRC(c) != u.idCRC[c] {
		return false
	}
	data := u.idData[:end]
	off, prevLen := start, uint64(0)
	for d := c * idChunk; d < min((c+1)*idChunk, u.docs()); d++ {
		if d%idEvery == 0 && u.idRestart[d/idEvery] != off {
			return false
		}
		shared, n := uvarint(data[off:])
		if n <= 0 || d%idEvery == 0 && shared != 0 || shared > prevLen {
			return false
		}
		off += uint64(n)
		rest, n := uvarint(data[off:])
		if n <= 0 || rest > uint64(len(data))-off-uint64(n) || shared+rest > 1<<20 {
			return false
		}
		off += uint64(n) + rest
		prevLen = shared + rest
	}
	return off == end
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
	postCRC  []uint32        // per term: the checksum of its postings and blocks (postingsCRC)
	fwdCRC   []uint32        // per chunk of fwdChunk documents: the checksum of their term vectors (vectorsCRC); empty without term vectors
	fwdCheck []atomic.Uint32 // per chunk: whether its term vectors were checked, and found good (vector)
	path     string          // the file the field was read from, for errors; "" for a field built in memory
	skipCRC  bool            // the checksums are not compared (FuzzOpenUnchecked)
	tables   tableCache
}

// initChecks sets up the first-read checks of the postings and term
// vectors: none is checked yet.
func (f *fieldData) initChecks() {
	f.checked = make([]atomic.Uint32, f.terms())
	f.fwdCheck = make([]atomic.Uint32, len(f.fwdCRC))
}

// corrupt is the error for a malformed part of f that a query found.
func (f *fieldData) corrupt(err error) error {
	if f.path == "" {
		return fmt.Errorf("lexical: field %s: %v: %w", f.name, err, errCorrupt)
	}
	return fmt.Errorf("lexical: %s: field %s: %v (remove the index directory to build it again): %w", f.path, f.name, err, errCorrupt)
}

// postingsCRC returns the checksum of a term's postings post and blocks
// (12 bytes each, as in the file).
func postingsCRC(post []byte, blocks []block) uint32 {
	crc := crc32c.Update(0, post)
	var buf [12 * 64]byte
	for len(blocks) > 0 {
		n := min(len(blocks), 64)
		b := buf[:0]
		for _, x := range blocks[:n] {
			b = binary.LittleEndian.AppendUint32(b, x.last)
			b = binary.LittleEndian.AppendUint32(b, x.off)
			b = binary.LittleEndian.AppendUint16(b, x.maxTF)
			b = binary.LittleEndian.AppendUint16(b, x.minDL)
		}
		crc = crc32c.Update(crc, b)
		blocks = blocks[n:]
	}
	return crc
}

// vectorsCRC returns the checksum of a chunk's term vectors fwd and end
// offsets off (from the one before its first document on).
func vectorsCRC(fwd []byte, off []uint64) uint32 {
	return updateUint64s(crc32c.Update(0, fwd), off)
}

// updateUint64s returns the checksum of the bytes whose checksum is crc
// followed by off (8 bytes each).
func updateUint64s(crc uint32, off []uint64) uint32 {
	var buf [8 * 64]byte
	for len(off) > 0 {
		n := min(len(off), 64)
		b := buf[:0]
		for _, x := range off[:n] {
			b = binary.LittleEndian.AppendUint64(b, x)
		}
		crc = crc32c.Update(crc, b)
		off = off[n:]
	}
	return crc
}

// vector returns the term vector of document d, checking the chunk of
// documents it is in the first time one of them is asked for (as
// termBlocks checks postings); a malformed chunk gives an error wrapping
// errCorrupt, every time. Without term vectors it returns nothing. It is
// safe for concurrent use.
func (f *fieldData) vector(d uint32) ([]byte, error) {
	if len(f.fwdCheck) == 0 {
		return nil, nil
	}
	c := d / fwdChunk
	if checkOnce(&f.fwdCheck[c], func() bool { return f.checkChunk(c) == nil }) {
		return f.fwd[f.fwdOff[d]:f.fwdOff[d+1]], nil
	}
	return nil, f.corrupt(f.checkChunk(c))
}

// checkChunk checks the end offsets of chunk c of the term vectors, and
// its checksum.
func (f *fieldData) checkChunk(c uint32) error {
	lo := int(c) * fwdChunk
	hi := min(lo+fwdChunk, f.docs())
	off := f.fwdOff[lo : hi+1]
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] {
			return fmt.Errorf("bad term vector offsets of documents %d to %d", lo, hi-1)
		}
	}
	if off[len(off)-1] > uint64(len(f.fwd)) {
		return fmt.Errorf("bad term vector offsets of documents %d to %d", lo, hi-1)
	}
	if !f.skipCRC && vectorsCRC(f.fwd[off[0]:off[len(off)-1]], off) != f.fwdCRC[c] {
		return fmt.Errorf("term vectors of documents %d to %d: checksum mismatch", lo, hi-1)
	}
	return nil
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

// readData reads the given units of the index in dir; without checksums,
// their checksums are not compared (FuzzOpenUnchecked).
func readData(dir string, m meta, units []Unit, checksums bool) (*data, error) {
	d := &data{meta: m}
	for _, u := range units {
		ud, err := readUnit(filepath.Join(dir, string(u)+".lex"), u, m.TermVectors, checksums)
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
func (s *sectionWriter) stream(st *stream, b []byte) {
	if st == nil {
		s.bytes(b, false)
		return
	}
	s.begin(st.size, false)
	start := s.n
	if s.err == nil {
		if err := st.write(s); err != nil && s.err == nil {
			s.err = err
		}
	}
	if s.err == nil && s.n-start != st.size {
		s.err = fmt.Errorf("lexical: internal error: a section of %d bytes where %d were announced", s.n-start, st.size)
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
func (s *sectionWriter) blocks(v []block) {
	s.begin(12*len(v), false)
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

func writeUnit(w io.Writer, u *unitData, streams []fieldStreams) error {
	s := &sectionWriter{w: w, buf: make([]byte, 0, 1<<17)}
	s.put([]byte(magic))
	s.bytes(u.idData, false)
	s.u64s(u.idRestart, true)
	s.u32s(u.idRank)
	s.u32s(u.idCRC)
	s.u32s([]uint32{uint32(len(u.fields))})
	for i, f := range u.fields {
		var st fieldStreams
		if streams != nil {
			st = streams[i]
		}
		s.bytes([]byte(f.name), true)
		s.bytes(f.termBlob, true)
		s.u64s(f.termOff, true)
		s.u32s(f.df)
		s.u64s(f.ttf, true)
		s.u32s(f.maxTF)
		s.u64s(f.postOff, true)
		s.stream(st.post, f.post)
		s.u32s(f.blockAt)
		s.blocks(f.blocks)
		s.bytes(f.dl8, true)
		s.u32s(f.dl)
		s.stream(st.fwd, f.fwd)
		s.u64s(f.fwdOff, false)
		s.u32s(f.postCRC)
		s.u32s(f.fwdCRC)
	}
	return s.err
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
		return m, &formatError{dir: dir, format: m.Format}
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

// A formatError is the error for an index written in another format
// version than this one reads: a corrupt index (it wraps errCorrupt) that
// a Cache builds again without calling it damaged.
type formatError struct {
	dir    string
	format int
}

func (e *formatError) Error() string {
	return fmt.Sprintf("lexical: open %s: index format %d, this version reads %d (remove the directory to build it again): %v", e.dir, e.format, formatVersion, errCorrupt)
}

func (e *formatError) Unwrap() error { return errCorrupt }

// corrupt is the error for a malformed unit file.
func corrupt(path, what string) error {
	return fmt.Errorf("lexical: %s: %s: %w", path, what, errCorrupt)
}

// A sectionReader reads the sections of a unit file's body; off is the
// offset of b in the file. The first fault it finds (a short section, a
// checksum that does not match, padding that is not zero) is in why, and
// every read after it returns nothing.
type sectionReader struct {
	b       []byte
	off     int
	why     string
	skipCRC bool // checksums are not compared (FuzzOpenUnchecked)
}

func (r *sectionReader) fail(why string) {
	if r.why == "" {
		r.why = why
	}
}

// bytes reads the section name, checking its checksum against its bytes if
// whole, else against its byte count only.
func (r *sectionReader) bytes(name string, whole bool) []byte {
	if r.why != "" {
		return nil
	}
	pad := (8 - r.off%8) % 8
	if len(r.b) < pad+8 {
		r.fail("truncated at the " + name)
		return nil
	}
	for _, c := range r.b[:pad] {
		if c != 0 {
			r.fail("padding before the " + name + " not zero")
			return nil
		}
	}
	count := r.b[pad : pad+8]
	n := binary.LittleEndian.Uint64(count)
	rest := r.b[pad+8:]
	if n > uint64(len(rest)) || uint64(len(rest))-n < 4 {
		r.fail("truncated at the " + name)
		return nil
	}
	v := rest[:n:n]
	crc := uint32(0)
	if whole {
		crc = crc32c.Checksum(v)
	}
	if !r.skipCRC && crc32c.Update(crc, count) != binary.LittleEndian.Uint32(rest[n:]) {
		r.fail("checksum mismatch in the " + name)
		return nil
	}
	r.b, r.off = rest[n+4:], r.off+pad+8+int(n)+4
	return v
}

// littleEndian reports whether this machine stores integers as the files
// do, so that aligned arrays can be used in place.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

func (r *sectionReader) u32s(name string) []uint32 {
	b := r.bytes(name, true)
	if len(b)%4 != 0 {
		r.fail("the " + name + " are not whole")
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
func (r *sectionReader) blocks(name string) []block {
	b := r.bytes(name, false)
	if len(b)%12 != 0 {
		r.fail("the " + name + " are not whole")
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

func (r *sectionReader) u64s(name string, whole bool) []uint64 {
	b := r.bytes(name, whole)
	if len(b)%8 != 0 {
		r.fail("the " + name + " are not whole")
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

// readUnit maps a unit file and checks its small sections whole (their
// checksums and structure); the postings and term vectors are checked a
// term and a chunk at a time when queries first read them (termBlocks,
// vector). The unit's arrays point into the mapping; unmap releases it.
// Without checksums, the checksums are not compared (FuzzOpenUnchecked).
func readUnit(path string, want Unit, vectors, checksums bool) (u *unitData, err error) {
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
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return nil, corrupt(path, "not an index file of this format")
	}
	r := &sectionReader{b: b[len(magic):], off: len(magic), skipCRC: !checksums}
	u = &unitData{unit: want, unmap: unmap, path: path, skipCRC: !checksums}
	u.idData = r.bytes("document ids", false)
	u.idRestart = r.u64s("document id restarts", true)
	u.idRank = r.u32s("document id ranks")
	u.idCRC = r.u32s("document id checksums")
	nf := r.u32s("number of fields")
	if r.why != "" {
		return nil, corrupt(path, r.why)
	}
	if len(nf) != 1 || !u.validRestarts() {
		return nil, corrupt(path, "bad document ids")
	}
	u.idCheck = make([]atomic.Uint32, len(u.idCRC))
	fields := unitFields(want)
	if int(nf[0]) != len(fields) {
		return nil, corrupt(path, "wrong number of fields")
	}
	docs := u.docs()
	for _, name := range fields {
		f := &fieldData{path: path, skipCRC: !checksums}
		what := func(s string) string { return s + " of field " + name }
		f.name = string(r.bytes(what("name"), true))
		f.termBlob = r.bytes(what("terms"), true)
		f.termOff = r.u64s(what("term offsets"), true)
		f.df = r.u32s(what("document frequencies"))
		f.ttf = r.u64s(what("term frequencies"), true)
		f.maxTF = r.u32s(what("largest frequencies"))
		f.postOff = r.u64s(what("posting offsets"), true)
		f.post = r.bytes(what("postings"), false)
		f.blockAt = r.u32s(what("first blocks"))
		f.blocks = r.blocks(what("blocks"))
		f.dl8 = r.bytes(what("document lengths"), true)
		f.dl = r.u32s(what("long document lengths"))
		f.fwd = r.bytes(what("term vectors"), false)
		f.fwdOff = r.u64s(what("term vector offsets"), false)
		f.postCRC = r.u32s(what("posting checksums"))
		f.fwdCRC = r.u32s(what("term vector checksums"))
		n := len(f.df)
		switch {
		case r.why != "":
			return nil, corrupt(path, r.why)
		case f.name != name:
			return nil, corrupt(path, fmt.Sprintf("field %q where %q was expected", f.name, name))
		case len(f.ttf) != n || len(f.maxTF) != n || !validOffsets(f.termOff, n, len(f.termBlob)):
			return nil, corrupt(path, "bad term dictionary of field "+name)
		case len(f.post) < 8 || !allZero(f.post[len(f.post)-8:]) || !validOffsets(f.postOff, n, len(f.post)-8) || !validBlockAt(f.blockAt, n, len(f.blocks)) || len(f.postCRC) != n:
			return nil, corrupt(path, "bad postings of field "+name)
		case len(f.dl8) != docs || !f.validLengths():
			return nil, corrupt(path, "bad document lengths of field "+name)
		case vectors && !validVectors(f.fwdOff, f.fwdCRC, docs, len(f.fwd)),
			!vectors && len(f.fwd)+len(f.fwdOff)+len(f.fwdCRC) != 0:
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
		f.initChecks()
		u.fields = append(u.fields, f)
	}
	if len(r.b) != 0 {
		return nil, corrupt(path, "trailing data")
	}
	// The checks read the small sections; what queries use is read back
	// when touched.
	mmap.Drop(b)
	return u, nil
}

// allZero reports whether b holds only zeros.
func allZero(b []byte) bool { return !slices.ContainsFunc(b, func(c byte) bool { return c != 0 }) }

// validVectors reports whether the term vector offsets off and chunk
// checksums crc are as many as docs documents need, and off runs from 0
// to size. That the offsets do not decrease is checked a chunk at a time
// (checkChunk).
func validVectors(off []uint64, crc []uint32, docs, size int) bool {
	return len(off) == docs+1 && off[0] == 0 && off[docs] == uint64(size) && len(crc) == fwdChunks(docs)
}
