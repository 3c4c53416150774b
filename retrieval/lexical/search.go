package lexical

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// A qterm is an analysed query term and its weight.
type qterm struct {
	term string
	w    float64
}

// scored is a document, the rank of its id (unitData.idRank) and its
// score.
type scored struct {
	doc   uint32
	rank  uint32
	score float64
}

// Retrieve returns the k best documents of the configured unit for q,
// scored by the configured model (see Ranking). An empty query, or one whose
// terms are all stop words or unknown, gives no hits and no error; k <= 0
// gives an error wrapping retrieval.ErrK; a nil ctx is an error, a cancelled
// one an error wrapping ctx.Err(). Equal scores are ordered by id descending.
func (x *Index) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if err := nilctx.Check(ctx, "lexical: Index.Retrieve"); err != nil {
		return nil, err
	}
	if err := retrieval.CheckK(k); err != nil {
		return nil, err
	}
	x.d.use.RLock()
	defer x.d.use.RUnlock()
	if x.d.closed {
		return nil, fmt.Errorf("lexical: retrieve: %w", ErrClosed)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("lexical: retrieve: %w", err)
	}
	if x.search.Unit == "pair" {
		return x.retrievePairs(ctx, q, k)
	}
	ud := x.d.Unit(string(x.search.Unit))
	allow, err := x.allowed(ud, q)
	if err != nil {
		return nil, err
	}
	if x.search.Boolean {
		q.Text = strings.ReplaceAll(q.Text, booleanAnd, " ")
	}
	terms := x.queryTerms(q)
	res, err := x.run(ctx, ud, terms, k, allow)
	if err != nil {
		return nil, err
	}
	if x.search.PRF.Method != prfNone && len(terms) > 0 {
		fb := res
		if x.search.PRF.Docs != k {
			if fb, err = x.run(ctx, ud, terms, max(x.search.PRF.Docs, 1), allow); err != nil {
				return nil, err
			}
		}
		fb = fb[:min(len(fb), x.search.PRF.Docs)]
		if len(fb) > 0 {
			if terms, err = x.expand(ud, terms, fb); err != nil {
				return nil, err
			}
			if res, err = x.run(ctx, ud, terms, k, allow); err != nil {
				return nil, err
			}
		}
	}
	return hitsOf(ud, res)
}

// hitsOf turns scored documents of ud into hits, finding the ids of many
// on all cores. Ids that fail their check give an error wrapping
// errCorrupt.
func hitsOf(ud *index.Unit, res []scored) ([]retrieval.Hit, error) {
	for _, r := range res {
		if err := ud.CheckID(r.doc); err != nil {
			return nil, err
		}
	}
	hits := make([]retrieval.Hit, len(res))
	fill := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			hits[i] = retrieval.Hit{ID: ud.ID(res[i].doc), Score: res[i].score}
		}
	}
	parts := min(runtime.GOMAXPROCS(0), len(res)/parallelIDs)
	if parts <= 1 {
		fill(0, len(res))
		return hits, nil
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { fill(len(res)*p/parts, len(res)*(p+1)/parts) })
	}
	wg.Wait()
	return hits, nil
}

// parallelIDs is the fewest hits per core for which hitsOf finds ids on
// several cores.
const parallelIDs = 256

// queryTerms analyses the parts of q the Ranking asks for. A term occurring
// several times gets the sum of its weights; terms keep the order of their
// first occurrence.
func (x *Index) queryTerms(q retrieval.Query) []qterm {
	z := x.d.analyzers.Get().(*analysis.Analyzer)
	defer x.d.analyzers.Put(z)
	var terms []qterm
	at := map[string]int{}
	add := func(text string, w float64) {
		if w == 0 {
			return
		}
		z.Each(text, func(_ int, t string) {
			if x.d.stem != nil {
				t = x.d.stem(t)
			}
			if x.d.stop[t] {
				return
			}
			if i, ok := at[t]; ok {
				terms[i].w += w
				return
			}
			at[t] = len(terms)
			terms = append(terms, qterm{t, w})
		})
	}
	add(q.Text, x.search.Query.Title)
	add(q.Description, x.search.Query.Description)
	add(q.Narrative, x.search.Query.Narrative)
	return terms
}

