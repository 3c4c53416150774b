package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/crc32c"
)

// Errors the lexical packages wrap and package lexical branches on
// (lexical's errCorrupt and errConfig are the first two; it wraps its own
// ErrNoIndex where ReadMeta gives this one).
var (
	// ErrCorrupt: an index file is truncated, altered or unreadable.
	ErrCorrupt = errors.New("corrupt index")
	// ErrConfig: an invalid configuration, or a build beyond what the
	// format holds.
	ErrConfig = errors.New("configuration mismatch or invalid")
	// ErrNoIndex: the directory holds no index (ReadMeta).
	ErrNoIndex = errors.New("no index")
)

const (
	// FormatVersion 6 codes a run of ids that count up ("…__1", "…__2")
	// in one byte, restarts the front coding every 64 documents, stores the
	// id ranks a byte each from a base per 16 documents, leaves out the
	// first blocks (they follow from the df) and packs a block's values in
	// the width that makes it smallest, the wider ones as exceptions (a
	// sentence index of 5.7M documents: 256 MB in 5, 209 MB in 6); 5 gives
	// each section a checksum, and the postings and term vectors one per
	// term and per chunk of documents, checked when a query first reads
	// them (4 had one checksum per file, which Read checked whole); 4
	// bit-packs the postings in blocks and stores the blocks (3 held varints
	// and derived the blocks when a query first read a list); 3 front-coded
	// the document ids (2 stored them whole: sentence ids repeat their
	// argument's id, a third of a sentence index's bytes).
	FormatVersion = 6
	MetaFile      = "index.json"     // the metadata, written last
	Magic         = "ARGLEX\x00\x03" // the first bytes of a unit file
)

// FwdChunk is the number of consecutive documents whose term vectors share
// a checksum: the term vectors a query reads (pseudo-relevance feedback)
// are checked a chunk at a time.
const FwdChunk = 256

// FwdChunks returns the number of chunks of term vectors of docs
// documents.
func FwdChunks(docs int) int { return (docs + FwdChunk - 1) / FwdChunk }

// Meta is an index's metadata, index.json.
type Meta struct {
	Format      int               `json:"format"`
	Analysis    analysis.Analysis `json:"analysis"`
	Units       []string          `json:"units"`
	TermVectors bool              `json:"term_vectors"`
	Stopwords   []string          `json:"stopwords,omitempty"`
	// Vocabulary is the Krovetz stemmer's vocabulary (Stem "krovetz"), in
	// byte order; queries are stemmed with it.
	Vocabulary []string `json:"vocabulary,omitempty"`
}

// Data is an index: read from a directory (Read) or built in memory.
type Data struct {
	Meta  Meta
	Units []*Unit // in the order of Meta.Units
}

// A Unit is the documents of one unit of an index ("sentence" or
// "argument"): their ids and fields.
type Unit struct {
	Name       string
	IDData     []byte   // the front-coded document ids (see the file format)
	IDRestart  []uint64 // offsets in IDData of documents 0, IDEvery, 2·IDEvery, …
	IDRank     []uint32 // per document of a unit built: the position of its id in byte order (nil when read; Rank reads either)
	IDCRC      []uint32 // per chunk of IDChunk documents: the checksum of their ids (idsCRC)
	ranks      rankTable
	idCheck    []atomic.Uint32
	behind     sync.WaitGroup // the goroutine of checkIDsBehind
	behindOnce sync.Once      // starts it (CheckID)
	stop       atomic.Bool    // set by Data.Close: checkIDsBehind stops, or does not start
	Fields     []*Field
	unmap      func() error // releases the mapped file the arrays point into; nil for a unit built in memory
	path       string       // the file the unit was read from, for errors; "" for a unit built in memory
	skipCRC    bool         // the checksums are not compared (FuzzOpenUnchecked)
}

// MaxLength is the most tokens a document's field may have: the scoring
// loops tabulate functions of the length up to the longest document.
const MaxLength = 1 << 24

