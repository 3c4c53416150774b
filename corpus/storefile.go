package corpus

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"unsafe"

	"github.com/argsearch/argsearch/internal/crc32c"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/mmap"
	"github.com/argsearch/argsearch/stance"
)

// errStoreFile is wrapped by MapStore's error for input that is not a
// store file, or a truncated or corrupt one.
var errStoreFile = errors.New("corpus: not a store file, or a damaged one")

// storeMagic starts a store file; its last byte is the format version.
// Version 1 kept each argument's id in its text block; version 2 keeps
// the ids in a section of their own, so that opening a file and looking
// ids up reads them and not the texts.
const storeMagic = "ARGSTOR\x02"

// storeArgumentSize is the size of an argument's record in a store file.
const storeArgumentSize = 7 * 4

// WriteTo writes the store in the format MapStore reads, so that a
// program can keep a corpus's store beside its index and skip reading the
// corpus again. After a header (the magic, the number of sentences and of
// arguments) come sections, each starting at a multiple of 8 bytes with
// its byte count: the argument ids, their end offsets, the arguments'
// records (text block, offsets and sentence counts), the premise stances,
// the end offsets of the sentence texts, the arguments in id order, and
// the text blocks; then the sentence ids that do not follow the corpus's
// scheme, and a CRC-32C of it all. Integers are little-endian.
func (s *Store) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, storeWriteSize)
	sw := &storeWriter{w: bw}
	sw.raw([]byte(storeMagic))
	sw.u64(uint64(s.numSents))
	sw.u64(uint64(len(s.args)))
	sw.section(len(s.ids))
	sw.raw(unsafe.Slice(unsafe.StringData(s.ids), len(s.ids)))
	sw.u32s(s.idEnd)
	sw.section(storeArgumentSize * len(s.args))
	for _, r := range s.args {
		sw.u32(r.block, r.start, r.concLen, r.first, r.stances, r.premises, r.flags)
	}
	sw.section(len(s.stances))
	for _, st := range s.stances {
		sw.raw([]byte{byte(st)})
	}
	sw.u32s(s.sentEnd)
	sw.u32s(s.byID)
	sw.u64(uint64(len(s.blocks)))
	for _, b := range s.blocks {
		sw.section(len(b))
		sw.raw(unsafe.Slice(unsafe.StringData(b), len(b)))
	}
	sw.u64(uint64(len(s.odd)))
	for a := range uint32(len(s.args)) {
		ids, ok := s.odd[a]
		if !ok {
			continue
		}
		sw.u32(a)
		sw.u64(uint64(len(ids)))
		for _, id := range ids {
			sw.str(id)
		}
	}
	// The foreign ids are those of the irregular arguments that do not
	// name their own argument; MapStore derives them again.
	if sw.err == nil {
		sw.err = binary.Write(bw, binary.LittleEndian, sw.crc)
		sw.n += 4
	}
	if sw.err == nil {
		sw.err = bw.Flush()
	}
	if sw.err != nil {
		return sw.n, fmt.Errorf("corpus: writing store: %w", sw.err)
	}
	return sw.n, nil
}

// storeWriteSize is the most bytes WriteTo writes at once. Linux keeps a
// file's bytes in the page cache in folios as large as the writes that
// made them (up to 2 MiB, on ext4 and xfs), and a fault of a mapping of
// the file maps the whole folio: the texts of a store file written in
// larger pieces, which MapStore maps and a system reads a sentence at a
// time, all over the file, would each fault in up to a folio, so that a
// run over the whole args.me corpus held most of its 741 MB store
// resident. Written 64 KiB at a time, a text read maps 64 KiB (the
// kernel's fault-around).
const storeWriteSize = 64 << 10

type storeWriter struct {
	w   io.Writer
	crc uint32
	n   int64
	err error
	buf [64 << 10]byte
}

func (w *storeWriter) raw(b []byte) {
	if w.err != nil {
		return
	}
	w.crc = crc32c.Update(w.crc, b)
	for len(b) > 0 && w.err == nil {
		// A piece no larger than the empty buffer goes through it (a
		// larger one would be written to w at once, whole).
		var n int
		n, w.err = w.w.Write(b[:min(len(b), storeWriteSize)])
		w.n += int64(n)
		b = b[n:]
	}
}

// u32 writes each of vs.
func (w *storeWriter) u32(vs ...uint32) {
	b := w.buf[:0]
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	w.raw(b)
}