// run scores, document at a time, all documents matching terms (and, if
// allow is not nil, in allow) and returns the best k.
func (x *Index) run(ctx context.Context, ud *index.Unit, terms []qterm, k int, allow []uint64) ([]scored, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	sc := x.search.Scoring
	model := sc.Model
	kind := modelKind(model)
	ndocs := uint64(ud.Docs())
	checkTerms(ud, terms, x.search.fieldWeight, parallelCheck)
	var cs []*cursor
	var dir []dirField
	for _, f := range ud.Fields {
		fw := x.search.fieldWeight(f.Name)
		if fw == 0 || f.DocCount == 0 {
			continue
		}
		n := float64(f.DocCount)
		tc := x.d.tables[f]
		var lt []float64
		switch kind {
		case kindBM25:
			lt = tc.lengthTable(f, tableBM25, sc)
		case kindTFIDF:
			lt = tc.lengthTable(f, tableTFIDF, sc)
		case kindLuceneDirichlet, kindDirichlet:
			lt = tc.lengthTable(f, tableDirichlet, sc)
		case kindDPH:
			lt = tc.lengthTable(f, tableLength, sc)
		}
		df := dirField{fw: fw, lt: lt, f: f}
		for _, qt := range terms {
			id := f.Lookup(qt.term)
			if id < 0 {
				continue
			}
			c := &cursor{w: fw * qt.w, lt: lt, kind: kind}
			dfreq, ttf := float64(f.DF[id]), float64(f.TTF[id])
			switch kind {
			case kindBM25:
				c.c = c.w * math.Log(1+(n-dfreq+0.5)/(dfreq+0.5))
			case kindTFIDF:
				c.c = c.w * (1 + math.Log((n+1)/(dfreq+1)))
				if model == "tfidf-ic" {
					c.c *= math.Log1p(dfreq) / math.Log1p(n)
				}
			case kindLuceneDirichlet:
				c.mp = sc.Mu * (ttf + 1) / (float64(f.SumTTF) + 1)
			case kindDirichlet:
				c.mp = sc.Mu * ttf / float64(f.SumTTF)
				df.qlen += qt.w
				df.base += qt.w * math.Log(ttf/float64(f.SumTTF))
			case kindDPH:
				c.c = float64(f.SumTTF) / ttf // avgdl·N/ttf
			}
			c.one = math.Log(1 + 1/c.mp)
			c.ub = c.bound(float64(f.MaxTF[id]), f.MinDL)
			// Long lists get the exact bound, computed once per term and
			// scoring setting and cached: the largest contribution the term
			// makes to any document, per unit of query weight.
			// DPH's bound from the statistics alone is loose, so every
			// DPH term gets the exact one.
			if kind != kindDirichlet && (f.DF[id] >= x.d.boundDF || kind == kindDPH) && c.w > 0 {
				b, err := tc.exactBound(f, id, model, sc, c)
				if err != nil {
					return nil, fmt.Errorf("lexical: retrieve: %w", err)
				}
				c.ub = c.w * b
			}
			c.ub *= 1 + 1e-9 // a margin for rounding
			if err := c.reset(f, id, ndocs); err != nil {
				return nil, fmt.Errorf("lexical: retrieve: %w", err)
			}
			cs = append(cs, c)
		}
		if df.qlen > 0 {
			dir = append(dir, df)
		}
	}
	// dirMax bounds the length part of a textbook Dirichlet score from
	// above (it is largest for the shortest document); 0 for the other
	// models.
	dirMax := 0.0
	for _, d := range dir {
		m := d.lt[d.f.MinDL]
		if d.f.DocCount < d.f.Docs() {
			m = d.lt[0] // some documents have an empty field
		}
		dirMax += d.fw * (d.base + d.qlen*m)
	}
	dirMax += 1e-9 * math.Abs(dirMax) // a margin for rounding
	// MaxScore (Turtle & Flood 1995): cursors sorted by the upper bound of
	// their contribution; once the k-th best score θ exceeds the sum of
	// the bounds of cursors [0, ess) (plus dirMax), documents only those
	// cursors match cannot enter the top k, so candidates come from
	// cursors [ess, n) and the others are only probed. A probe first
	// checks the bound of the block the document would be in (block-max
	// MaxScore), and skips decoding the block if that rules it out.
	slices.SortStableFunc(cs, func(a, b *cursor) int { return cmp.Compare(a.ub, b.ub) })
	cum := make([]float64, len(cs)+1) // cum[i]: the bounds of cursors [0, i)
	for i, c := range cs {
		cum[i+1] = cum[i] + c.ub
	}
	q := &scoring{ud: ud, k: k, allow: allow, cum: cum, dir: dir, dirMax: dirMax}
	parts := x.d.scoreParts
	if parts == 0 {
		parts = scoringParts(ndocs, cs)
	}
	if parts <= 1 {
		return q.docs(ctx, cs, 0, ndocs, nil)
	}
	return q.parallel(ctx, cs, ndocs, parts)
}

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
func (q *scoring) parallel(ctx context.Context, cs []*cursor, ndocs uint64, parts int) ([]scored, error) {
	var bar sharedBar
	bar.bits.Store(math.Float64bits(math.Inf(-1)))
	res := make([][]scored, parts)
	errs := make([]error, parts)
	bounds := make([]uint64, parts+1)
	cursors := make([][]*cursor, parts)
	for p := range parts {
		bounds[p+1] = ndocs * uint64(p+1) / uint64(parts)
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
	// Each range's best are sorted: merge them.
	out := make([]scored, 0, q.k)
	for len(out) < q.k {
		best := -1
		for p, r := range res {
			if len(r) > 0 && (best < 0 || better(r[0], res[best][0])) {
				best = p
			}
		}
		if best < 0 {
			break
		}
		out = append(out, res[best][0])
		res[best] = res[best][1:]
	}
	return out, nil
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

// docs scores, document at a time, the documents in [start, end) matching
// cursors cs (positioned at or after start) and returns their best k. If
// bar is not nil, it shares θ with the other ranges of the query.
func (q *scoring) docs(ctx context.Context, cs []*cursor, start, end uint64, bar *sharedBar) ([]scored, error) {
	ud, k, allow, cum, dir, dirMax := q.ud, q.k, q.allow, q.cum, q.dir, q.dirMax
	ess := 0
	theta := math.Inf(-1) // the k-th best score so far, minus dirMax
	// cut is θ less a margin for the rounding of partial scores, which
	// are summed in another order than the final ones: a document whose
	// bound is below cut cannot enter the top k.
	cut := theta
	h := newTopK(ud, k)
	// Documents are taken a window at a time: the essential cursors add
	// their contributions to the window's documents (con, acc, seen), then
	// the documents they matched are completed in order.
	n := len(cs)
	con := make([]float64, n*window) // con[i*window+j]: cursor i's contribution to document lo+j
	acc := make([]float64, window)   // the sum of the essential contributions
	var seen [window / 64]uint64
	nc := make([]float64, n) // the non-essential contributions to a document
	for iter := 0; ; iter++ {
		if iter&0xff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("lexical: retrieve: %w", err)
			}
		}
		if bar != nil {
			if t := math.Float64frombits(bar.bits.Load()); t > theta {
				theta = t
				cut = theta - 1e-9*(math.Abs(theta)+math.Abs(dirMax))
				for ess < n && cum[ess+1] < cut {
					ess++
				}
			}
		}
		lo := end
		for _, c := range cs[ess:] {
			lo = min(lo, c.doc)
		}
		if lo >= end {
			break
		}
		hi := min(lo+window, end)
		for i := ess; i < n; i++ {
			cs[i].accumulate(lo, hi, con[i*window:(i+1)*window], acc, &seen)
		}
		wess := ess // the window's essential cursors, which θ may outgrow
		for w, m := range seen {
			for m != 0 {
				j := w*64 + bits.TrailingZeros64(m)
				m &= m - 1
				doc := lo + uint64(j)
				score := acc[j]
				acc[j] = 0
				pruned := allow != nil && allow[doc/64]&(1<<(doc%64)) == 0
				for i := wess - 1; i >= 0 && !pruned; i-- {
					nc[i] = 0
					if score+cum[i+1] < cut {
						pruned = true
						break
					}
					c := cs[i]
					if c.doc < doc {
						if !c.shallow(doc) {
							continue
						}
						if score+c.blockBound()+cum[i] < cut {
							pruned = true
							break
						}
						c.advance(doc)
					}
					if c.doc == doc {
						nc[i] = c.contribution()
						score += nc[i]
						c.next()
					}
				}
				if pruned || score < cut {
					for i := wess; i < n; i++ {
						con[i*window+j] = 0
					}
					continue
				}
				// The score is summed in cursor order, so that it does
				// not depend on which cursors were essential (nor,
				// through θ, on k).
				score = 0
				for i := range wess {
					score += nc[i]
				}
				for i := wess; i < n; i++ {
					score += con[i*window+j]
					con[i*window+j] = 0
				}
				for _, d := range dir {
					score += d.fw * (d.base + d.qlen*d.lt[d.f.Length(doc)])
				}
				if h.offer(uint32(doc), score) && h.bar-dirMax > theta {
					theta = h.bar - dirMax
					cut = theta - 1e-9*(math.Abs(theta)+math.Abs(dirMax))
					if bar != nil {
						bar.raise(theta)
					}
				}
			}
			seen[w] = 0
		}
		for ess < n && cum[ess+1] < cut {
			ess++
		}
	}
	return h.sorted(), nil
}