// Docs returns the number of documents.
func (u *Unit) Docs() int {
	if u.ranks.low == nil {
		return len(u.IDRank)
	}
	return len(u.ranks.low)
}

// A Field is one field of a unit's documents: its terms in byte order
// with their statistics, their postings in blocks (see Block), the
// documents' lengths and, if the index has them, their term vectors.
// Read fills in all of it; a build sets the exported parts and then
// calls SetStats and InitChecks.
type Field struct {
	Name     string
	TermBlob []byte
	TermOff  []uint64 // len terms+1
	DF       []uint32
	TTF      []uint64
	MaxTF    []uint32 // per term: its highest frequency in a document
	PostOff  []uint64 // len terms+1
	Post     []byte   // the blocks' postings, then 8 bytes of padding
	BlockAt  []uint32 // len terms+1: each term's first block in blocks
	Blocks   []Block
	DL8      []uint8  // per document: its length, or 255 for 255 and more
	DL       []uint32 // per document: its length; empty if every length is below 255
	Fwd      []byte
	FwdOff   []uint64 // len docs+1, or empty without term vectors
	DocCount int      // documents with dl > 0
	SumTTF   uint64
	MaxDL    uint32          // at most MaxLength
	MinDL    uint32          // smallest non-zero length
	Checked  []atomic.Uint32 // per term: whether its postings were checked, and found good (TermBlocks)
	PostCRC  []uint32        // per term: the checksum of its postings and blocks (PostingsCRC)
	FwdCRC   []uint32        // per chunk of FwdChunk documents: the checksum of their term vectors (vectorsCRC); empty without term vectors
	fwdCheck []atomic.Uint32 // per chunk: whether its term vectors were checked, and found good (Vector)
	path     string          // the file the field was read from, for errors; "" for a field built in memory
	skipCRC  bool            // the checksums are not compared (FuzzOpenUnchecked)
}

// InitChecks sets up the first-read checks of the postings and term
// vectors: none is checked yet.
func (f *Field) InitChecks() {
	f.Checked = make([]atomic.Uint32, f.Terms())
	f.fwdCheck = make([]atomic.Uint32, len(f.FwdCRC))
}

// corrupt is the error for a malformed part of f that a query found.
func (f *Field) corrupt(err error) error {
	if f.path == "" {
		return fmt.Errorf("lexical: field %s: %v: %w", f.Name, err, ErrCorrupt)
	}
	return fmt.Errorf("lexical: %s: field %s: %v (remove the index directory to build it again): %w", f.path, f.Name, err, ErrCorrupt)
}

// PostingsCRC returns the checksum of a term's postings post and blocks
// (12 bytes each, as in the file).
func PostingsCRC(post []byte, blocks []Block) uint32 {
	crc := crc32c.Update(0, post)
	var buf [12 * 64]byte
	for len(blocks) > 0 {
		n := min(len(blocks), 64)
		b := buf[:0]
		for _, x := range blocks[:n] {
			b = binary.LittleEndian.AppendUint32(b, x.Last)
			b = binary.LittleEndian.AppendUint32(b, x.Off)
			b = binary.LittleEndian.AppendUint16(b, x.MaxTF)
			b = binary.LittleEndian.AppendUint16(b, x.MinDL)
		}
		crc = crc32c.Update(crc, b)
		blocks = blocks[n:]
	}
	return crc
}

// vectorsCRC returns the checksum of a chunk's term vectors fwd and end
// offsets off (from the one before its first document on).
func vectorsCRC(fwd []byte, off []uint64) uint32 {
	return UpdateUint64s(crc32c.Update(0, fwd), off)
}

