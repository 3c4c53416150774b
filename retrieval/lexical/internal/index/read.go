package index

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/argsearch/argsearch/internal/crc32c"
	"github.com/argsearch/argsearch/internal/mmap"
	"github.com/argsearch/argsearch/internal/quote"
)

// Read reads the given units of the index in dir; without checksums,
// their checksums are not compared (FuzzOpenUnchecked).
func Read(dir string, m Meta, units []string, checksums bool) (*Data, error) {
	d := &Data{Meta: m}
	for _, u := range units {
		ud, err := readUnit(filepath.Join(dir, string(u)+".lex"), u, m.TermVectors, checksums)
		if err != nil {
			return nil, err
		}
		d.Units = append(d.Units, ud)
	}
	d.Meta.Units = units
	return d, nil
}

// ReadMeta reads dir's index.json.
func ReadMeta(dir string) (Meta, error) {
	var m Meta
	b, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if errors.Is(err, fs.ErrNotExist) {
		return m, fmt.Errorf("lexical: open %s: %w", dir, ErrNoIndex)
	}
	if err != nil {
		return m, fmt.Errorf("lexical: open %s: %w", dir, err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("lexical: open %s: %s: %v: %w", dir, MetaFile, err, ErrCorrupt)
	}
	if m.Format != FormatVersion {
		return m, &FormatError{Dir: dir, Format: m.Format}
	}
	if n, err := m.Analysis.Normalized(); err != nil {
		return m, fmt.Errorf("lexical: open %s: recorded analysis: %v: %w", dir, err, ErrCorrupt)
	} else if n != m.Analysis {
		return m, fmt.Errorf("lexical: open %s: recorded analysis %q is not in normal form (%q): %w", dir, m.Analysis, n, ErrCorrupt)
	}
	if len(m.Vocabulary) > 0 && m.Analysis.Stem != "krovetz" {
		return m, fmt.Errorf("lexical: open %s: a stemmer vocabulary without Krovetz stemming: %w", dir, ErrCorrupt)
	}
	if !slices.IsSorted(m.Vocabulary) {
		return m, fmt.Errorf("lexical: open %s: stemmer vocabulary not in order: %w", dir, ErrCorrupt)
	}
	for _, u := range m.Units {
		if u != "sentence" && u != "argument" {
			return m, fmt.Errorf("lexical: open %s: unknown unit %s: %w", dir, quote.Q(u), ErrCorrupt)
		}
	}
	return m, nil
}

// A FormatError is the error for an index written in another format
// version than this one reads: a corrupt index (it wraps ErrCorrupt) that
// a Cache builds again without calling it damaged.
type FormatError struct {
	Dir    string // the index directory
	Format int    // the format version it was written in
}

// Error says which format the index is in and which this version reads.
func (e *FormatError) Error() string {
	return fmt.Sprintf("lexical: open %s: index format %d, this version reads %d (remove the directory to build it again): %v", e.Dir, e.Format, FormatVersion, ErrCorrupt)
}

// Unwrap returns ErrCorrupt.
func (e *FormatError) Unwrap() error { return ErrCorrupt }

// corrupt is the error for a malformed unit file.
func corrupt(path, what string) error {
	return fmt.Errorf("lexical: %s: %s: %w", path, what, ErrCorrupt)
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
	return asU32s(b)
}

// asU32s returns b, a whole number of uint32s, as them: in place where
// the machine and alignment allow.
func asU32s(b []byte) []uint32 { return asInts[uint32](b, binary.LittleEndian.Uint32) }

// asU64s returns b, a whole number of uint64s, as them (see asU32s).
func asU64s(b []byte) []uint64 { return asInts[uint64](b, binary.LittleEndian.Uint64) }

// asInts returns b, a whole number of little-endian Ts, as them: in place
// where the machine and alignment allow, else decoded one by one with get.
func asInts[T uint32 | uint64](b []byte, get func([]byte) T) []T {
	if len(b) == 0 {
		return []T{}
	}
	size := int(unsafe.Sizeof(T(0)))
	if littleEndian && uintptr(unsafe.Pointer(&b[0]))%uintptr(size) == 0 {
		return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/size)
	}
	v := make([]T, len(b)/size)
	for i := range v {
		v[i] = get(b[size*i:])
	}
	return v
}

