package lexical

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/retrieval"
)

// A qterm is an analysed query term and its weight.
type qterm struct {
	term string
	w    float64
}

// scored is a document and its score.
type scored struct {
	doc   uint32
	score float64
}

// Retrieve returns the k best documents of the configured unit for q,
// scored by the configured model (see Search). An empty query, or one whose
// terms are all stop words or unknown, gives no hits and no error; k <= 0
// gives an error wrapping retrieval.ErrK; a cancelled ctx an error wrapping
// ctx.Err(). Equal scores are ordered by id descending.
func (x *Index) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if err := retrieval.CheckK(k); err != nil {
		return nil, err
	}
	if x.d.closed.Load() {
		return nil, fmt.Errorf("lexical: retrieve: %w", ErrClosed)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("lexical: retrieve: %w", err)
	}
	ud := x.d.unit(x.search.Unit)
	terms := x.queryTerms(q)
	res, err := x.run(ctx, ud, terms, k)
	if err != nil {
		return nil, err
	}
	if x.search.PRF.Method != PRFNone && len(terms) > 0 {
		fb := res
		if x.search.PRF.Docs != k {
			if fb, err = x.run(ctx, ud, terms, max(x.search.PRF.Docs, 1)); err != nil {
				return nil, err
			}
		}
		fb = fb[:min(len(fb), x.search.PRF.Docs)]
		if len(fb) > 0 {
			terms = x.expand(ud, terms, fb)
			if res, err = x.run(ctx, ud, terms, k); err != nil {
				return nil, err
			}
		}
	}
	hits := make([]retrieval.Hit, len(res))
	for i, r := range res {
		hits[i] = retrieval.Hit{ID: ud.id(r.doc), Score: r.score}
	}
	return hits, nil
}

