package search

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// window is the number of consecutive documents the scoring loop takes at
// a time (see Searcher.Run).
const window = 2048

// parallelCheck is the fewest unchecked postings a query checks on all
// cores (checkTerms).
const parallelCheck = 1 << 16

// checkTerms checks, on all cores, the posting lists of the query terms
// that no query has read yet, in the fields of weight other than 0, when
// they hold at least least postings together; the cursors then find them
// checked. Errors are left to index.Field.TermBlocks, which reports them.
func checkTerms(u *index.Unit, terms []Term, weight func(field string) float64, least int) {
	type list struct {
		f  *index.Field
		id int
	}
	var todo []list
	postings := 0
	for _, f := range u.Fields {
		if weight(f.Name) == 0 {
			continue
		}
		for _, t := range terms {
			if id := f.Lookup(t.Text); id >= 0 && f.Checked[id].Load() == index.Unchecked {
				todo = append(todo, list{f, id})
				postings += int(f.DF[id])
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	if workers < 2 || postings < least {
		return
	}
	// Longest first, each to the worker with the fewest postings so far.
	slices.SortFunc(todo, func(a, b list) int { return cmp.Compare(b.f.DF[b.id], a.f.DF[a.id]) })
	parts := make([][]list, workers)
	load := make([]int, workers)
	for _, l := range todo {
		w := slices.Index(load, slices.Min(load))
		parts[w] = append(parts[w], l)
		load[w] += int(l.f.DF[l.id])
	}
	var wg sync.WaitGroup
	for _, part := range parts {
		wg.Go(func() {
			for _, l := range part {
				l.f.TermBlocks(l.id)
			}
		})
	}
	wg.Wait()
}

// Model kinds: the scoring loops switch on these rather than on the names.
const (
	kindBM25 = iota
	kindTFIDF
	kindLuceneDirichlet
	kindDirichlet
	kindDPH
)

func modelKind(model string) int {
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
	post   []byte        // Field.Post from the term's postings on
	blocks []index.Block // the term's blocks
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
	f      *index.Field
	dl8    []uint8 // f.DL8
	ub     float64 // upper bound of the cursor's contribution (MaxScore)
	bbBlk  int     // the block whose bound is bb, or -1
	bb     float64 // upper bound of the contribution in block bbBlk
	maxTF  uint32  // the term's largest frequency
	docs   [index.BlockSize]uint32
	tfs    [index.BlockSize]uint32
	one1   [255]float64 // the contribution of tf 1 by document length (see contribution)
	ub8    [256]float64 // ub8[l]: an upper bound of the contribution to a document whose DL8 is l
}

// reset points c at the postings of term id of f. A malformed posting
// list is an error wrapping index.ErrCorrupt, and leaves c exhausted.
func (c *cursor) reset(f *index.Field, id int, ndocs uint64) error {
	c.f, c.dl8, c.ndocs = f, f.DL8, ndocs
	blocks, err := f.TermBlocks(id)
	if err != nil {
		c.blocks, c.doc = nil, ndocs
		return err
	}
	c.blocks, c.post, c.maxTF = blocks, f.Post[f.PostOff[id]:], f.MaxTF[id]
	c.df = int(f.DF[id])
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
// index.Field.TermBlocks.
func (c *cursor) decode(b int) {
	n := index.BlockSize
	if b == len(c.blocks)-1 {
		n = c.df - b*index.BlockSize
	}
	first := uint32(0)
	if b > 0 {
		first = c.blocks[b-1].Last + 1
	}
	index.DecodeBlock(c.docs[:n], c.tfs[:n], c.post[c.blocks[b].Off:], first)
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
		return c.df - c.blk*index.BlockSize
	}
	return index.BlockSize
}

// accumulate stores the cursor's contributions to the documents in
// [lo, hi) (at document − lo) in con, adds them to acc and marks the
// documents in hit; it leaves the cursor at its first posting at or after
// hi.
func (c *cursor) accumulate(lo, hi uint64, con, acc []float64, hit, seen *[words]uint64) {
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
				v = c.score(float64(c.tfs[i]), c.f.Length(d))
			}
			j := d - lo
			con[j] = v
			acc[j] += v
			b := uint64(1) << (j & 63)
			hit[j>>6] |= b
			seen[j>>6] |= b
		}
		c.blk++
		c.load()
	}
}

// add adds the cursor's contributions to the documents in [lo, hi) to
// acc (at document − lo) and stores their places in acc in list, from
// list[n] on (which has room for window more); it returns the new length of the list and leaves the cursor
// at its first posting at or after hi.
func (c *cursor) add(lo, hi uint64, acc *[window]float64, list []uint16, n int) int {
	dl8 := c.dl8
	for c.doc < hi && c.blk < len(c.blocks) {
		i, m := c.i, c.n
		for ; i < m; i++ {
			d := uint64(c.docs[i])
			if d >= hi {
				c.i, c.doc, c.tf = i, d, float64(c.tfs[i])
				return n
			}
			var v float64
			if l := dl8[d]; c.tfs[i] == 1 && l < 255 {
				v = c.one1[l]
			} else {
				v = c.score(float64(c.tfs[i]), c.f.Length(d))
			}
			j := (d - lo) & (window - 1)
			acc[j] += v
			list[n] = uint16(j)
			n++
		}
		c.blk++
		c.load()
	}
	return n
}

// shallow moves to the first block whose last document is at or after
// target, without decoding it, and reports whether there is one (if not,
// the cursor is exhausted). The current posting is then stale: only
// advance may follow.
func (c *cursor) shallow(target uint64) bool {
	for c.blk < len(c.blocks) && uint64(c.blocks[c.blk].Last) < target {
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
	if uint64(c.blocks[c.blk].Last) < target {
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
		maxTF := uint32(b.MaxTF)
		if maxTF == index.MaxStat {
			maxTF = c.maxTF
		}
		c.bb = c.bound(float64(maxTF), uint32(b.MinDL)) * (1 + 1e-9)
		c.bbBlk = c.blk
	}
	return c.bb
}

// docBound returns an upper bound of the cursor's contribution to
// document d, which must be in its current block if anywhere: from the
// block's largest frequency and d's length.
func (c *cursor) docBound(d uint64) float64 {
	l := c.dl8[d]
	if c.blocks[c.blk].MaxTF == 1 && l < 255 {
		return c.one1[l] * (1 + 1e-9)
	}
	return min(c.blockBound(), c.ub8[l])
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
	return c.score(c.tf, c.f.Length(c.doc))
}

// tabulate fills in one1 and ub8 (from ub, which must be set).
func (c *cursor) tabulate() {
	for n := range min(len(c.lt), len(c.one1)) {
		c.one1[n] = c.score(1, uint32(n))
	}
	// A document of length l < 255 gets at most the bound at l from
	// the term's largest frequency; one of 255 or more (or of a length
	// the field has none of), at most ub.
	for l := range c.ub8 {
		c.ub8[l] = c.ub
		if l < len(c.one1) && l < len(c.lt) {
			c.ub8[l] = min(c.ub, c.bound(float64(c.maxTF), uint32(l))*(1+1e-9))
		}
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