// parseRanks reads the section of id ranks (see rankTable.appendTo), and
// reports whether its parts fill it exactly.
func parseRanks(b []byte) (rankTable, bool) {
	if len(b) < 16 {
		return rankTable{}, false
	}
	docs, wide := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])
	if docs > math.MaxUint32 || wide > math.MaxUint32 {
		return rankTable{}, false
	}
	groups := (docs + rankGroup - 1) / rankGroup
	excAt := uint64(16)
	baseAt := excAt + 8*((groups+63)/64)
	wideAt := baseAt + 4*groups
	lowAt := wideAt + 4*wide
	if lowAt+docs != uint64(len(b)) {
		return rankTable{}, false
	}
	return rankTable{
		exc:  asU64s(b[excAt:baseAt]),
		base: asU32s(b[baseAt:wideAt]),
		wide: asU32s(b[wideAt:lowAt]),
		low:  b[lowAt:],
	}, true
}

// blocks reads a section of blocks, 12 bytes each: last, off (uint32),
// MaxTF, MinDL (uint16).
func (r *sectionReader) blocks(name string) []Block {
	b := r.bytes(name, false)
	if len(b)%12 != 0 {
		r.fail("the " + name + " are not whole")
		return nil
	}
	if len(b) == 0 {
		return []Block{}
	}
	if littleEndian && unsafe.Sizeof(Block{}) == 12 && uintptr(unsafe.Pointer(&b[0]))%4 == 0 {
		return unsafe.Slice((*Block)(unsafe.Pointer(&b[0])), len(b)/12)
	}
	v := make([]Block, len(b)/12)
	for i := range v {
		e := b[12*i:]
		v[i] = Block{
			Last:  binary.LittleEndian.Uint32(e),
			Off:   binary.LittleEndian.Uint32(e[4:]),
			MaxTF: binary.LittleEndian.Uint16(e[8:]),
			MinDL: binary.LittleEndian.Uint16(e[10:]),
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
	return asU64s(b)
}

// blockStarts returns the first block of each term whose document
// frequencies are df, and after them the number of blocks (nil if that
// exceeds a uint32).
func blockStarts(df []uint32) []uint32 {
	at := make([]uint32, len(df)+1)
	n := uint64(0)
	for i, x := range df {
		n += (uint64(x) + BlockSize - 1) / BlockSize
		if n > math.MaxUint32 {
			return nil
		}
		at[i+1] = uint32(n)
	}
	return at
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
// term and a chunk at a time when queries first read them (TermBlocks,
// Vector). That the id ranks are a permutation, the longest check, runs
// on a goroutine of its own while the fields are read. The unit's arrays
// point into the mapping; unmap releases it. Without checksums, the
// checksums are not compared (FuzzOpenUnchecked).
func readUnit(path string, want string, vectors, checksums bool) (u *Unit, err error) {
	b, unmap, err := mmap.File(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("lexical: %s: missing: %w", path, ErrCorrupt)
	}
	if err != nil {
		return nil, fmt.Errorf("lexical: %w", err)
	}
	defer func() {
		if err != nil {
			unmap()
		}
	}()
	if len(b) < len(Magic) || string(b[:len(Magic)]) != Magic {
		return nil, corrupt(path, "not an index file of this format")
	}
	r := &sectionReader{b: b[len(Magic):], off: len(Magic), skipCRC: !checksums}
	u = &Unit{Name: want, unmap: unmap, path: path, skipCRC: !checksums}
	u.IDData = r.bytes("document ids", false)
	u.IDRestart = r.u64s("document id restarts", true)
	if b := r.bytes("document id ranks", true); r.why == "" {
		var ok bool
		if u.ranks, ok = parseRanks(b); !ok {
			r.fail("the document id ranks are not whole")
		}
	}
	u.IDCRC = r.u32s("document id checksums")
	nf := r.u32s("number of fields")
	if r.why != "" {
		return nil, corrupt(path, r.why)
	}
	if len(nf) != 1 || !u.validRestarts() {
		return nil, corrupt(path, "bad document ids")
	}
	u.idCheck = make([]atomic.Uint32, len(u.IDCRC))
	fields := UnitFields(want)
	if int(nf[0]) != len(fields) {
		return nil, corrupt(path, "wrong number of fields")
	}
	// Every return from here waits for the goroutine: it reads the mapping.
	perm := make(chan bool, 1)
	go func() { perm <- u.ranks.permutation(u.Docs()) }()
	for _, name := range fields {
		var f *Field
		if f, err = readField(r, path, name, u.Docs(), vectors, checksums); err != nil {
			break
		}
		u.Fields = append(u.Fields, f)
	}
	if err == nil && len(r.b) != 0 {
		err = corrupt(path, "trailing data")
	}
	if !<-perm {
		return nil, corrupt(path, "bad document ids")
	}
	if err != nil {
		return nil, err
	}
	// The small sections the checks read stay mapped: queries read most of
	// them again (the lengths and id ranks at random), and releasing them
	// (madvise) cost more, in the release and in faults after it, than it
	// saved (the file stays in the page cache either way).
	return u, nil
}

// readField reads the sections of field name of a unit of docs documents
// from r, and checks them (see readUnit).
func readField(r *sectionReader, path, name string, docs int, vectors, checksums bool) (*Field, error) {
	f := &Field{path: path, skipCRC: !checksums}
	what := func(s string) string { return s + " of field " + name }
	f.Name = string(r.bytes(what("name"), true))
	f.TermBlob = r.bytes(what("terms"), true)
	f.TermOff = r.u64s(what("term offsets"), true)
	f.DF = r.u32s(what("document frequencies"))
	f.TTF = r.u64s(what("term frequencies"), true)
	f.MaxTF = r.u32s(what("largest frequencies"))
	f.PostOff = r.u64s(what("posting offsets"), true)
	f.Post = r.bytes(what("postings"), false)
	reserved := r.bytes(what("reserved section"), true)
	f.Blocks = r.blocks(what("blocks"))
	f.DL8 = r.bytes(what("document lengths"), true)
	f.DL = r.u32s(what("long document lengths"))
	f.Fwd = r.bytes(what("term vectors"), false)
	f.FwdOff = r.u64s(what("term vector offsets"), false)
	f.PostCRC = r.u32s(what("posting checksums"))
	f.FwdCRC = r.u32s(what("term vector checksums"))
	n := len(f.DF)
	f.BlockAt = blockStarts(f.DF)
	if len(reserved) != 0 {
		return nil, corrupt(path, "a reserved section of field "+name+" is not empty")
	}
	switch {
	case r.why != "":
		return nil, corrupt(path, r.why)
	case f.Name != name:
		return nil, corrupt(path, fmt.Sprintf("field %q where %q was expected", f.Name, name))
	case len(f.TTF) != n || len(f.MaxTF) != n || !validOffsets(f.TermOff, n, len(f.TermBlob)):
		return nil, corrupt(path, "bad term dictionary of field "+name)
	case len(f.Post) < 8 || !allZero(f.Post[len(f.Post)-8:]) || !validOffsets(f.PostOff, n, len(f.Post)-8) || len(f.BlockAt) != n+1 || int(f.BlockAt[n]) != len(f.Blocks) || len(f.PostCRC) != n:
		return nil, corrupt(path, "bad postings of field "+name)
	case len(f.DL8) != docs || !f.validLengths():
		return nil, corrupt(path, "bad document lengths of field "+name)
	case vectors && !validVectors(f.FwdOff, f.FwdCRC, docs, len(f.Fwd)),
		!vectors && len(f.Fwd)+len(f.FwdOff)+len(f.FwdCRC) != 0:
		return nil, corrupt(path, "bad term vectors of field "+name)
	}
	for i := 1; i < n; i++ {
		if compareBytes(f.Term(i-1), f.Term(i)) >= 0 {
			return nil, corrupt(path, "terms out of order in field "+name)
		}
	}
	f.SetStats()
	sum := uint64(0)
	for _, n := range f.TTF {
		sum += n
	}
	if sum != f.SumTTF || f.MaxDL > MaxLength {
		return nil, corrupt(path, "document lengths of field "+name+" disagree with its term frequencies")
	}
	f.InitChecks()
	return f, nil
}

// allZero reports whether b holds only zeros.
func allZero(b []byte) bool { return !slices.ContainsFunc(b, func(c byte) bool { return c != 0 }) }

// validVectors reports whether the term vector offsets off and chunk
// checksums crc are as many as docs documents need, and off runs from 0
// to size. That the offsets do not decrease is checked a chunk at a time
// (checkChunk).
func validVectors(off []uint64, crc []uint32, docs, size int) bool {
	return len(off) == docs+1 && off[0] == 0 && off[docs] == uint64(size) && len(crc) == FwdChunks(docs)
}
