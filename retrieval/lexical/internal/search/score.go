package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// A dirField is a field's part of a textbook Dirichlet score: its weight,
// the query length and Σ w·log P(t|C) over the query terms the field
// knows, and its length table.
type dirField struct {
	fw, qlen, base float64
	lt             []float64
	f              *index.Field
}

// scoring is what the document ranges of one query share, read-only.
type scoring struct {
	ud     *index.Unit
	k      int
	allow  []uint64 // nil, or the documents allowed
	cum    []float64
	dir    []dirField
	dirMax float64
	ndocs  uint64
	// windows is how windows are scored: windowsAdaptive but in tests.
	windows int
	pool    *sync.Pool // of *rangeScratch
}

// parallelScore is the fewest postings a query's terms hold for the query
// to be scored in several document ranges at once, and minPartDocs the
// fewest documents of a range.
const (
	parallelScore = 1 << 16
	minPartDocs   = 1 << 16
)

// scoringParts returns the number of document ranges in which a query
// with cursors cs is scored at once: one per core for a query whose terms
// hold many postings in a large index, else one.
func scoringParts(ndocs uint64, cs []*cursor) int {
	post := 0
	for _, c := range cs {
		post += c.df
	}
	if post < parallelScore {
		return 1
	}
	return max(1, min(runtime.GOMAXPROCS(0), int(ndocs/minPartDocs)))
}