// Length-table kinds.
const (
	tableBM25      = iota // k1·(1 − b + b·dl/avgdl)
	tableTFIDF            // 1/√dl
	tableDirichlet        // ln(μ/(dl + μ))
	tableLength           // dl itself (quantized or not), for DPH
)

type tableKey struct {
	kind  int
	a, b  float64
	quant bool
}

type tableCache struct {
	mu     sync.Mutex
	m      map[tableKey][]float64
	bounds map[boundKey]float64
}

// lengthTable returns a function of the document length, tabulated for
// every length of the field (so the scoring loops do no transcendental
// arithmetic per document).
func (tc *tableCache) lengthTable(f *index.Field, kind int, sc Scoring) []float64 {
	key := tableKey{kind: kind, quant: sc.QuantizeLengths}
	switch kind {
	case tableBM25:
		key.a, key.b = sc.K1, sc.B
	case tableDirichlet:
		key.a = sc.Mu
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if t, ok := tc.m[key]; ok {
		return t
	}
	t := lengthValues(kind, sc, float64(f.SumTTF)/float64(max(f.DocCount, 1)), f.MaxDL)
	if tc.m == nil {
		tc.m = map[tableKey][]float64{}
	}
	tc.m[key] = t
	return t
}

// lengthValues tabulates a length-table kind for the lengths 0 to maxDL
// of a field whose average length is avgdl.
func lengthValues(kind int, sc Scoring, avgdl float64, maxDL uint32) []float64 {
	t := make([]float64, maxDL+1)
	for n := range t {
		dl := uint32(n)
		if sc.QuantizeLengths {
			dl = quantizeLength(dl)
		}
		l := float64(dl)
		switch kind {
		case tableBM25:
			t[n] = sc.K1 * (1 - sc.B + sc.B*l/avgdl)
		case tableTFIDF:
			if l > 0 {
				t[n] = 1 / math.Sqrt(l)
			}
		case tableDirichlet:
			t[n] = math.Log(sc.Mu / (l + sc.Mu))
		case tableLength:
			t[n] = l
		}
	}
	return t
}

// A topK keeps the k best documents offered: by score descending, then id
// descending (rank descending). Documents are collected in a buffer of 2k;
// when it is full, the best k are selected and the rest dropped, and the
// k-th best score becomes the bar an offer must reach. The rank of a
// document's id is looked up only then, so an offer is an append.
type topK struct {
	ud  *index.Unit
	k   int
	buf []scored
	bar float64 // the k-th best score at the last selection; -Inf before
}

func newTopK(ud *index.Unit, k int) *topK {
	return &topK{ud: ud, k: k, buf: make([]scored, 0, 2*min(k, 1<<20)), bar: math.Inf(-1)}
}

// better reports whether a ranks before b.
func better(a, b scored) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.rank > b.rank
}