// queryTerms analyses the parts of q the Search asks for. A term occurring
// several times gets the sum of its weights; terms keep the order of their
// first occurrence.
func (x *Index) queryTerms(q retrieval.Query) []qterm {
	z := x.d.analyzers.Get().(*Analyzer)
	defer x.d.analyzers.Put(z)
	var terms []qterm
	at := map[string]int{}
	add := func(text string, w float64) {
		if w == 0 {
			return
		}
		z.each(text, func(e *termEntry) {
			t := e.term
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

// A cursor walks one query term's postings in one field.
type cursor struct {
	p     []byte
	doc   uint64 // current document; ndocs when exhausted
	tf    float64
	w     float64 // query weight times field weight
	c     float64 // BM25, TF-IDF: w·idf
	mp    float64 // Dirichlet: μ·P(t|C)
	one   float64 // Dirichlet: log(1 + 1/mp)
	lt    []float64
	f     *fieldData
	ndocs uint64
	ub    float64 // upper bound of the cursor's contribution (MaxScore)
	err   error
}

// advance moves to the first posting at or after target.
func (c *cursor) advance(target uint64) {
	for c.doc < target {
		c.next(c.doc, false)
	}
}

// contribution returns the cursor's score for its current document.
func (c *cursor) contribution(model string, doc uint64) float64 {
	tf := c.tf
	switch model {
	case ModelBM25:
		return c.c * tf / (tf + c.lt[c.f.length(doc)])
	case ModelTFIDF:
		if tf == 1 {
			return c.c * c.lt[c.f.length(doc)]
		}
		return c.c * math.Sqrt(tf) * c.lt[c.f.length(doc)]
	case ModelLuceneDirichlet:
		l := c.one
		if tf != 1 {
			l = math.Log(1 + tf/c.mp)
		}
		return c.w * max(0, l+c.lt[c.f.length(doc)])
	default: // ModelDirichlet
		l := c.one
		if tf != 1 {
			l = math.Log(1 + tf/c.mp)
		}
		return c.w * l
	}
}

// next moves to the next posting.
func (c *cursor) next(prev uint64, first bool) {
	if len(c.p) == 0 {
		c.doc = c.ndocs
		return
	}
	x, m := uvarint(c.p)
	if m <= 0 {
		c.fail()
		return
	}
	c.p = c.p[m:]
	c.tf = 1
	if x&1 == 0 {
		y, m := uvarint(c.p)
		if m <= 0 {
			c.fail()
			return
		}
		c.p = c.p[m:]
		c.tf = float64(y)
	}
	if first {
		c.doc = x >> 1
	} else {
		c.doc = prev + x>>1
	}
	if c.doc >= c.ndocs {
		c.fail()
	}
}

func (c *cursor) fail() {
	c.err = fmt.Errorf("lexical: bad posting list: %w", ErrCorrupt)
	c.doc, c.p = c.ndocs, nil
}

// run scores, document at a time, all documents matching terms and
// returns the best k.
func (x *Index) run(ctx context.Context, ud *unitData, terms []qterm, k int) ([]scored, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	sc := x.search.Scoring
	model := sc.Model
	ndocs := uint64(ud.docs())
	var cs []*cursor
	// Textbook Dirichlet: per field, the query length and Σ w·log P(t|C)
	// over the query terms the field knows.
	type dirField struct {
		fw, qlen, base float64
		lt             []float64
		f              *fieldData
	}
	var dir []dirField
	for _, f := range ud.fields {
		fw := x.search.fieldWeight(f.name)
		if fw == 0 || f.docCount == 0 {
			continue
		}
		n := float64(f.docCount)
		var lt []float64
		switch model {
		case ModelBM25:
			lt = f.lengthTable(tableBM25, sc)
		case ModelTFIDF:
			lt = f.lengthTable(tableTFIDF, sc)
		case ModelLuceneDirichlet, ModelDirichlet:
			lt = f.lengthTable(tableDirichlet, sc)
		}
		df := dirField{fw: fw, lt: lt, f: f}
		for _, qt := range terms {
			id := f.lookup(qt.term)
			if id < 0 {
				continue
			}
			c := &cursor{p: f.post[f.postOff[id]:f.postOff[id+1]], w: fw * qt.w, lt: lt, f: f, ndocs: ndocs}
			dfreq, ttf := float64(f.df[id]), float64(f.ttf[id])
			switch model {
			case ModelBM25:
				c.c = c.w * math.Log(1+(n-dfreq+0.5)/(dfreq+0.5))
			case ModelTFIDF:
				c.c = c.w * (1 + math.Log((n+1)/(dfreq+1)))
			case ModelLuceneDirichlet:
				c.mp = sc.Mu * (ttf + 1) / (float64(f.sumTTF) + 1)
			case ModelDirichlet:
				c.mp = sc.Mu * ttf / float64(f.sumTTF)
				df.qlen += qt.w
				df.base += qt.w * math.Log(ttf/float64(f.sumTTF))
			}
			c.one = math.Log(1 + 1/c.mp)
			maxTF, minDL := float64(f.maxTF[id]), f.minDL
			switch model {
			case ModelBM25:
				c.ub = c.c * maxTF / (maxTF + lt[minDL])
			case ModelTFIDF:
				c.ub = c.c * math.Sqrt(maxTF) * lt[minDL]
			case ModelLuceneDirichlet:
				c.ub = c.w * max(0, math.Log(1+maxTF/c.mp)+lt[minDL])
			}
			// Long lists get the exact bound, computed once per term and
			// scoring setting and cached: the largest contribution the term
			// makes to any document, per unit of query weight.
			if model != ModelDirichlet && f.df[id] >= x.d.boundDF && c.w > 0 {
				c.ub = c.w * f.exactBound(id, model, sc, c)
			}
			c.ub *= 1 + 1e-9 // a margin for rounding
			c.next(0, true)
			cs = append(cs, c)
		}
		if df.qlen > 0 {
			dir = append(dir, df)
		}
	}
	// MaxScore (Turtle & Flood 1995): cursors sorted by the upper bound of
	// their contribution; once the k-th best score θ exceeds the sum of
	// the bounds of cursors [0, ess), documents only those cursors match
	// cannot enter the top k, so candidates come from cursors [ess, n)
	// and the others are only probed. Textbook Dirichlet adds a negative
	// length term to every document and is not pruned.
	prune := model != ModelDirichlet
	if prune {
		slices.SortStableFunc(cs, func(a, b *cursor) int { return cmp.Compare(a.ub, b.ub) })
	}
	cum := make([]float64, len(cs))
	for i, c := range cs {
		cum[i] = c.ub
		if i > 0 {
			cum[i] += cum[i-1]
		}
	}
	ess := 0
	theta := math.Inf(-1)
	contrib := make([]float64, len(cs))
	h := newTopK(ud, k)
	for iter := 0; ; iter++ {
		if iter&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("lexical: retrieve: %w", err)
			}
		}
		doc := ndocs
		for _, c := range cs[ess:] {
			doc = min(doc, c.doc)
		}
		if doc == ndocs {
			break
		}
		// contrib[i] is cursor i's contribution to doc, or 0; the score
		// is summed in cursor order, so that it does not depend on which
		// cursors were essential (nor, through θ, on k).
		score := 0.0
		for i := ess; i < len(cs); i++ {
			contrib[i] = 0
			if c := cs[i]; c.doc == doc {
				contrib[i] = c.contribution(model, doc)
				score += contrib[i]
				c.next(doc, false)
			}
		}
		pruned := false
		for i := ess - 1; i >= 0; i-- {
			contrib[i] = 0
			if score+cum[i] < theta {
				pruned = true
				break
			}
			c := cs[i]
			c.advance(doc)
			if c.doc == doc {
				contrib[i] = c.contribution(model, doc)
				score += contrib[i]
				c.next(doc, false)
			}
		}
		if pruned {
			continue
		}
		score = 0
		for _, v := range contrib {
			score += v
		}
		for _, d := range dir {
			score += d.fw * (d.base + d.qlen*d.lt[d.f.length(doc)])
		}
		h.offer(scored{uint32(doc), score})
		if prune && len(h.h) == k && h.h[0].score > theta {
			theta = h.h[0].score
			for ess < len(cs) && cum[ess] < theta {
				ess++
			}
		}
	}
	for _, c := range cs {
		if c.err != nil {
			return nil, c.err
		}
	}
	return h.sorted(), nil
}

// Length-table kinds.
const (
	tableBM25      = iota // k1·(1 − b + b·dl/avgdl)
	tableTFIDF            // 1/√dl
	tableDirichlet        // ln(μ/(dl + μ))
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
func (f *fieldData) lengthTable(kind int, sc Scoring) []float64 {
	key := tableKey{kind: kind, quant: sc.QuantizeLengths}
	switch kind {
	case tableBM25:
		key.a, key.b = sc.K1, sc.B
	case tableDirichlet:
		key.a = sc.Mu
	}
	f.tables.mu.Lock()
	defer f.tables.mu.Unlock()
	if t, ok := f.tables.m[key]; ok {
		return t
	}
	avgdl := float64(f.sumTTF) / float64(max(f.docCount, 1))
	t := make([]float64, f.maxDL+1)
	for n := range t {
		dl := uint32(n)
		if sc.QuantizeLengths {
			dl = QuantizeLength(dl)
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
		}
	}
	if f.tables.m == nil {
		f.tables.m = map[tableKey][]float64{}
	}
	f.tables.m[key] = t
	return t
}

// uvarint is binary.Uvarint, small enough to inline.
func uvarint(b []byte) (uint64, int) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	var x uint64
	var s uint
	for i, c := range b {
		if i == 10 {
			return 0, -1
		}
		if c < 0x80 {
			return x | uint64(c)<<s, i + 1
		}
		x |= uint64(c&0x7f) << s
		s += 7
	}
	return 0, 0
}

// A topK keeps the k best documents offered: by score descending, then id
// descending. Its slice is a heap whose root is the worst kept document.
type topK struct {
	ud *unitData
	k  int
	h  []scored
}

func newTopK(ud *unitData, k int) *topK { return &topK{ud: ud, k: k} }

// better reports whether a ranks before b.
func (t *topK) better(a, b scored) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return t.ud.compareIDs(a.doc, b.doc) > 0
}

func (t *topK) down(i int) {
	h := t.h
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		w := l
		if r := l + 1; r < len(h) && t.better(h[w], h[r]) {
			w = r
		}
		if !t.better(h[i], h[w]) {
			return
		}
		h[i], h[w] = h[w], h[i]
		i = w
	}
}