// parallel scores the documents in parts ranges of about equal size at
// once, each with cursors of its own (copies of cs moved to the range's
// start) and its own top k, the ranges sharing the best k-th score any of
// them has seen, a bound under which no document can enter the top k of
// the whole. The best k of the ranges' top k are the top k of the whole:
// the same documents and the same scores as one range gives, as a
// document's score does not depend on which cursors were essential.
func (q *scoring) parallel(ctx context.Context, cs []*cursor, ndocs uint64, parts int) ([]Scored, error) {
	var bar sharedBar
	bar.bits.Store(math.Float64bits(math.Inf(-1)))
	res := make([][]Scored, parts)
	errs := make([]error, parts)
	bounds := splitPostings(cs, ndocs, parts)
	cursors := make([][]*cursor, parts)
	for p := range parts {
		if p == 0 {
			cursors[p] = cs
			continue
		}
		// Copied before any range moves cs.
		cursors[p] = make([]*cursor, len(cs))
		for i, c := range cs {
			d := *c
			d.advance(bounds[p])
			cursors[p][i] = &d
		}
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { res[p], errs[p] = q.docs(ctx, cursors[p], bounds[p], bounds[p+1], &bar) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return merge(q.ud, q.k, res), nil
}

// merge returns the best k of the documents of lists, each sorted best
// first: by score descending, then rank descending, the ranks looked up
// for equal scores only.
func merge(ud *index.Unit, k int, lists [][]Scored) []Scored {
	t := &topK{ud: ud}
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	out := make([]Scored, 0, min(k, n))
	for len(out) < cap(out) {
		best := -1
		for p, l := range lists {
			if len(l) == 0 {
				continue
			}
			if best < 0 {
				best = p
				continue
			}
			a, b := &l[0], &lists[best][0]
			if a.Score > b.Score || a.Score == b.Score && t.rank(a) > t.rank(b) {
				best = p
			}
		}
		out = append(out, lists[best][0])
		lists[best] = lists[best][1:]
	}
	return out
}

// splitPostings returns the bounds of parts document ranges in which
// cursors cs (at their first postings) hold about as many postings each,
// as their blocks tell: bounds[p] is the first document of range p, and
// bounds[parts] ndocs.
func splitPostings(cs []*cursor, ndocs uint64, parts int) []uint64 {
	total := 0
	for _, c := range cs {
		total += len(c.blocks)
	}
	// blocks returns the number of blocks of cs that end before d.
	blocks := func(d uint64) int {
		n := 0
		for _, c := range cs {
			n += sort.Search(len(c.blocks), func(i int) bool { return uint64(c.blocks[i].Last) >= d })
		}
		return n
	}
	bounds := make([]uint64, parts+1)
	bounds[parts] = ndocs
	for p := 1; p < parts; p++ {
		want := total * p / parts
		d := uint64(sort.Search(int(ndocs), func(d int) bool { return blocks(uint64(d)) >= want }))
		bounds[p] = min(max(bounds[p-1], d), ndocs)
	}
	return bounds
}

// A sharedBar is the best k-th score (less the Dirichlet length bound)
// that the document ranges of one query have reached, as float64 bits.
type sharedBar struct {
	bits atomic.Uint64
}

// raise makes the bar at least theta.
func (b *sharedBar) raise(theta float64) {
	for {
		old := b.bits.Load()
		if math.Float64frombits(old) >= theta || b.bits.CompareAndSwap(old, math.Float64bits(theta)) {
			return
		}
	}
}

// A rangeScratch is the memory one document range of a query scores
// with, kept for reuse (Searcher.scratch): allocating it per query made
// the collector run every few queries, preempting the scoring loops.
type rangeScratch struct {
	con  []float64 // con[i*window+j]: cursor i's contribution to document lo+j, where its bit in hit is set
	hit  []uint64  // hit[i*words+w]: the documents of word w of the window that cursor i matched
	acc  [window]float64
	seen [words]uint64
	list []uint16 // places in acc (ranger.all)
	nc   []float64
	pre  []float64 // pre[l*(ess+1)+i]: the sum of ub8[l] of cursors [0, i), for i ≤ ess
	top  []Scored
}

// words is the number of 64-bit words of a window's bit sets.
const words = window / 64

// grow makes s hold n cursors.
func (s *rangeScratch) grow(n int) {
	if len(s.nc) < n {
		s.con = make([]float64, n*window)
		s.hit = make([]uint64, n*words)
		s.nc = make([]float64, n)
		s.pre = make([]float64, 256*(n+1))
		s.list = make([]uint16, n*window)
	}
}

// gather has the essential cursors cs[wess:] add their contributions to
// the documents in [lo, hi) (con, acc, hit), and marks the documents any
// of them matched in seen.
func (sc *rangeScratch) gather(cs []*cursor, wess int, lo, hi uint64) {
	sc.seen = [words]uint64{}
	for i := wess; i < len(cs); i++ {
		cs[i].accumulate(lo, hi, sc.con[i*window:(i+1)*window], sc.acc[:], (*[words]uint64)(sc.hit[i*words:(i+1)*words]), &sc.seen)
	}
}

// Window strategies (scoring.windows): choose per window, or always
// probe, or always accumulate every cursor. Tests force one or the other.
const (
	windowsAdaptive = iota
	windowsProbe
	windowsAll
)

// sampleEvery is how often (in windows) a range probes whatever it would
// choose, to count the probes, and at least when the number of essential
// cursors changes (or as rarely as every maxSampleEvery windows while the
// choice is clear by a factor of 2); addsPerProbe how many postings adding
// a non-essential cursor's postings may cost per probe it saves.
const (
	sampleEvery    = 16
	maxSampleEvery = 256
	addsPerProbe   = 8
)

// A ranger scores one document range of a query (scoring.docs).
type ranger struct {
	*scoring
	cs    []*cursor
	sc    *rangeScratch
	h     *topK
	bar   *sharedBar
	ess   int
	theta float64 // the k-th best score so far, minus dirMax
	// cut is θ less a margin for the rounding of partial scores, which
	// are summed in another order than the final ones: a document whose
	// bound is below cut cannot enter the top k.
	cut float64
	dl8 []uint8 // with one field, its DL8; else nil
}

// raise sets θ to theta and moves the essential cursors on.
func (r *ranger) raise(theta float64) {
	r.theta = theta
	r.cut = theta - 1e-9*(math.Abs(theta)+math.Abs(r.dirMax))
	for r.ess < len(r.cs) && r.cum[r.ess+1] < r.cut {
		r.ess++
	}
}

// offer offers document doc with its score (but the Dirichlet length
// part), which must be complete.
func (r *ranger) offer(doc uint64, score float64) {
	for _, d := range r.dir {
		score += d.fw * (d.base + d.qlen*d.lt[d.f.Length(doc)])
	}
	if r.h.offer(uint32(doc), score) && r.h.bar-r.dirMax > r.theta {
		r.raise(r.h.bar - r.dirMax)
		if r.bar != nil {
			r.bar.raise(r.theta)
		}
	}
}

// allowed reports whether document doc may be returned.
func (r *ranger) allowed(doc uint64) bool {
	return r.allow == nil || r.allow[doc/64]&(1<<(doc%64)) != 0
}

// docs scores, document at a time, the documents in [start, end) matching
// cursors cs (positioned at or after start) and returns their best k,
// best first. If bar is not nil, it shares θ with the other ranges of the
// query.
//
// Documents are taken a window at a time, in one of two ways. Either the
// essential cursors add their contributions to the window's documents,
// the documents they matched are looked up in the non-essential ones
// (probes), and their scores are summed again in cursor order (probe);
// or every cursor adds its contributions in cursor order, which sums the
// scores as the first way does (adding nothing to a sum that starts at
// +0 is adding +0), and the documents the essential cursors matched are
// only compared with the bar (all). The second costs a sum per posting of
// the non-essential cursors, the first a probe per candidate: a range
// counts its probes every sampleEvery windows, and takes the second way
// when the non-essential cursors hold fewer than addsPerProbe postings
// per probe in a window.
func (q *scoring) docs(ctx context.Context, cs []*cursor, start, end uint64, bar *sharedBar) ([]Scored, error) {
	r := &ranger{scoring: q, cs: cs, bar: bar, theta: math.Inf(-1), cut: math.Inf(-1)}
	r.sc = q.pool.Get().(*rangeScratch)
	defer q.pool.Put(r.sc)
	r.sc.grow(len(cs))
	r.h = newTopK(q.ud, q.k, &r.sc.top)
	// With one field, the non-essential cursors' bounds are taken at each
	// candidate's length: pre holds them for the essential cursors of
	// the window, from preEss on.
	preEss := 0
	if oneField(cs) {
		r.dl8 = cs[0].dl8
		clear(r.sc.pre[:256])
	}
	// The probes of the last window sampled, with sampledEss essential
	// cursors; the next is window next.
	probes, sampledEss, next, every := 0.0, -1, 0, sampleEvery
	for iter := 0; ; iter++ {
		if iter&0xff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("lexical: retrieve: %w", err)
			}
		}
		if bar != nil {
			if t := math.Float64frombits(bar.bits.Load()); t > r.theta {
				r.raise(t)
			}
		}
		lo := end
		for _, c := range cs[r.ess:] {
			lo = min(lo, c.doc)
		}
		if lo >= end {
			break
		}
		hi := min(lo+window, end)
		wess := r.ess // the window's essential cursors, which θ may outgrow
		all := q.windows == windowsAll || q.windows == windowsAdaptive && wess == 0
		sample := false
		cost := 0.0 // the postings of the non-essential cursors in the window, times ndocs
		if q.windows == windowsAdaptive && wess > 0 {
			for _, c := range cs[:wess] {
				cost += float64(c.df)
			}
			cost *= float64(hi - lo)
			sample = iter >= next || wess != sampledEss
			all = !sample && cost <= addsPerProbe*probes*float64(q.ndocs)
		}
		if all {
			r.all(lo, hi, wess)
			continue
		}
		if r.dl8 != nil && wess != preEss {
			preEss = wess
			lengthBounds(cs[:wess], r.sc.pre)
		}
		p := r.probe(lo, hi, wess)
		if sample {
			// Sampled less often while the choice is clear.
			probes, sampledEss = float64(p), wess
			if s := addsPerProbe * probes * float64(q.ndocs); 2*cost <= s || cost >= 2*s {
				every = min(2*every, maxSampleEvery)
			} else {
				every = sampleEvery
			}
			next = iter + every
		}
	}
	return r.h.sorted(), nil
}

