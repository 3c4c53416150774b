package index

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/argsearch/argsearch/internal/quote"
)

// BlockSize is the number of postings in a block of a posting list: the
// unit in which the scoring loops skip and decode postings.
const BlockSize = 128

// A Block describes BlockSize consecutive postings of a term (fewer in
// the term's last Block). The blocks of a field are stored in its file, in
// term order (Field.Blocks, Field.BlockAt): they are a skip list (a
// cursor moving past a Block's last document need not decode it) and hold
// Block-max statistics for pruning.
//
// A Block's postings are bit-packed (see AppendBlock): a byte with the
// width of the document gaps, a byte with the width of the frequencies,
// then blockLen gaps less one and blockLen frequencies less one, each
// packed little-endian in that many bits.
type Block struct {
	Last  uint32 // the block's last document
	Off   uint32 // offset of the block's postings from the start of the term's
	MaxTF uint16 // the largest frequency in the block; MaxStat: that or more
	MinDL uint16 // the shortest document of the block; MaxStat: that or longer
}

// MaxStat is the largest frequency or length a block records exactly.
const MaxStat = 1<<16 - 1

// Check states of the parts of a unit file checked when first read: a
// term's postings (Field.Checked), a chunk of term vectors
// (Field.fwdCheck) or of document ids (Unit.idCheck).
const (
	Unchecked = iota
	Sound
	Damaged
)

// checkOnce runs check the first time the part whose state it is is asked
// for, records whether it passed, and reports, then and every time after,
// whether it did. Concurrent first calls may each run check; they record
// the same result.
func checkOnce(state *atomic.Uint32, check func() bool) bool {
	switch state.Load() {
	case Sound:
		return true
	case Damaged:
		return false
	}
	if check() {
		state.Store(Sound)
		return true
	}
	state.Store(Damaged)
	return false
}

// TermBlocks returns the blocks of term id, checking the term's postings
// the first time they are asked for; a malformed posting list gives an
// error wrapping ErrCorrupt (every time), after which no cursor needs to
// check the postings it decodes. It is safe for concurrent use.
func (f *Field) TermBlocks(id int) ([]Block, error) {
	if checkOnce(&f.Checked[id], func() bool { return f.checkTerm(id) == nil }) {
		return f.Blocks[f.BlockAt[id]:f.BlockAt[id+1]], nil
	}
	return nil, f.corrupt(f.checkTerm(id))
}