func (w *storeWriter) u64(v uint64) {
	w.raw(binary.LittleEndian.AppendUint64(w.buf[:0], v))
}

func (w *storeWriter) str(s string) {
	w.u64(uint64(len(s)))
	w.raw(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// section starts a section of size bytes: zeros up to a multiple of 8
// bytes from the start of the file, then size.
func (w *storeWriter) section(size int) {
	var zero [8]byte
	w.raw(zero[:(8-w.n%8)%8])
	w.u64(uint64(size))
}

// u32s writes a section of the values of v.
func (w *storeWriter) u32s(v []uint32) {
	w.section(4 * len(v))
	for len(v) > 0 {
		n := min(len(v), len(w.buf)/4)
		b := w.buf[:0]
		for _, x := range v[:n] {
			b = binary.LittleEndian.AppendUint32(b, x)
		}
		w.raw(b)
		v = v[n:]
	}
}

// storeMapped reports whether MapStore's bytes are a mapping of the file
// (mmap.File maps files on unix and reads them elsewhere).
const storeMapped = runtime.GOOS != "windows" && runtime.GOOS != "plan9" && runtime.GOOS != "js" && runtime.GOOS != "wasip1"

// MapStore maps the store file at path (written by Store.WriteTo) into
// memory instead of reading it, which spares copying its bytes (at full
// args.me scale a copy takes seconds). It checks the checksum of the whole
// file and that every offset, count and id order is consistent, so a
// store it returns is as safe to use as one BuildStore made. The checksum
// is computed by reading the file, not through the mapping, so that the
// pages of the texts are read from the file only when a text is used. The
// store and its texts point into the mapping, so release unmaps it only
// when neither the store nor anything it returned (a sentence's text, an
// argument's id or conclusion) is used any more; after release, using
// them is a crash. Where the platform has no mmap, the file is read and
// release does nothing. A damaged file, or one in another format (of an
// older version of this package), is an error wrapping errStoreFile, and
// leaves nothing mapped.
func MapStore(path string) (s *Store, release func() error, err error) {
	b, unmap, err := mmap.File(path)
	if err != nil {
		return nil, nil, fmt.Errorf("corpus: %w", err)
	}
	defer func() {
		if err != nil {
			unmap()
		}
	}()
	if err := storeHeader(b); err != nil {
		return nil, nil, err
	}
	var sum uint32
	if storeMapped {
		if sum, err = fileChecksum(path, len(b)-4); err != nil {
			return nil, nil, err
		}
	} else {
		sum = crc32c.Checksum(b[:len(b)-4])
	}
	if s, err = parseStoreBody(b, sum); err != nil {
		return nil, nil, err
	}
	return s, unmap, nil
}

// fileChecksum returns the CRC-32C of the first n bytes of the file at
// path, which must be the file mmap.File mapped: it is opened again, and
// its identity checked after the fact, for a file renamed over path in
// between (as a cache replaces its files) would give the checksum of the
// other file.
func fileChecksum(path string, n int) (uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("corpus: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("corpus: %w", err)
	}
	if fi.Size() != int64(n)+4 {
		return 0, fmt.Errorf("corpus: %s changed while it was opened", path)
	}
	sum, err := crc32c.ReaderAt(f, int64(n))
	if err != nil {
		return 0, fmt.Errorf("corpus: reading %s: %w", path, err)
	}
	if now, err := os.Stat(path); err != nil || !os.SameFile(fi, now) {
		return 0, fmt.Errorf("corpus: %s changed while it was opened", path)
	}
	return sum, nil
}

// storeHeader checks that b starts as a store file of this version.
func storeHeader(b []byte) error {
	prefix := storeMagic[:len(storeMagic)-1]
	switch {
	case len(b) >= len(storeMagic) && string(b[:len(prefix)]) == prefix && b[len(prefix)] != storeMagic[len(prefix)]:
		return fmt.Errorf("%w: a store file of format version %d, and this version of the package reads version %d only: write it again, or remove it",
			errStoreFile, b[len(prefix)], storeMagic[len(prefix)])
	case len(b) < len(storeMagic)+4 || string(b[:len(storeMagic)]) != storeMagic:
		return fmt.Errorf("%w: no store header", errStoreFile)
	}
	return nil
}

// parseStore makes a store of the bytes of a store file; its texts share
// them.
func parseStore(b []byte) (*Store, error) {
	if err := storeHeader(b); err != nil {
		return nil, err
	}
	return parseStoreBody(b, crc32c.Checksum(b[:len(b)-4]))
}

// parseStoreBody makes a store of b, the bytes of a store file with a
// sound header whose body has the checksum sum.
func parseStoreBody(b []byte, sum uint32) (*Store, error) {
	body := b[:len(b)-4]
	if sum != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", errStoreFile)
	}
	sr := &storeReader{b: body[len(storeMagic):], off: len(storeMagic)}
	s, err := sr.store()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errStoreFile, err)
	}
	return s, nil
}

