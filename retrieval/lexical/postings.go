package lexical

import (
	"cmp"
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

// window is the number of consecutive documents the scoring loop takes at
// a time (see Index.run).
const window = 2048

// blockSize is the number of postings in a block of a posting list: the
// unit in which the scoring loops skip and decode postings.
const blockSize = 128

// A block describes blockSize consecutive postings of a term (fewer in
// the term's last block). The blocks of a field are stored in its file, in
// term order (fieldData.blocks, fieldData.blockAt): they are a skip list (a
// cursor moving past a block's last document need not decode it) and hold
// block-max statistics for pruning.
//
// A block's postings are bit-packed (see appendBlock): a byte with the
// width of the document gaps, a byte with the width of the frequencies,
// then blockLen gaps less one and blockLen frequencies less one, each
// packed little-endian in that many bits.
type block struct {
	last  uint32 // the block's last document
	off   uint32 // offset of the block's postings from the start of the term's
	maxTF uint16 // the largest frequency in the block; maxStat: that or more
	minDL uint16 // the shortest document of the block; maxStat: that or longer
}

// maxStat is the largest frequency or length a block records exactly.
const maxStat = 1<<16 - 1

// Check states of the parts of a unit file checked when first read: a
// term's postings (fieldData.checked), a chunk of term vectors
// (fieldData.fwdCheck) or of document ids (unitData.idCheck).
const (
	termUnchecked = iota
	termGood
	termBad
)

// checkOnce runs check the first time the part whose state it is is asked
// for, records whether it passed, and reports, then and every time after,
// whether it did. Concurrent first calls may each run check; they record
// the same result.
func checkOnce(state *atomic.Uint32, check func() bool) bool {
	switch state.Load() {
	case termGood:
		return true
	case termBad:
		return false
	}
	if check() {
		state.Store(termGood)
		return true
	}
	state.Store(termBad)
	return false
}

// termBlocks returns the blocks of term id, checking the term's postings
// the first time they are asked for; a malformed posting list gives an
// error wrapping errCorrupt (every time), after which no cursor needs to
// check the postings it decodes. It is safe for concurrent use.
func (f *fieldData) termBlocks(id int) ([]block, error) {
	if checkOnce(&f.checked[id], func() bool { return f.checkTerm(id) == nil }) {
		return f.blocks[f.blockAt[id]:f.blockAt[id+1]], nil
	}
	return nil, f.corrupt(f.checkTerm(id))
}

// check checks every posting list of f, on all cores: the terms are split
// into ranges of about equal postings bytes. It returns the error of the
// first malformed list (without the path).
func (f *fieldData) check() error {
	parts := min(runtime.GOMAXPROCS(0), max(1, len(f.post)>>16))
	cut := []int{0}
	for i := 1; i < parts; i++ {
		target := uint64(len(f.post)) * uint64(i) / uint64(parts)
		t, _ := slices.BinarySearch(f.postOff[:len(f.df)], target)
		if t > cut[len(cut)-1] {
			cut = append(cut, t)
		}
	}
	cut = append(cut, len(f.df))
	errs := make([]error, len(cut)-1)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Go(func() {
			for id := cut[i]; id < cut[i+1]; id++ {
				if _, err := f.termBlocks(id); err != nil {
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

// parallelCheck is the fewest unchecked postings a query checks on all
// cores (checkTerms).
const parallelCheck = 1 << 16

// checkTerms checks, on all cores, the posting lists of the query terms
// that no query has read yet, in the fields of weight other than 0, when
// they hold at least least postings together; the cursors then find them
// checked. Errors are left to termBlocks, which reports them.
func (u *unitData) checkTerms(terms []qterm, weight func(field string) float64, least int) {
	type list struct {
		f  *fieldData
		id int
	}
	var todo []list
	postings := 0
	for _, f := range u.fields {
		if weight(f.name) == 0 {
			continue
		}
		for _, t := range terms {
			if id := f.lookup(t.term); id >= 0 && f.checked[id].Load() == termUnchecked {
				todo = append(todo, list{f, id})
				postings += int(f.df[id])
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	if workers < 2 || postings < least {
		return
	}
	// Longest first, each to the worker with the fewest postings so far.
	slices.SortFunc(todo, func(a, b list) int { return cmp.Compare(b.f.df[b.id], a.f.df[a.id]) })
	parts := make([][]list, workers)
	load := make([]int, workers)
	for _, l := range todo {
		w := slices.Index(load, slices.Min(load))
		parts[w] = append(parts[w], l)
		load[w] += int(l.f.df[l.id])
	}
	var wg sync.WaitGroup
	for _, part := range parts {
		wg.Go(func() {
			for _, l := range part {
				l.f.termBlocks(l.id)
			}
		})
	}
	wg.Wait()
}

// checkTerm checks the postings and blocks of term id against their
// checksum, each other and the term's statistics.
func (f *fieldData) checkTerm(id int) error {
	bad := func(what string) error {
		return fmt.Errorf("bad posting list of term %s: %s", quote.Q(f.term(id)), what)
	}
	df := int(f.df[id])
	blocks := f.blocks[f.blockAt[id]:f.blockAt[id+1]]
	start, end := f.postOff[id], f.postOff[id+1]
	if !f.skipCRC && postingsCRC(f.post[start:end], blocks) != f.postCRC[id] {
		return bad("checksum mismatch")
	}
	if len(blocks) != (df+blockSize-1)/blockSize {
		return bad("wrong number of blocks")
	}
	if end-start > math.MaxUint32 {
		return bad("too long")
	}
	p := f.post[start:end]
	var docs, tfs [blockSize]uint32
	prev, pos, maxTF := int64(-1), 0, uint32(0)
	for i, b := range blocks {
		n := min(blockSize, df-i*blockSize)
		if int(b.off) != pos {
			return bad("block offset")
		}
		size, ok := blockBytes(p[pos:], n)
		if !ok {
			return bad("block size")
		}
		decodeBlock(docs[:n], tfs[:n], f.post[start+uint64(pos):], uint32(prev+1))
		pos += size
		bmax, bmin := uint32(0), uint32(math.MaxUint32)
		for j := range n {
			if int64(docs[j]) <= prev || int(docs[j]) >= f.docs() || tfs[j] == 0 {
				return bad("postings")
			}
			prev = int64(docs[j])
			bmax = max(bmax, tfs[j])
			bmin = min(bmin, f.length(uint64(docs[j])))
		}
		if b.last != docs[n-1] || uint32(b.maxTF) != min(bmax, maxStat) || uint32(b.minDL) != min(bmin, maxStat) {
			return bad("block statistics")
		}
		maxTF = max(maxTF, bmax)
	}
	if pos != len(p) {
		return bad("trailing bytes")
	}
	if maxTF != f.maxTF[id] {
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

// appendBlock appends the postings docs (after document prev, or all if
// prev is -1) with frequencies tfs as a block.
func appendBlock(dst []byte, docs, tfs []uint32, prev int64) []byte {
	var gaps [blockSize]uint32
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

// decodeBlock decodes the block at the start of p (checked with
// blockBytes) into docs and tfs, whose length is the block's; first is the
// smallest document the block may hold (the previous block's last plus
// one).
func decodeBlock(docs, tfs []uint32, p []byte, first uint32) {
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

// Model kinds: the scoring loops switch on these rather than on the names.
const (
	kindBM25 = iota
	kindTFIDF
	kindLuceneDirichlet
	kindDirichlet
	kindDPH
)

func modelKind(model Model) int {
	switch model {
	case "tfidf", "tfidf-ic":
		return kindTFIDF
	case "lucene-dirichlet":
		return kindLuceneDirichlet
	case "dirichlet":
		return kindDirichlet
	case "dph":
		return kindDPH
	}
	return kindBM25
}

// A cursor walks one query term's postings in one field, a block at a
// time: the current block is decoded into docs and tfs.
type cursor struct {
	post   []byte  // fieldData.post from the term's postings on
	blocks []block // the term's blocks
	df     int
	blk    int // current block; len(blocks) when exhausted
	dec    int // the block decoded into docs and tfs, or -1
	i      int // position of the current posting in docs and tfs
	n      int // number of postings in the current block
	doc    uint64
	tf     float64
	ndocs  uint64
	kind   int
	w      float64 // query weight times field weight
	c      float64 // BM25, TF-IDF: w·idf; DPH: avgdl·N/ttf
	mp     float64 // Dirichlet: μ·P(t|C)
	one    float64 // Dirichlet: log(1 + 1/mp)
	lt     []float64
	f      *fieldData
	dl8    []uint8 // f.dl8
	ub     float64 // upper bound of the cursor's contribution (MaxScore)
	bbBlk  int     // the block whose bound is bb, or -1
	bb     float64 // upper bound of the contribution in block bbBlk
	maxTF  uint32  // the term's largest frequency
	docs   [blockSize]uint32
	tfs    [blockSize]uint32
	one1   [255]float64 // the contribution of tf 1 by document length (see contribution)
}

// reset points c at the postings of term id of f. A malformed posting
// list is an error wrapping errCorrupt, and leaves c exhausted.
func (c *cursor) reset(f *fieldData, id int, ndocs uint64) error {
	c.f, c.dl8, c.ndocs = f, f.dl8, ndocs
	blocks, err := f.termBlocks(id)
	if err != nil {
		c.blocks, c.doc = nil, ndocs
		return err
	}
	c.blocks, c.post, c.maxTF = blocks, f.post[f.postOff[id]:], f.maxTF[id]
	c.df = int(f.df[id])
	c.blk, c.dec, c.bbBlk = 0, -1, -1
	c.tabulate()
	c.load()
	return nil
}

// load decodes the current block and moves to its first posting.
func (c *cursor) load() {
	if c.blk >= len(c.blocks) {
		c.doc = c.ndocs
		return
	}
	if c.dec != c.blk {
		c.decode(c.blk)
	}
	c.i, c.n = 0, c.blockLen()
	c.doc, c.tf = uint64(c.docs[0]), float64(c.tfs[0])
}

// decode decodes block b into docs and tfs. The postings were checked by
// fieldData.termBlocks.
func (c *cursor) decode(b int) {
	n := blockSize
	if b == len(c.blocks)-1 {
		n = c.df - b*blockSize
	}
	first := uint32(0)
	if b > 0 {
		first = c.blocks[b-1].last + 1
	}
	decodeBlock(c.docs[:n], c.tfs[:n], c.post[c.blocks[b].off:], first)
	c.dec = b
}

// next moves to the next posting.
func (c *cursor) next() {
	c.i++
	if c.i < c.n {
		c.doc, c.tf = uint64(c.docs[c.i]), float64(c.tfs[c.i])
		return
	}
	c.blk++
	c.load()
}

// blockLen returns the number of postings in the current block.
func (c *cursor) blockLen() int {
	if c.blk == len(c.blocks)-1 {
		return c.df - c.blk*blockSize
	}
	return blockSize
}

// accumulate stores the cursor's contributions to the documents in
// [lo, hi) (at document − lo) in con, adds them to acc and marks the
// documents in seen; it leaves the cursor at its first posting at or after
// hi. con must be zero at those documents.
func (c *cursor) accumulate(lo, hi uint64, con, acc []float64, seen *[window / 64]uint64) {
	dl8 := c.dl8
	for c.doc < hi && c.blk < len(c.blocks) {
		i, n := c.i, c.n
		for ; i < n; i++ {
			d := uint64(c.docs[i])
			if d >= hi {
				c.i, c.doc, c.tf = i, d, float64(c.tfs[i])
				return
			}
			var v float64
			if l := dl8[d]; c.tfs[i] == 1 && l < 255 {
				v = c.one1[l]
			} else {
				v = c.score(float64(c.tfs[i]), c.f.length(d))
			}
			j := d - lo
			con[j] = v
			acc[j] += v
			seen[j>>6] |= 1 << (j & 63)
		}
		c.blk++
		c.load()
	}
}

// shallow moves to the first block whose last document is at or after
// target, without decoding it, and reports whether there is one (if not,
// the cursor is exhausted). The current posting is then stale: only
// advance may follow.
func (c *cursor) shallow(target uint64) bool {
	for c.blk < len(c.blocks) && uint64(c.blocks[c.blk].last) < target {
		c.blk++
	}
	if c.blk == len(c.blocks) {
		c.doc = c.ndocs
		return false
	}
	return true
}

// advance moves to the first posting at or after target.
func (c *cursor) advance(target uint64) {
	if c.doc >= target {
		return
	}
	if uint64(c.blocks[c.blk].last) < target {
		if !c.shallow(target) {
			return
		}
		c.load()
	} else if c.dec != c.blk {
		c.load()
	}
	for uint64(c.docs[c.i]) < target {
		c.i++
	}
	c.doc, c.tf = uint64(c.docs[c.i]), float64(c.tfs[c.i])
}

// blockBound returns an upper bound of the cursor's contribution to the
// documents of its current block (which must exist).
func (c *cursor) blockBound() float64 {
	if c.bbBlk != c.blk {
		b := &c.blocks[c.blk]
		maxTF := uint32(b.maxTF)
		if maxTF == maxStat {
			maxTF = c.maxTF
		}
		c.bb = c.bound(float64(maxTF), uint32(b.minDL)) * (1 + 1e-9)
		c.bbBlk = c.blk
	}
	return c.bb
}

// bound returns an upper bound of the contribution to documents in which
// the term occurs at most maxTF times and that are at least minDL long:
// every model's contribution grows with the frequency and shrinks with
// the length.
func (c *cursor) bound(maxTF float64, minDL uint32) float64 {
	switch c.kind {
	case kindBM25:
		return c.c * maxTF / (maxTF + c.lt[minDL])
	case kindTFIDF:
		return c.c * math.Sqrt(maxTF) * c.lt[minDL]
	case kindLuceneDirichlet:
		return c.w * max(0, math.Log(1+maxTF/c.mp)+c.lt[minDL])
	case kindDPH:
		// With p = f/dl ≤ 1, (1−p)² ≤ 1 and f ≤ maxTF, dl ≥ minDL: the
		// f·log2 part over f+1 is at most maxTF/(maxTF+1)·log2(maxTF·c/
		// minDL), the other at most ½·½·log2(2π·maxTF) (1/(f+1) ≤ ½).
		l := c.lt[minDL]
		if l == 0 {
			return math.Inf(1)
		}
		return c.w * (maxTF/(maxTF+1)*max(0, math.Log2(maxTF*c.c/l)) + 0.25*max(0, math.Log2(2*math.Pi*maxTF)))
	default:
		return c.w * math.Log(1+maxTF/c.mp)
	}
}

// contribution returns the cursor's score for its current document.
// Most postings have frequency 1 and a document shorter than 255, whose
// contribution is tabulated (by the same arithmetic, so the result is the
// same).
func (c *cursor) contribution() float64 {
	if c.tf == 1 {
		if n := c.dl8[c.doc]; n < 255 {
			return c.one1[n]
		}
	}
	return c.score(c.tf, c.f.length(c.doc))
}

// tabulate fills in one1.
func (c *cursor) tabulate() {
	for n := range min(len(c.lt), len(c.one1)) {
		c.one1[n] = c.score(1, uint32(n))
	}
}

// score returns the contribution of tf occurrences to a document of
// length dl.
func (c *cursor) score(tf float64, dl uint32) float64 {
	switch c.kind {
	case kindBM25:
		return c.c * tf / (tf + c.lt[dl])
	case kindTFIDF:
		if tf == 1 {
			return c.c * c.lt[dl]
		}
		return c.c * math.Sqrt(tf) * c.lt[dl]
	case kindLuceneDirichlet:
		l := c.one
		if tf != 1 {
			l = math.Log(1 + tf/c.mp)
		}
		return c.w * max(0, l+c.lt[dl])
	case kindDPH:
		l := c.lt[dl]
		p := tf / l
		if !(p < 1) {
			return 0
		}
		return c.w * (1 - p) * (1 - p) / (tf + 1) * (tf*math.Log2(tf*c.c/l) + 0.5*math.Log2(2*math.Pi*tf*(1-p)))
	default: // kindDirichlet
		l := c.one
		if tf != 1 {
			l = math.Log(1 + tf/c.mp)
		}
		return c.w * l
	}
}