// Check checks every posting list of f, on all cores: the terms are split
// into ranges of about equal postings bytes. It returns the error of the
// first malformed list (without the path).
func (f *Field) Check() error {
	parts := min(runtime.GOMAXPROCS(0), max(1, len(f.Post)>>16))
	cut := []int{0}
	for i := 1; i < parts; i++ {
		target := uint64(len(f.Post)) * uint64(i) / uint64(parts)
		t, _ := slices.BinarySearch(f.PostOff[:len(f.DF)], target)
		if t > cut[len(cut)-1] {
			cut = append(cut, t)
		}
	}
	cut = append(cut, len(f.DF))
	errs := make([]error, len(cut)-1)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			for id := cut[i]; id < cut[i+1]; id++ {
				if _, err := f.TermBlocks(id); err != nil {
					errs[i] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkTerm checks the postings and blocks of term id against their
// checksum, each other and the term's statistics.
func (f *Field) checkTerm(id int) error {
	bad := func(what string) error {
		return fmt.Errorf("bad posting list of term %s: %s", quote.Q(f.Term(id)), what)
	}
	df := int(f.DF[id])
	blocks := f.Blocks[f.BlockAt[id]:f.BlockAt[id+1]]
	start, end := f.PostOff[id], f.PostOff[id+1]
	if !f.skipCRC && PostingsCRC(f.Post[start:end], blocks) != f.PostCRC[id] {
		return bad("checksum mismatch")
	}
	if len(blocks) != (df+BlockSize-1)/BlockSize {
		return bad("wrong number of blocks")
	}
	if end-start > math.MaxUint32 {
		return bad("too long")
	}
	p := f.Post[start:end]
	var docs, tfs [BlockSize]uint32
	prev, pos, maxTF := int64(-1), 0, uint32(0)
	for i, b := range blocks {
		n := min(BlockSize, df-i*BlockSize)
		if int(b.Off) != pos {
			return bad("block offset")
		}
		size, ok := blockBytes(p[pos:], n)
		if !ok {
			return bad("block size")
		}
		DecodeBlock(docs[:n], tfs[:n], f.Post[start+uint64(pos):], uint32(prev+1))
		pos += size
		bmax, bmin := uint32(0), uint32(math.MaxUint32)
		for j := range n {
			if int64(docs[j]) <= prev || int(docs[j]) >= f.Docs() || tfs[j] == 0 {
				return bad("postings")
			}
			prev = int64(docs[j])
			bmax = max(bmax, tfs[j])
			bmin = min(bmin, f.Length(uint64(docs[j])))
		}
		if b.Last != docs[n-1] || uint32(b.MaxTF) != min(bmax, MaxStat) || uint32(b.MinDL) != min(bmin, MaxStat) {
			return bad("block statistics")
		}
		maxTF = max(maxTF, bmax)
	}
	if pos != len(p) {
		return bad("trailing bytes")
	}
	if maxTF != f.MaxTF[id] {
		return bad("disagrees with its statistics")
	}
	return nil
}

// blockBytes returns the size of a block of n postings at the start of p,
// and whether p holds it.
func blockBytes(p []byte, n int) (int, bool) {
	if len(p) < 2 || p[0] > 32 || p[1] > 32 {
		return 0, false
	}
	size := 2 + (n*int(p[0])+7)/8 + (n*int(p[1])+7)/8
	return size, size <= len(p)
}

// AppendBlock appends the postings docs (after document prev, or all if
// prev is -1) with frequencies tfs as a block.
func AppendBlock(dst []byte, docs, tfs []uint32, prev int64) []byte {
	var gaps [BlockSize]uint32
	var dmax, tmax uint32
	for j, d := range docs {
		gaps[j] = uint32(int64(d) - prev - 1)
		prev = int64(d)
		dmax |= gaps[j]
		tmax |= tfs[j] - 1
	}
	db, tb := bits.Len32(dmax), bits.Len32(tmax)
	dst = append(dst, byte(db), byte(tb))
	dst = pack(dst, gaps[:len(docs)], db)
	for j := range docs {
		gaps[j] = tfs[j] - 1
	}
	return pack(dst, gaps[:len(docs)], tb)
}

// pack appends vs packed little-endian in width bits each.
func pack(dst []byte, vs []uint32, width int) []byte {
	if width == 0 {
		return dst
	}
	var acc uint64
	have := 0
	for _, v := range vs {
		acc |= uint64(v) << have
		have += width
		for have >= 8 {
			dst = append(dst, byte(acc))
			acc >>= 8
			have -= 8
		}
	}
	if have > 0 {
		dst = append(dst, byte(acc))
	}
	return dst
}

// DecodeBlock decodes the block at the start of p (checked with
// blockBytes) into docs and tfs, whose length is the block's; first is the
// smallest document the block may hold (the previous block's last plus
// one).
func DecodeBlock(docs, tfs []uint32, p []byte, first uint32) {
	db, tb := int(p[0]), int(p[1])
	p = p[2:]
	unpack(docs, p, db)
	doc := first
	for j, g := range docs {
		doc += g
		docs[j] = doc
		doc++
	}
	unpack(tfs, p[(len(docs)*db+7)/8:], tb)
	for j := range tfs {
		tfs[j]++
	}
}

// unpack reads len(dst) values of width bits from src.
func unpack(dst []uint32, src []byte, width int) {
	if width == 0 {
		clear(dst)
		return
	}
	mask := uint64(1)<<width - 1
	n := len(dst)
	// Whole 8-byte words can be read for the values whose bits start at
	// least 8 bytes before the end of src.
	fast := n
	if need := (n*width + 7) / 8; need+8 > len(src) {
		fast = max(0, (len(src)-8)*8/width)
	}
	fast = min(fast, n)
	for i := range fast {
		bit := i * width
		w := binary.LittleEndian.Uint64(src[bit>>3:])
		dst[i] = uint32(w >> (bit & 7) & mask)
	}
	for i := fast; i < n; i++ {
		bit := i * width
		var w uint64
		for k := 0; k < 8 && bit>>3+k < len(src); k++ {
			w |= uint64(src[bit>>3+k]) << (8 * k)
		}
		dst[i] = uint32(w >> (bit & 7) & mask)
	}
}