// A storeReader reads the body of a store file; off is the offset of b
// in the file.
type storeReader struct {
	b   []byte
	off int
	bad bool
}

func (r *storeReader) skip(n int) {
	r.b, r.off = r.b[n:], r.off+n
}

func (r *storeReader) u64() uint64 {
	if len(r.b) < 8 {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.skip(8)
	return v
}

func (r *storeReader) u32() uint32 {
	if len(r.b) < 4 {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b)
	r.skip(4)
	return v
}

// section returns the bytes of the next section (see storeWriter.section).
func (r *storeReader) section() []byte {
	if pad := (8 - r.off%8) % 8; !r.bad && pad <= len(r.b) {
		r.skip(pad)
	}
	n := r.u64()
	if r.bad || n > uint64(len(r.b)) {
		r.bad = true
		return nil
	}
	v := r.b[:n:n]
	r.skip(int(n))
	return v
}

// text returns b as a string, sharing its bytes (the store never changes
// them).
func text(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// str returns the next string (a count, then the bytes).
func (r *storeReader) str() string {
	n := r.u64()
	if r.bad || n > uint64(len(r.b)) {
		r.bad = true
		return ""
	}
	s := text(r.b[:n])
	r.skip(int(n))
	return s
}

// count returns the next count, which must not exceed what the rest of
// the input could hold at size bytes an item.
func (r *storeReader) count(size uint64) int {
	n := r.u64()
	if r.bad || n > uint64(len(r.b))/size {
		r.bad = true
		return 0
	}
	return int(n)
}

// littleEndian reports whether this machine stores integers as store
// files do, so that aligned arrays can be used in place.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// aligned4 reports whether b can be used in place as an array of uint32s.
func aligned4(b []byte) bool {
	return littleEndian && len(b) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(b)))%4 == 0
}

// u32s returns the next section as uint32s, in place where the machine
// allows, else copied.
func (r *storeReader) u32s() []uint32 {
	b := r.section()
	if len(b)%4 != 0 {
		r.bad = true
		return nil
	}
	if aligned4(b) {
		return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/4)
	}
	v := make([]uint32, len(b)/4)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v
}

// arguments returns the next section as n argument records, in place where
// the machine allows, else copied.
func (r *storeReader) arguments(n int) []storeArgument {
	b := r.section()
	if uint64(len(b)) != storeArgumentSize*uint64(n) {
		r.bad = true
		return nil
	}
	if aligned4(b) && unsafe.Sizeof(storeArgument{}) == storeArgumentSize {
		return unsafe.Slice((*storeArgument)(unsafe.Pointer(unsafe.SliceData(b))), n)
	}
	v := make([]storeArgument, n)
	for i := range v {
		e := b[storeArgumentSize*i:]
		u := func(k int) uint32 { return binary.LittleEndian.Uint32(e[4*k:]) }
		v[i] = storeArgument{block: u(0), start: u(1), concLen: u(2), first: u(3), stances: u(4), premises: u(5), flags: u(6)}
	}
	return v
}

func (r *storeReader) store() (*Store, error) {
	s := &Store{}
	numSents := r.u64()
	numArgs := r.u64()
	if numArgs > uint64(len(r.b))/storeArgumentSize {
		return nil, errors.New("too many arguments")
	}
	s.ids = text(r.section())
	s.idEnd = r.u32s()
	s.args = r.arguments(int(numArgs))
	stances := r.section()
	// A stance is an int8: the bytes are used in place.
	if len(stances) > 0 {
		s.stances = unsafe.Slice((*stance.Stance)(unsafe.Pointer(unsafe.SliceData(stances))), len(stances))
	}
	s.sentEnd = r.u32s()
	s.byID = r.u32s()
	s.blocks = make([]string, r.count(8))
	for i := range s.blocks {
		s.blocks[i] = text(r.section())
	}
	nodd := r.count(12)
	for range nodd {
		a := r.u32()
		ids := make([]string, r.count(8))
		for j := range ids {
			ids[j] = r.str()
		}
		if s.odd == nil {
			s.odd = map[uint32][]string{}
		}
		if _, dup := s.odd[a]; dup {
			r.bad = true
		}
		s.odd[a] = ids
	}
	if r.bad || len(r.b) != 0 || numSents != uint64(len(s.sentEnd)) {
		return nil, errors.New("truncated or inconsistent sections")
	}
	s.numSents = int(numSents)
	return s, s.check()
}