// all scores the window [lo, hi) whose essential cursors are cs[wess:]
// by having every cursor add its contributions to acc, in cursor order.
// The documents any cursor matched are then read from acc in the order of
// the list of its places the cursors appended (with repeats): those only
// non-essential cursors matched score below the bar.
func (r *ranger) all(lo, hi uint64, wess int) {
	sc := r.sc
	n := 0
	for i, c := range r.cs {
		if i < wess {
			c.advance(lo)
		}
		n = c.add(lo, hi, &sc.acc, sc.list, n)
	}
	acc := &sc.acc
	list := sc.list[:n]
	// A place read again reads spent, which the bar does not admit: 0
	// while the bar is above 0 (it only rises), else NaN, which no bar
	// admits, the places cleared after.
	spent := 0.0
	if !(r.cut > 0) {
		spent = math.NaN()
	}
	for _, j := range list {
		j &= window - 1
		score := acc[j]
		acc[j] = spent
		if score >= r.cut {
			if doc := lo + uint64(j); r.allowed(doc) {
				r.offer(doc, score)
			}
		}
	}
	if spent != 0 {
		for _, j := range list {
			acc[j&(window-1)] = 0
		}
	}
}

// probe scores the window [lo, hi) whose essential cursors are cs[wess:]
// by probing the others for the documents the essential ones matched, and
// returns the number of documents probed.
func (r *ranger) probe(lo, hi uint64, wess int) int {
	cs, sc, n := r.cs, r.sc, len(r.cs)
	con, hit, acc, nc := sc.con, sc.hit, &sc.acc, sc.nc
	sc.gather(cs, wess, lo, hi)
	probes := 0
	for w, m := range sc.seen {
		for ; m != 0; m &= m - 1 {
			j := w*64 + bits.TrailingZeros64(m)
			doc := lo + uint64(j)
			score := acc[j]
			acc[j] = 0
			rest := r.cum[:wess+1]
			if r.dl8 != nil {
				l := int(r.dl8[doc])
				rest = sc.pre[l*(wess+1) : (l+1)*(wess+1)]
			}
			if score+rest[wess] < r.cut || !r.allowed(doc) {
				continue
			}
			probes++
			if !nonEssential(cs[:wess], doc, score, r.cut, rest, nc) {
				continue
			}
			// The score is summed in cursor order, so that it does not
			// depend on which cursors were essential (nor, through θ,
			// on k).
			score = 0
			for i := range wess {
				score += nc[i]
			}
			bit := uint64(1) << (j & 63)
			for i := wess; i < n; i++ {
				v := 0.0
				if hit[i*words+w]&bit != 0 {
					v = con[i*window+j]
				}
				score += v
			}
			r.offer(doc, score)
		}
	}
	clear(hit[wess*words : n*words])
	return probes
}