// offer offers document doc with score, and reports whether the bar rose.
func (t *topK) offer(doc uint32, score float64) bool {
	if score < t.bar {
		return false
	}
	t.buf = append(t.buf, scored{doc: doc, score: score})
	if len(t.buf) < cap(t.buf) {
		return false
	}
	t.selectBest()
	return true
}

// selectBest keeps the k best documents of the buffer and sets the bar.
func (t *topK) selectBest() {
	for i := range t.buf {
		t.buf[i].rank = t.ud.IDRank[t.buf[i].doc]
	}
	if len(t.buf) <= t.k {
		return
	}
	s := t.buf
	// Quickselect (Hoare partition; better is a total order, as ranks
	// differ): afterwards s[:k] are the k best.
	lo, hi := 0, len(s)-1
	for lo < hi {
		p := s[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for better(s[i], p) {
				i++
			}
			for better(p, s[j]) {
				j--
			}
			if i <= j {
				s[i], s[j] = s[j], s[i]
				i++
				j--
			}
		}
		switch {
		case t.k-1 <= j:
			hi = j
		case t.k-1 >= i:
			lo = i
		default:
			lo = hi
		}
	}
	t.buf = s[:t.k]
	t.bar = math.Inf(1)
	for _, x := range t.buf {
		t.bar = min(t.bar, x.score)
	}
}