// check checks what parseStore read: that the ids are not empty and end
// in order, every argument's texts lie in its block in order, sentence and
// stance ranges follow each other, ids sort as byID says, and irregular
// arguments have their ids; and it derives the foreign ids. It reads the
// ids and the arguments' records, not the texts.
func (s *Store) check() error {
	if len(s.idEnd) != len(s.args) {
		return errors.New("id offsets of the wrong length")
	}
	idStart := uint32(0)
	for i, end := range s.idEnd {
		if end <= idStart || uint64(end) > uint64(len(s.ids)) {
			return fmt.Errorf("argument %d: id offsets out of order", i)
		}
		idStart = end
	}
	if uint64(idStart) != uint64(len(s.ids)) {
		return errors.New("id bytes beyond the last id")
	}
	stances, sents := uint32(0), uint32(0)
	for i := range s.args {
		a := &s.args[i]
		if int(a.block) >= len(s.blocks) {
			return fmt.Errorf("argument %d: block %d of %d", i, a.block, len(s.blocks))
		}
		blk := uint64(len(s.blocks[a.block]))
		end := uint64(a.start) + uint64(a.concLen)
		if a.flags&^argFlags != 0 {
			return fmt.Errorf("argument %d: flags %#x", i, a.flags)
		}
		if end > blk || a.stances != stances || a.first != sents {
			return fmt.Errorf("argument %d: offsets out of order", i)
		}
		next := uint32(len(s.stances))
		nextSent := uint32(s.numSents)
		if i+1 < len(s.args) {
			next, nextSent = s.args[i+1].stances, s.args[i+1].first
		}
		if next < stances || next > uint32(len(s.stances)) || nextSent < sents || nextSent > uint32(s.numSents) {
			return fmt.Errorf("argument %d: stances or sentences out of order", i)
		}
		stances, sents = next, nextSent
		n := nextSent - a.first
		for j := a.first; j < nextSent; j++ {
			if uint64(s.sentEnd[j]) < end || uint64(s.sentEnd[j]) > blk {
				return fmt.Errorf("argument %d: sentence %d outside its block", i, j-a.first+1)
			}
			end = uint64(s.sentEnd[j])
		}
		ids, odd := s.odd[uint32(i)]
		switch {
		case a.irregular() && (!odd || len(ids) != int(n) || a.premises != 0 || a.conclusion()):
			return fmt.Errorf("argument %d: irregular sentence ids missing", i)
		case !a.irregular() && (odd || uint64(a.premises)+uint64(b2u(a.conclusion())) != uint64(n)):
			return fmt.Errorf("argument %d: sentence count", i)
		}
	}
	if len(s.odd) > 0 && len(s.odd) != countIrregular(s.args) {
		return errors.New("ids of arguments that are not irregular")
	}
	for _, st := range s.stances {
		if st < stance.Unknown || st > stance.No {
			return fmt.Errorf("stance %d", st)
		}
	}
	if len(s.byID) != len(s.args) {
		return errors.New("id order of the wrong length")
	}
	seen := make([]bool, len(s.args))
	for k, i := range s.byID {
		if int(i) >= len(s.args) || seen[i] {
			return errors.New("id order is not a permutation")
		}
		seen[i] = true
		if k > 0 && strings.Compare(s.argID(int(s.byID[k-1])), s.argID(int(i))) >= 0 {
			return errors.New("ids out of order or repeated")
		}
	}
	s.setIDTable()
	for a, ids := range s.odd {
		r := &s.args[a]
		for k, id := range ids {
			if argID, err := docid.Argument(id); err != nil || argID != s.argID(int(a)) {
				if s.foreign == nil {
					s.foreign = map[string]uint32{}
				}
				s.foreign[id] = r.first + uint32(k)
			}
		}
	}
	return nil
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func countIrregular(args []storeArgument) int {
	n := 0
	for _, a := range args {
		if a.irregular() {
			n++
		}
	}
	return n
}