// UpdateUint64s returns the checksum of the bytes whose checksum is crc
// followed by off (8 bytes each).
func UpdateUint64s(crc uint32, off []uint64) uint32 {
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

// Vector returns the term vector of document d, checking the chunk of
// documents it is in the first time one of them is asked for (as
// TermBlocks checks postings); a malformed chunk gives an error wrapping
// ErrCorrupt, every time. Without term vectors it returns nothing. It is
// safe for concurrent use.
func (f *Field) Vector(d uint32) ([]byte, error) {
	if len(f.fwdCheck) == 0 {
		return nil, nil
	}
	c := d / FwdChunk
	if checkOnce(&f.fwdCheck[c], func() bool { return f.checkChunk(c) == nil }) {
		return f.Fwd[f.FwdOff[d]:f.FwdOff[d+1]], nil
	}
	return nil, f.corrupt(f.checkChunk(c))
}

// TermVector adds the terms of document d (all fields of the unit
// together) with their frequencies to into, and returns the document's
// length. Term vectors that fail their check give an error wrapping
// ErrCorrupt.
func (ud *Unit) TermVector(d uint32, into map[string]float64) (dl float64, err error) {
	for _, f := range ud.Fields {
		doc := uint64(0)
		vec, err := f.Vector(d)
		if err != nil {
			return 0, err
		}
		for p := vec; len(p) > 0; {
			x, m := Uvarint(p)
			if m <= 0 {
				break
			}
			p = p[m:]
			tf := uint64(1)
			if x&1 == 0 {
				if tf, m = Uvarint(p); m <= 0 {
					break
				}
				p = p[m:]
			}
			doc += x >> 1
			if doc >= uint64(f.Terms()) {
				break
			}
			into[string(f.Term(int(doc)))] += float64(tf)
			dl += float64(tf)
		}
	}
	return dl, nil
}

// checkChunk checks the end offsets of chunk c of the term vectors, and
// its checksum.
func (f *Field) checkChunk(c uint32) error {
	lo := int(c) * FwdChunk
	hi := min(lo+FwdChunk, f.Docs())
	off := f.FwdOff[lo : hi+1]
	for i := 1; i < len(off); i++ {
		if off[i] < off[i-1] {
			return fmt.Errorf("bad term vector offsets of documents %d to %d", lo, hi-1)
		}
	}
	if off[len(off)-1] > uint64(len(f.Fwd)) {
		return fmt.Errorf("bad term vector offsets of documents %d to %d", lo, hi-1)
	}
	if !f.skipCRC && vectorsCRC(f.Fwd[off[0]:off[len(off)-1]], off) != f.FwdCRC[c] {
		return fmt.Errorf("term vectors of documents %d to %d: checksum mismatch", lo, hi-1)
	}
	return nil
}

// Terms returns the number of terms.
func (f *Field) Terms() int { return len(f.DF) }

// Length returns the length of document d. Most lengths are below 255 and
// come from the compact DL8, which stays in cache better.
func (f *Field) Length(d uint64) uint32 {
	if n := f.DL8[d]; n < 255 {
		return uint32(n)
	}
	return f.DL[d]
}

// Docs returns the number of documents.
func (f *Field) Docs() int { return len(f.DL8) }

// SetLengths stores the document lengths dl: one byte each, and all of
// them whole if any is 255 or more.
func (f *Field) SetLengths(dl []uint32) {
	f.DL8 = make([]uint8, len(dl))
	f.DL = nil
	for d, n := range dl {
		f.DL8[d] = uint8(min(n, 255))
		if n >= 255 {
			f.DL = dl
		}
	}
}

// validLengths reports whether DL, if there, agrees with DL8, and is there
// if DL8 has a length of 255.
func (f *Field) validLengths() bool {
	if len(f.DL) == 0 {
		return bytes.IndexByte(f.DL8, 255) < 0
	}
	if len(f.DL) != len(f.DL8) {
		return false
	}
	for d, n := range f.DL {
		if uint32(f.DL8[d]) != min(n, 255) {
			return false
		}
	}
	return true
}

// Term returns term i.
func (f *Field) Term(i int) []byte { return f.TermBlob[f.TermOff[i]:f.TermOff[i+1]] }

// Lookup returns the id of term t, or -1.
func (f *Field) Lookup(t string) int {
	lo, hi := 0, f.Terms()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compareBytesString(f.Term(m), t) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < f.Terms() && string(f.Term(lo)) == t {
		return lo
	}
	return -1
}

func compareBytes(a, b []byte) int { return bytes.Compare(a, b) }

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

// SetStats fills in the derived statistics. It counts the one-byte
// lengths by value (in four tables, so that repeated values do not wait
// on each other's counts), and looks up the whole length only of the
// documents whose byte is 255.
func (f *Field) SetStats() {
	var h [4][256]uint32
	b := f.DL8
	i := 0
	for ; i+4 <= len(b); i += 4 {
		h[0][b[i]]++
		h[1][b[i+1]]++
		h[2][b[i+2]]++
		h[3][b[i+3]]++
	}
	for ; i < len(b); i++ {
		h[0][b[i]]++
	}
	f.DocCount, f.SumTTF, f.MaxDL, f.MinDL = 0, 0, 0, 0
	add := func(n uint32, count uint64) {
		f.DocCount += int(count)
		f.SumTTF += uint64(n) * count
		f.MaxDL = max(f.MaxDL, n)
		if f.MinDL == 0 || n < f.MinDL {
			f.MinDL = n
		}
	}
	for n := 1; n < 255; n++ {
		if c := uint64(h[0][n]) + uint64(h[1][n]) + uint64(h[2][n]) + uint64(h[3][n]); c > 0 {
			add(uint32(n), c)
		}
	}
	if h[0][255]+h[1][255]+h[2][255]+h[3][255] == 0 {
		return
	}
	for d := 0; ; d++ {
		k := bytes.IndexByte(b[d:], 255)
		if k < 0 {
			return
		}
		d += k
		if n := f.Length(uint64(d)); n > 0 {
			add(n, 1)
		}
	}
}

// Check decodes and checks every posting list of the index against its
// checksum, blocks and statistics (on all cores), and every chunk of ids
// and of term vectors, which Read leaves to the first query that reads
// them. It returns the first malformed list's or chunk's error, wrapping
// ErrCorrupt; nil for a sound index.
func (d *Data) Check(ctx context.Context) error {
	for _, ud := range d.Units {
		if err := ud.CheckAllIDs(); err != nil {
			return err
		}
		for _, f := range ud.Fields {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("lexical: check: %w", err)
			}
			if err := f.Check(); err != nil {
				if !errors.Is(err, ErrCorrupt) {
					err = fmt.Errorf("lexical: unit %s: field %s: %v: %w", ud.Name, f.Name, err, ErrCorrupt)
				}
				return err
			}
			for c := range f.fwdCheck {
				if _, err := f.Vector(uint32(c * FwdChunk)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Close unmaps the files of the units read from a directory, once the
// checks of their ids behind the queries (see CheckID) have stopped.
func (d *Data) Close() error {
	var err error
	for _, ud := range d.Units {
		ud.stopBehind()
		if ud.unmap != nil {
			err = errors.Join(err, ud.unmap())
		}
	}
	return err
}

// Field names of the argument unit, and the one field of the sentence unit.
const (
	FieldText       = "text"
	FieldConclusion = "conclusion"
	FieldPremise    = "premise"
	FieldTitle      = "title"
)

// UnitFields returns the names of the fields of unit u.
func UnitFields(u string) []string {
	if u == "argument" {
		return []string{FieldConclusion, FieldPremise, FieldTitle}
	}
	return []string{FieldText}
}

// Unit returns unit u of d, or nil.
func (d *Data) Unit(u string) *Unit {
	for _, ud := range d.Units {
		if ud.Name == u {
			return ud
		}
	}
	return nil
}
