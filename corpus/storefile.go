package corpus

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
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
const storeMagic = "ARGSTOR\x01"

// WriteTo writes the store in the format MapStore reads, so that a
// program can keep a corpus's store beside its index and skip reading the
// corpus again: the texts as they are held (the store's text blocks), the
// arguments' offsets and sentence counts, the premise stances, the
// sentence ids that do not follow the corpus's scheme, and a CRC-32C of it
// all. Integers are little-endian.
func (s *Store) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<20)
	sw := &storeWriter{w: bw}
	sw.raw([]byte(storeMagic))
	sw.u64(uint64(s.numSents))
	sw.u64(uint64(len(s.blocks)))
	for _, b := range s.blocks {
		sw.str(b)
	}
	sw.u64(uint64(len(s.args)))
	for _, r := range s.args {
		for _, v := range []uint32{r.block, r.start, r.idLen, r.concLen, r.first, r.stances, r.premises} {
			sw.u32(v)
		}
		flags := uint32(0)
		if r.conclusion {
			flags |= 1
		}
		if r.irregular {
			flags |= 2
		}
		sw.u32(flags)
	}
	sw.u64(uint64(len(s.stances)))
	for _, st := range s.stances {
		sw.raw([]byte{byte(st)})
	}
	sw.u32s(s.sentEnd)
	sw.u32s(s.byID)
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

type storeWriter struct {
	w   io.Writer
	crc uint32
	n   int64
	err error
	buf [8]byte
}

func (w *storeWriter) raw(b []byte) {
	if w.err != nil {
		return
	}
	w.crc = crc32c.Update(w.crc, b)
	var n int
	n, w.err = w.w.Write(b)
	w.n += int64(n)
}

func (w *storeWriter) u32(v uint32) {
	binary.LittleEndian.PutUint32(w.buf[:4], v)
	w.raw(w.buf[:4])
}

func (w *storeWriter) u64(v uint64) {
	binary.LittleEndian.PutUint64(w.buf[:], v)
	w.raw(w.buf[:])
}

func (w *storeWriter) str(s string) {
	w.u64(uint64(len(s)))
	w.raw(unsafe.Slice(unsafe.StringData(s), len(s)))
}

func (w *storeWriter) u32s(v []uint32) {
	w.u64(uint64(len(v)))
	for _, x := range v {
		w.u32(x)
	}
}

// MapStore maps the store file at path (written by Store.WriteTo) into
// memory instead of reading it, which spares copying its bytes (at full
// args.me scale a copy takes seconds). It checks the checksum and that
// every offset, count and id order is consistent, so a store it returns is
// as safe to use as one BuildStore made. The store's texts point into the
// mapping, so release unmaps it only when nothing the store returned (a
// sentence's text, an argument's conclusion) is used any more; after
// release, using them is a crash. Where the platform has no mmap, the file
// is read and release does nothing. A damaged file is an error wrapping
// errStoreFile, and leaves nothing mapped.
func MapStore(path string) (s *Store, release func() error, err error) {
	b, unmap, err := mmap.File(path)
	if err != nil {
		return nil, nil, fmt.Errorf("corpus: %w", err)
	}
	if s, err = parseStore(b); err != nil {
		unmap()
		return nil, nil, err
	}
	// The checks read every page; the texts a caller uses are read back
	// when touched.
	mmap.Drop(b)
	return s, unmap, nil
}

// parseStore makes a store of the bytes of a store file; its texts share
// them.
func parseStore(b []byte) (*Store, error) {
	if len(b) < len(storeMagic)+4 || string(b[:len(storeMagic)]) != storeMagic {
		return nil, fmt.Errorf("%w: no store header", errStoreFile)
	}
	body := b[:len(b)-4]
	if crc32c.Checksum(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", errStoreFile)
	}
	sr := &storeReader{b: body[len(storeMagic):]}
	s, err := sr.store()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errStoreFile, err)
	}
	return s, nil
}

type storeReader struct {
	b   []byte
	bad bool
}

func (r *storeReader) u64() uint64 {
	if len(r.b) < 8 {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *storeReader) u32() uint32 {
	if len(r.b) < 4 {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b)
	r.b = r.b[4:]
	return v
}

// str returns the next string, sharing the file's bytes (the store never
// changes them).
func (r *storeReader) str() string {
	n := r.u64()
	if r.bad || n > uint64(len(r.b)) {
		r.bad = true
		return ""
	}
	s := unsafe.String(unsafe.SliceData(r.b), int(n))
	if n == 0 {
		s = ""
	}
	r.b = r.b[n:]
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

func (r *storeReader) u32s() []uint32 {
	n := r.count(4)
	v := make([]uint32, n)
	for i := range v {
		v[i] = r.u32()
	}
	return v
}

func (r *storeReader) store() (*Store, error) {
	s := &Store{}
	numSents := r.u64()
	s.blocks = make([]string, r.count(8))
	for i := range s.blocks {
		s.blocks[i] = r.str()
	}
	s.args = make([]storeArgument, r.count(32))
	for i := range s.args {
		a := &s.args[i]
		a.block, a.start, a.idLen, a.concLen = r.u32(), r.u32(), r.u32(), r.u32()
		a.first, a.stances, a.premises = r.u32(), r.u32(), r.u32()
		flags := r.u32()
		a.conclusion, a.irregular = flags&1 != 0, flags&2 != 0
		if flags > 3 {
			r.bad = true
		}
	}
	s.stances = make([]stance.Stance, r.count(1))
	for i := range s.stances {
		if len(r.b) == 0 {
			r.bad = true
			break
		}
		s.stances[i] = stance.Stance(int8(r.b[0]))
		r.b = r.b[1:]
	}
	s.sentEnd = r.u32s()
	s.byID = r.u32s()
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

// check checks what parseStore read: that every argument's texts lie in its
// block in order, sentence and stance ranges follow each other, ids sort
// as byID says, and irregular arguments have their ids; and it derives the
// foreign ids.
func (s *Store) check() error {
	stances, sents := uint32(0), uint32(0)
	for i := range s.args {
		a := &s.args[i]
		if int(a.block) >= len(s.blocks) {
			return fmt.Errorf("argument %d: block %d of %d", i, a.block, len(s.blocks))
		}
		blk := uint64(len(s.blocks[a.block]))
		end := uint64(a.start) + uint64(a.idLen) + uint64(a.concLen)
		if a.idLen == 0 || end > blk || a.stances != stances || a.first != sents {
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
		case a.irregular && (!odd || len(ids) != int(n) || a.premises != 0 || a.conclusion):
			return fmt.Errorf("argument %d: irregular sentence ids missing", i)
		case !a.irregular && (odd || a.premises+b2u(a.conclusion) != n):
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
		if a.irregular {
			n++
		}
	}
	return n
}