// oneField reports whether there are cursors cs and they walk the
// postings of one field.
func oneField(cs []*cursor) bool {
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs {
		if c.f != cs[0].f {
			return false
		}
	}
	return true
}

// lengthBounds sets pre[l*(len(cs)+1)+i] to the sum of the bounds at
// length l (ub8[l]) of cursors cs[:i].
func lengthBounds(cs []*cursor, pre []float64) {
	w := len(cs) + 1
	for l := range 256 {
		row := pre[l*w : (l+1)*w]
		row[0] = 0
		for i, c := range cs {
			row[i+1] = row[i] + c.ub8[l]
		}
	}
}

// nonEssential looks up document doc, whose essential contributions sum
// to score, in the non-essential cursors cs, last first, storing each
// one's contribution in nc (0 where it has none); rest[i] bounds the sum
// of the contributions of cs[:i] to doc. It reports whether the document
// can still reach cut; it stops at the first bound below cut.
func nonEssential(cs []*cursor, doc uint64, score, cut float64, rest, nc []float64) bool {
	for i := len(cs) - 1; i >= 0; i-- {
		nc[i] = 0
		if score+rest[i+1] < cut {
			return false
		}
		c := cs[i]
		if c.doc < doc {
			if !c.shallow(doc) {
				continue
			}
			if score+c.docBound(doc)+rest[i] < cut {
				return false
			}
			c.advance(doc)
		}
		if c.doc == doc {
			nc[i] = c.contribution()
			score += nc[i]
			c.next()
		}
	}
	return score >= cut
}

// A topK keeps the k best documents offered: by score descending, then id
// descending (rank descending). Documents are collected in a buffer of 2k;
// when it is full, the best k are selected and the rest dropped, and the
// k-th best score becomes the bar an offer must reach. An offer is an
// append; the rank of a document's id (a random read of a large table) is
// looked up only to order equal scores, and for the k best at the end.
type topK struct {
	ud  *index.Unit
	k   int
	buf []Scored
	bar float64 // the k-th best score at the last selection; -Inf before
}

// newTopK returns a topK of the k best documents of ud, keeping them in
// *buf (which it grows if too small).
func newTopK(ud *index.Unit, k int, buf *[]Scored) *topK {
	n := 2 * min(k, 1<<20)
	if cap(*buf) < n {
		*buf = make([]Scored, 0, n)
	}
	return &topK{ud: ud, k: k, buf: (*buf)[:0:n], bar: math.Inf(-1)}
}

// noRank marks a Scored whose rank has not been looked up.
const noRank = math.MaxUint32

// offer offers document doc with score, and reports whether the bar rose.
func (t *topK) offer(doc uint32, score float64) bool {
	if score < t.bar {
		return false
	}
	t.buf = append(t.buf, Scored{Doc: doc, Score: score, Rank: noRank})
	if len(t.buf) < cap(t.buf) {
		return false
	}
	t.selectBest()
	return true
}

// rank returns the rank of x's document, looking it up if need be.
func (t *topK) rank(x *Scored) uint32 {
	if x.Rank == noRank {
		x.Rank = t.ud.Rank(x.Doc)
	}
	return x.Rank
}

