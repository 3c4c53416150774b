package lexical

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
)

// window is the number of consecutive documents the scoring loop takes at
// a time (see Index.run).
const window = 2048

// blockSize is the number of postings in a block of a posting list: the
// unit in which the scoring loops skip and decode postings.
const blockSize = 128

// A block describes blockSize consecutive postings of a term (fewer in
// the term's last block). A term's blocks are derived from its postings
// the first time a query reads them (fieldData.termBlocks): they are a
// skip list (a cursor moving past a block's last document need not decode
// it) and hold block-max statistics for pruning.
type block struct {
	off   uint64 // offset in fieldData.post of the block's first posting
	last  uint32 // the block's last document
	maxTF uint32 // the largest frequency in the block
	minDL uint32 // the shortest document of the block
}

// A termIndex is a term's blocks, or why its posting list is malformed.
type termIndex struct {
	blocks []block
	err    error
}

// termBlocks returns the blocks of term id, deriving them, and checking
// the term's postings, the first time they are asked for; the result is
// kept. A malformed posting list gives an error wrapping ErrCorrupt (every
// time), after which no cursor needs to check the postings it decodes.
// It is safe for concurrent use.
func (f *fieldData) termBlocks(id int) ([]block, error) {
	if t := f.lazy[id].Load(); t != nil {
		return t.blocks, t.err
	}
	blocks, err := f.indexTerms(id, id+1)
	if err != nil {
		err = fmt.Errorf("lexical: field %s: %v: %w", f.name, err, ErrCorrupt)
	}
	t := &termIndex{blocks: blocks, err: err}
	if !f.lazy[id].CompareAndSwap(nil, t) {
		t = f.lazy[id].Load()
	}
	return t.blocks, t.err
}

// check checks every posting list of f and derives all blocks, on all
// cores: the terms are split into ranges of about equal postings bytes.
// It returns the error of the first malformed list (without the path).
func (f *fieldData) check() error {
	npost := 0
	for _, df := range f.df {
		npost += int(df)
	}
	if npost > len(f.post) { // a posting takes a byte at least
		return fmt.Errorf("%d postings in %d bytes", npost, len(f.post))
	}
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

// indexTerms checks the postings of the terms [from, to) and returns
// their blocks.
func (f *fieldData) indexTerms(from, to int) ([]block, error) {
	ndocs := len(f.dl)
	var blocks []block
	for id := from; id < to; id++ {
		df := f.df[id]
		start, end := f.postOff[id], f.postOff[id+1]
		p := f.post[start:end]
		pos, doc, n := 0, uint64(0), uint32(0)
		maxTF := uint32(0)
		for pos < len(p) {
			if n%blockSize == 0 {
				blocks = append(blocks, block{off: start + uint64(pos), minDL: math.MaxUint32})
			}
			x, m := uvarint(p[pos:])
			if m <= 0 {
				return nil, fmt.Errorf("bad posting list of term %q", f.term(id))
			}
			pos += m
			tf := uint64(1)
			if x&1 == 0 {
				if tf, m = uvarint(p[pos:]); m <= 0 || tf > math.MaxUint32 {
					return nil, fmt.Errorf("bad posting list of term %q", f.term(id))
				}
				pos += m
			}
			delta := x >> 1
			if n > 0 && delta == 0 || delta >= uint64(ndocs)-doc {
				return nil, fmt.Errorf("bad posting list of term %q", f.term(id))
			}
			doc += delta
			b := &blocks[len(blocks)-1]
			b.last = uint32(doc)
			b.maxTF = max(b.maxTF, uint32(tf))
			b.minDL = min(b.minDL, f.dl[doc])
			maxTF = max(maxTF, uint32(tf))
			n++
		}
		if n != df || maxTF != f.maxTF[id] {
			return nil, fmt.Errorf("posting list of term %q disagrees with its statistics", f.term(id))
		}
	}
	return blocks, nil
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
	case ModelTFIDF, ModelTFIDFIC:
		return kindTFIDF
	case ModelLuceneDirichlet:
		return kindLuceneDirichlet
	case ModelDirichlet:
		return kindDirichlet
	case ModelDPH:
		return kindDPH
	}
	return kindBM25
}

// A cursor walks one query term's postings in one field, a block at a
// time: the current block is decoded into docs and tfs.
type cursor struct {
	post   []byte  // fieldData.post
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
	docs   [blockSize]uint32
	tfs    [blockSize]uint32
	one1   [255]float64 // the contribution of tf 1 by document length (see contribution)
}

// reset points c at the postings of term id of f. A malformed posting
// list is an error wrapping ErrCorrupt, and leaves c exhausted.
func (c *cursor) reset(f *fieldData, id int, ndocs uint64) error {
	c.f, c.post, c.dl8, c.ndocs = f, f.post, f.dl8, ndocs
	blocks, err := f.termBlocks(id)
	if err != nil {
		c.blocks, c.doc = nil, ndocs
		return err
	}
	c.blocks = blocks
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
	doc := uint32(0)
	if b > 0 {
		doc = c.blocks[b-1].last
	}
	p := c.post[c.blocks[b].off:]
	pos := 0
	for j := 0; j < n; j++ {
		x := uint32(p[pos])
		pos++
		if x >= 0x80 {
			v, m := uvarint(p[pos-1:])
			x, pos = uint32(v), pos-1+m
		}
		tf := uint32(1)
		if x&1 == 0 {
			tf = uint32(p[pos])
			pos++
			if tf >= 0x80 {
				v, m := uvarint(p[pos-1:])
				tf, pos = uint32(v), pos-1+m
			}
		}
		doc += x >> 1
		c.docs[j], c.tfs[j] = doc, tf
	}
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
		c.bb = c.bound(float64(b.maxTF), b.minDL) * (1 + 1e-9)
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