func (t *topK) offer(s scored) {
	if len(t.h) < t.k {
		t.h = append(t.h, s)
		for i := len(t.h) - 1; i > 0; {
			p := (i - 1) / 2
			if !t.better(t.h[p], t.h[i]) {
				break
			}
			t.h[p], t.h[i] = t.h[i], t.h[p]
			i = p
		}
		return
	}
	if s.score < t.h[0].score || !t.better(s, t.h[0]) {
		return
	}
	t.h[0] = s
	t.down(0)
}

// sorted empties t and returns its documents best first.
func (t *topK) sorted() []scored {
	out := make([]scored, len(t.h))
	for i := len(t.h) - 1; i >= 0; i-- {
		out[i] = t.h[0]
		t.h[0] = t.h[len(t.h)-1]
		t.h = t.h[:len(t.h)-1]
		t.down(0)
	}
	return out
}

// exactBoundDF is the document frequency from which MaxScore uses a term's
// exact, cached upper bound rather than one derived from its largest
// frequency and the field's shortest document.
const exactBoundDF = 4096

type boundKey struct {
	table tableKey
	model string
	term  int
}

// exactBound returns the largest contribution term id makes to a document
// of f with unit query weight, under model and sc; proto is a cursor of
// the term set up for the query (weight c.w).
func (f *fieldData) exactBound(id int, model string, sc Scoring, proto *cursor) float64 {
	key := boundKey{tableKey{a: sc.K1, b: sc.B, quant: sc.QuantizeLengths}, model, id}
	if model != ModelBM25 {
		key.table.a, key.table.b = sc.Mu, 0
	}
	f.tables.mu.Lock()
	v, ok := f.tables.bounds[key]
	f.tables.mu.Unlock()
	if ok {
		return v
	}
	c := *proto
	c.w, c.c = 1, proto.c/proto.w
	c.p = f.post[f.postOff[id]:f.postOff[id+1]]
	c.err = nil
	best := 0.0
	for c.next(0, true); c.doc < c.ndocs; c.next(c.doc, false) {
		best = max(best, c.contribution(model, c.doc))
	}
	if c.err != nil {
		return math.Inf(1) // no pruning on a damaged list; run reports it
	}
	f.tables.mu.Lock()
	if f.tables.bounds == nil {
		f.tables.bounds = map[boundKey]float64{}
	}
	f.tables.bounds[key] = best
	f.tables.mu.Unlock()
	return best
}