// selectBest keeps the k best documents of the buffer and sets the bar.
// The k-th best score is found by scores alone; ranks are looked up only
// for the documents that share it, to keep the best of them.
func (t *topK) selectBest() {
	if len(t.buf) <= t.k {
		return
	}
	s := t.buf
	// Quickselect, each step partitioning in two branch-free passes
	// (those above the pivot, then those equal to it): afterwards the scores of
	// s[:lo] are above those of s[lo:hi], which are equal, and those of
	// s[hi:] below, with lo ≤ k−1 < hi.
	kk := t.k - 1
	lo, hi := 0, len(s)
	for hi-lo > 1 {
		a, b, c := s[lo].Score, s[lo+(hi-lo)/2].Score, s[hi-1].Score
		p := max(min(a, b), min(max(a, b), c)) // the median of three
		lt := lo + partitionAbove(s[lo:hi], p)
		gt := lt + partitionAtLeast(s[lt:hi], p)
		if kk < lt {
			hi = lt
			continue
		}
		if kk >= gt {
			lo = gt
			continue
		}
		lo, hi = lt, gt
		break
	}
	if hi > t.k {
		// Equal scores across the k-th place: the higher ranks first.
		tie := s[lo:hi]
		for i := range tie {
			t.rank(&tie[i])
		}
		highestRanks(tie, t.k-lo)
	}
	t.buf = s[:t.k]
	t.bar = s[kk].Score
}

// partitionAbove moves the documents of s that score above p to its
// front, in no order, and returns their number: a swap per document and a
// count without a branch on the score, which a three-way partition
// mispredicted on most documents.
func partitionAbove(s []Scored, p float64) int {
	n := 0
	for i := range s {
		x := s[i]
		s[i] = s[n]
		s[n] = x
		n += b2i(x.Score > p)
	}
	return n
}

// partitionAtLeast is partitionAbove for the documents that score p or
// more.
func partitionAtLeast(s []Scored, p float64) int {
	n := 0
	for i := range s {
		x := s[i]
		s[i] = s[n]
		s[n] = x
		n += b2i(x.Score >= p)
	}
	return n
}

// b2i returns 1 for true, else 0.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// highestRanks reorders s, whose ranks are looked up, so that s[:m] hold
// its m highest ranks, in no order: a quickselect, where sorting the
// documents tied at the k-th place (often hundreds) took a fifth of the
// top k's time in a full-scale profile.
func highestRanks(s []Scored, m int) {
	lo, hi := 0, len(s)
	for hi-lo > 1 {
		p := s[lo+(hi-lo)/2].Rank
		// Afterwards ranks of s[lo:lt] are above p, of s[lt:gt] p, of
		// s[gt:hi] below.
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch r := s[i].Rank; {
			case r > p:
				s[lt], s[i] = s[i], s[lt]
				lt++
				i++
			case r < p:
				gt--
				s[i], s[gt] = s[gt], s[i]
			default:
				i++
			}
		}
		switch {
		case m < lt:
			hi = lt
		case m > gt:
			lo = gt
		default:
			return
		}
	}
}

// sorted empties t and returns its documents best first. Ranks are
// looked up for the documents whose score another one shares.
func (t *topK) sorted() []Scored {
	t.selectBest()
	out := slices.Clone(t.buf)
	sortScores(out, 2*bits.Len(uint(len(out))))
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && out[j].Score == out[i].Score {
			j++
		}
		if j-i > 1 {
			tie := out[i:j]
			for x := range tie {
				t.rank(&tie[x])
			}
			slices.SortFunc(tie, func(a, b Scored) int { return cmp.Compare(b.Rank, a.Rank) })
		}
		i = j
	}
	t.buf = t.buf[:0]
	return out
}

// sortScores sorts s by score descending, equal scores in no order: a
// quicksort partitioning as selectBest does, which settles a run of equal
// scores (most of a top 1000 shares its score with others) in one step,
// where slices.SortFunc called a function per comparison. Below depth 0
// it leaves the rest to slices.SortFunc.
func sortScores(s []Scored, depth int) {
	for len(s) > 12 {
		if depth == 0 {
			slices.SortFunc(s, func(a, b Scored) int { return cmp.Compare(b.Score, a.Score) })
			return
		}
		depth--
		a, b, c := s[0].Score, s[len(s)/2].Score, s[len(s)-1].Score
		p := max(min(a, b), min(max(a, b), c)) // the median of three
		lt := partitionAbove(s, p)
		gt := lt + partitionAtLeast(s[lt:], p)
		// The smaller side first, the larger in this loop.
		if lt < len(s)-gt {
			sortScores(s[:lt], depth)
			s = s[gt:]
		} else {
			sortScores(s[gt:], depth)
			s = s[:lt]
		}
	}
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Score > s[j-1].Score; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