// sorted empties t and returns its documents best first.
func (t *topK) sorted() []scored {
	t.selectBest()
	out := slices.Clone(t.buf)
	slices.SortFunc(out, func(a, b scored) int {
		if better(a, b) {
			return -1
		}
		return 1
	})
	t.buf = t.buf[:0]
	return out
}

// exactBoundDF is the document frequency from which MaxScore uses a term's
// exact, cached upper bound rather than one derived from its largest
// frequency and the field's shortest document.
const exactBoundDF = 4096

type boundKey struct {
	table tableKey
	model Model
	term  int
}

// exactBound returns the largest contribution term id makes to a document
// of f with unit query weight, under model and sc; proto is a cursor of
// the term set up for the query (weight c.w).
func (tc *tableCache) exactBound(f *index.Field, id int, model Model, sc Scoring, proto *cursor) (float64, error) {
	key := boundKey{tableKey{a: sc.K1, b: sc.B, quant: sc.QuantizeLengths}, model, id}
	if model != "bm25" {
		key.table.a, key.table.b = sc.Mu, 0
	}
	tc.mu.Lock()
	v, ok := tc.bounds[key]
	tc.mu.Unlock()
	if ok {
		return v, nil
	}
	c := *proto
	c.w = 1
	if c.kind != kindDPH { // c.c is w·idf; DPH's holds no weight
		c.c = proto.c / proto.w
	}
	best := 0.0
	if err := c.reset(f, id, uint64(f.Docs())); err != nil {
		return 0, err
	}
	// A block whose bound (from its largest frequency and shortest
	// document) does not exceed the best so far is not decoded.
	for ; c.blk < len(c.blocks); c.blk++ {
		if c.blockBound() <= best {
			continue
		}
		c.load()
		for i := range c.n {
			if c.tfs[i] == 1 && c.dl8[c.docs[i]] < 255 {
				best = max(best, c.one1[c.dl8[c.docs[i]]])
			} else {
				best = max(best, c.score(float64(c.tfs[i]), c.f.Length(uint64(c.docs[i]))))
			}
		}
	}
	tc.mu.Lock()
	if tc.bounds == nil {
		tc.bounds = map[boundKey]float64{}
	}
	tc.bounds[key] = best
	tc.mu.Unlock()
	return best, nil
}
