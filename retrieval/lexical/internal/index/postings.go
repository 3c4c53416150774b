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
// packed little-endian in that many bits; then the high bits of the values
// wider than that (exceptions, as in PFor), of the gaps and then of the
// frequencies, for each whose width byte has excFlag set.
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
	ndocs, dl8 := int64(f.Docs()), f.DL8
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
		// Without branches: a posting at or before the one before it sets
		// the sign bit of down; a frequency of 0 makes tmin 0. Then the
		// shortest document's DL8 (255: look at its whole length).
		down, tmin, bmax := uint64(0), uint32(math.MaxUint32), uint32(0)
		last := prev
		for j := range n {
			d := int64(docs[j])
			down |= uint64(d - last - 1)
			last = d
			tmin = min(tmin, tfs[j])
			bmax = max(bmax, tfs[j])
		}
		if down>>63 != 0 || last >= ndocs || tmin == 0 {
			return bad("postings")
		}
		prev = last
		lmin := uint8(255)
		for _, d := range docs[:n] {
			lmin = min(lmin, dl8[d])
		}
		bmin := uint32(lmin)
		if lmin == 255 {
			bmin = math.MaxUint32
			for _, d := range docs[:n] {
				bmin = min(bmin, f.Length(uint64(d)))
			}
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
// and whether p holds it, with its exceptions' positions within the
// block and their widths within 32 bits.
func blockBytes(p []byte, n int) (int, bool) {
	if len(p) < 2 || p[0]&^excFlag > 32 || p[1]&^excFlag > 32 {
		return 0, false
	}
	size := 2 + (n*int(p[0]&^excFlag)+7)/8 + (n*int(p[1]&^excFlag)+7)/8
	for _, h := range p[:2] {
		if h&excFlag == 0 {
			continue
		}
		if len(p) < size+2 {
			return 0, false
		}
		k, hw := int(p[size]), int(p[size+1])
		if k == 0 || k > n || hw == 0 || int(h&^excFlag)+hw > 32 || len(p) < size+2+k {
			return 0, false
		}
		for _, at := range p[size+2 : size+2+k] {
			if int(at) >= n {
				return 0, false
			}
		}
		size += 2 + k + (k*hw+7)/8
	}
	return size, size <= len(p)
}

// excFlag marks a width byte of a block whose values have exceptions.
const excFlag = 0x80

// AppendBlock appends the postings docs (after document prev, or all if
// prev is -1) with frequencies tfs as a block.
//
// The gaps (and the frequencies) are packed in the width that makes the
// block smallest: the values wider than it are exceptions, whose high bits
// follow both packed arrays: a byte with their number k, a byte with the
// width of their high bits, k bytes of their positions, and their high
// bits, packed. A width byte has excFlag set if its values have
// exceptions.
func AppendBlock(dst []byte, docs, tfs []uint32, prev int64) []byte {
	var gaps, fs [BlockSize]uint32
	for j, d := range docs {
		gaps[j] = uint32(int64(d) - prev - 1)
		prev = int64(d)
		fs[j] = tfs[j] - 1
	}
	n := len(docs)
	db, dk := packWidth(gaps[:n])
	tb, tk := packWidth(fs[:n])
	h0, h1 := byte(db), byte(tb)
	if dk > 0 {
		h0 |= excFlag
	}
	if tk > 0 {
		h1 |= excFlag
	}
	dst = append(dst, h0, h1)
	dst = pack(dst, gaps[:n], db)
	dst = pack(dst, fs[:n], tb)
	if dk > 0 {
		dst = appendExceptions(dst, gaps[:n], db, dk)
	}
	if tk > 0 {
		dst = appendExceptions(dst, fs[:n], tb, tk)
	}
	return dst
}

// packWidth returns the width in which vs packs smallest with their
// exceptions, and the number of exceptions.
func packWidth(vs []uint32) (width, exceptions int) {
	var count [33]int // values of each width
	for _, v := range vs {
		count[bits.Len32(v)]++
	}
	w := 32
	for w > 0 && count[w] == 0 {
		w--
	}
	n := len(vs)
	best, width := (n*w+7)/8, w
	k := 0
	for b := w - 1; b >= 0; b-- {
		k += count[b+1]
		if size := (n*b+7)/8 + 2 + k + (k*(w-b)+7)/8; size < best {
			best, width, exceptions = size, b, k
		}
	}
	return width, exceptions
}

// appendExceptions appends the exceptions of vs packed in width bits: the
// k values wider than that.
func appendExceptions(dst []byte, vs []uint32, width, k int) []byte {
	var high [BlockSize]uint32
	hw := 0
	dst = append(dst, byte(k), 0)
	at := len(dst) - 1
	i := 0
	for j, v := range vs {
		if v>>width != 0 {
			dst = append(dst, byte(j))
			high[i] = v >> width
			hw = max(hw, bits.Len32(high[i]))
			i++
		}
	}
	dst[at] = byte(hw)
	return pack(dst, high[:k], hw)
}

// pack appends the low width bits of each of vs, packed little-endian.
func pack(dst []byte, vs []uint32, width int) []byte {
	if width == 0 {
		return dst
	}
	mask := uint64(1)<<width - 1
	var acc uint64
	have := 0
	for _, v := range vs {
		acc |= uint64(v) & mask << have
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
	db, tb := int(p[0]&^excFlag), int(p[1]&^excFlag)
	n := len(docs)
	tfAt := 2 + (n*db+7)/8
	ex := tfAt + (n*tb+7)/8
	// The gaps and frequencies are stored less one: unpackAdd adds it
	// back, and the exceptions' high bits are added after.
	unpackAdd(docs, p[2:], db, 1)
	if p[0]&excFlag != 0 {
		ex += patch(docs, p[ex:], db)
	}
	if n == BlockSize {
		prefixSum((*[BlockSize]uint32)(docs), first)
	} else {
		doc := first - 1
		for j, g := range docs {
			doc += g
			docs[j] = doc
		}
	}
	unpackAdd(tfs, p[tfAt:], tb, 1)
	if p[1]&excFlag != 0 {
		patch(tfs, p[ex:], tb)
	}
}

// prefixSum turns the gaps in docs into documents after first − 1. Four
// sums at a time are taken apart from the running document, so that it
// waits for one addition per four postings.
func prefixSum(docs *[BlockSize]uint32, first uint32) {
	doc := first - 1
	for j := 0; j < BlockSize; j += 4 {
		g := (*[4]uint32)(docs[j : j+4])
		a := g[0]
		b := a + g[1]
		c := b + g[2]
		d := c + g[3]
		g[0], g[1], g[2], g[3] = doc+a, doc+b, doc+c, doc+d
		doc += d
	}
}

// patch adds the high bits of the exceptions at the start of q to the
// values dst packed in width bits (plus what unpackAdd added: the low
// bits and the high ones do not overlap, so adding is or-ing), and
// returns the exceptions' size.
func patch(dst []uint32, q []byte, width int) int {
	k, hw := int(q[0]), int(q[1])
	at := q[2 : 2+k]
	var high [BlockSize]uint32
	unpack(high[:k], q[2+k:], hw)
	for i, j := range at {
		dst[j] += high[i] << width
	}
	return 2 + k + (k*hw+7)/8
}

// unpackAdd reads len(dst) values of width bits from src, and stores each
// plus add in dst.
func unpackAdd(dst []uint32, src []byte, width int, add uint32) {
	if len(dst) == BlockSize {
		d := (*[BlockSize]uint32)(dst)
		if width == 0 {
			for j := 0; j < BlockSize; j += 4 {
				*(*[4]uint32)(d[j : j+4]) = [4]uint32{add, add, add, add}
			}
			return
		}
		if len(src) >= fullBytes(width) {
			unpackFull(d, src, width, add)
			return
		}
	}
	unpack(dst, src, width)
	for j := range dst {
		dst[j] += add
	}
}

// unpack4 stores the four values of width s at the start of w in d.
func unpack4(d *[4]uint32, w uint64, s uint, mask uint64) {
	d[0] = uint32(w & mask)
	d[1] = uint32(w >> s & mask)
	d[2] = uint32(w >> (2 * s) & mask)
	d[3] = uint32(w >> (3 * s) & mask)
}

// unpack reads len(dst) values of width bits from src.
func unpack(dst []uint32, src []byte, width int) {
	if width == 0 {
		clear(dst)
		return
	}
	mask := uint64(1)<<width - 1
	n := len(dst)
	i := 0
	// Eight values fill width bytes: those of up to 16 bits are read eight
	// at a time, with one word for 8 bits or less, else two.
	s := uint(width)
	switch {
	case width <= 8:
		for ; i+8 <= n && i/8*width+8 <= len(src); i += 8 {
			w := binary.LittleEndian.Uint64(src[i/8*width:])
			unpack4((*[4]uint32)(dst[i:i+4]), w, s, mask)
			unpack4((*[4]uint32)(dst[i+4:i+8]), w>>(4*s), s, mask)
		}
	case width <= 16:
		// The second four start 4·width bits in: at a byte, or 4 bits
		// after one for odd widths, so 4·width + 4 ≤ 64 bits hold them.
		at, shift := 4*width/8, 4*s%8
		for ; i+8 <= n && i/8*width+at+8 <= len(src); i += 8 {
			p := src[i/8*width:]
			unpack4((*[4]uint32)(dst[i:i+4]), binary.LittleEndian.Uint64(p), s, mask)
			unpack4((*[4]uint32)(dst[i+4:i+8]), binary.LittleEndian.Uint64(p[at:])>>shift, s, mask)
		}
	}
	// Whole 8-byte words can be read for the values whose bits start at
	// least 8 bytes before the end of src.
	fast := n
	if need := (n*width + 7) / 8; need+8 > len(src) {
		fast = max(0, (len(src)-8)*8/width)
	}
	fast = min(fast, n)
	for ; i < fast; i++ {
		bit := i * width
		w := binary.LittleEndian.Uint64(src[bit>>3:])
		dst[i] = uint32(w >> (bit & 7) & mask)
	}
	for i = max(i, fast); i < n; i++ {
		bit := i * width
		var w uint64
		for k := 0; k < 8 && bit>>3+k < len(src); k++ {
			w |= uint64(src[bit>>3+k]) << (8 * k)
		}
		dst[i] = uint32(w >> (bit & 7) & mask)
	}
}

// fullBytes returns how many bytes unpackFull reads for BlockSize values
// of width bits: the last eight values' width bytes rounded up to whole
// words.
func fullBytes(width int) int { return (BlockSize/8-1)*width + (width+7)/8*8 }
