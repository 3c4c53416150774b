package lexical

import (
	"context"
	"fmt"
	"math"
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

// An accumulator holds the scores of one query.
type accumulator struct {
	score   []float64
	seen    []uint64
	touched []uint32
}

func (a *accumulator) reset() {
	for _, d := range a.touched {
		a.score[d] = 0
		a.seen[d>>6] = 0
	}
	a.touched = a.touched[:0]
}

// run scores all documents matching terms and returns the best k.
func (x *Index) run(ctx context.Context, ud *unitData, terms []qterm, k int) ([]scored, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	pool := &x.d.accs[0]
	if ud.unit == UnitArgument {
		pool = &x.d.accs[1]
	}
	acc, _ := pool.Get().(*accumulator)
	if acc == nil {
		n := ud.docs()
		acc = &accumulator{score: make([]float64, n), seen: make([]uint64, (n+63)/64)}
	}
	defer func() {
		acc.reset()
		pool.Put(acc)
	}()
	sc := x.search.Scoring
	for _, f := range ud.fields {
		fw := x.search.fieldWeight(f.name)
		if fw == 0 {
			continue
		}
		if err := x.scoreField(ctx, acc, f, fw, terms, sc); err != nil {
			return nil, err
		}
	}
	if sc.Model == ModelDirichlet {
		for _, f := range ud.fields {
			fw := x.search.fieldWeight(f.name)
			if fw == 0 || f.sumTTF == 0 {
				continue
			}
			var qlen, base float64
			for _, t := range terms {
				if id := f.lookup(t.term); id >= 0 {
					qlen += t.w
					base += t.w * math.Log(float64(f.ttf[id])/float64(f.sumTTF))
				}
			}
			if qlen == 0 {
				continue
			}
			lt := f.lengthTable(tableDirichlet, sc)
			for _, d := range acc.touched {
				acc.score[d] += fw * (base + qlen*lt[f.dl[d]])
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("lexical: retrieve: %w", err)
	}
	return topK(ud, acc, k), nil
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
	mu sync.Mutex
	m  map[tableKey][]float64
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

// scoreField adds the scores of one field, weighted by fw, to acc.
func (x *Index) scoreField(ctx context.Context, acc *accumulator, f *fieldData, fw float64, terms []qterm, sc Scoring) error {
	if f.docCount == 0 {
		return nil
	}
	n := float64(f.docCount)
	var lt []float64
	switch sc.Model {
	case ModelBM25:
		lt = f.lengthTable(tableBM25, sc)
	case ModelTFIDF:
		lt = f.lengthTable(tableTFIDF, sc)
	case ModelLuceneDirichlet:
		lt = f.lengthTable(tableDirichlet, sc)
	}
	ndocs := uint64(len(f.dl))
	score, seen := acc.score, acc.seen
	for _, qt := range terms {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("lexical: retrieve: %w", err)
		}
		id := f.lookup(qt.term)
		if id < 0 {
			continue
		}
		w := fw * qt.w
		df := float64(f.df[id])
		ttf := float64(f.ttf[id])
		// Per model: c is the constant factor, one the score for f == 1
		// where it does not depend on the document.
		var c, mp float64
		switch sc.Model {
		case ModelBM25:
			c = w * math.Log(1+(n-df+0.5)/(df+0.5))
		case ModelTFIDF:
			c = w * (1 + math.Log((n+1)/(df+1)))
		case ModelLuceneDirichlet:
			mp = sc.Mu * (ttf + 1) / (float64(f.sumTTF) + 1)
		case ModelDirichlet:
			mp = sc.Mu * ttf / float64(f.sumTTF)
		}
		one := math.Log(1 + 1/mp)
		p := f.post[f.postOff[id]:f.postOff[id+1]]
		doc := uint64(0)
		first := true
		for len(p) > 0 {
			// Inlined readPosting, with bounds checks.
			x, m := uvarint(p)
			if m <= 0 {
				return fmt.Errorf("lexical: field %s: bad posting: %w", f.name, ErrCorrupt)
			}
			p = p[m:]
			tf := 1.0
			if x&1 == 0 {
				y, m := uvarint(p)
				if m <= 0 {
					return fmt.Errorf("lexical: field %s: bad posting: %w", f.name, ErrCorrupt)
				}
				p = p[m:]
				tf = float64(y)
			}
			if first {
				doc, first = x>>1, false
			} else {
				doc += x >> 1
			}
			if doc >= ndocs {
				return fmt.Errorf("lexical: field %s: posting beyond the last document: %w", f.name, ErrCorrupt)
			}
			var v float64
			switch sc.Model {
			case ModelBM25:
				v = c * tf / (tf + lt[f.dl[doc]])
			case ModelTFIDF:
				if tf == 1 {
					v = c * lt[f.dl[doc]]
				} else {
					v = c * math.Sqrt(tf) * lt[f.dl[doc]]
				}
			case ModelLuceneDirichlet:
				l := one
				if tf != 1 {
					l = math.Log(1 + tf/mp)
				}
				v = w * max(0, l+lt[f.dl[doc]])
			case ModelDirichlet:
				l := one
				if tf != 1 {
					l = math.Log(1 + tf/mp)
				}
				v = w * l
			}
			bit := uint64(1) << (doc & 63)
			if seen[doc>>6]&bit == 0 {
				seen[doc>>6] |= bit
				acc.touched = append(acc.touched, uint32(doc))
			}
			score[doc] += v
		}
	}
	return nil
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

// topK returns the k best touched documents, best first: by score
// descending, then id descending.
func topK(ud *unitData, acc *accumulator, k int) []scored {
	// better reports whether a ranks before b.
	better := func(a, b scored) bool {
		if a.score != b.score {
			return a.score > b.score
		}
		return ud.compareIDs(a.doc, b.doc) > 0
	}
	h := make([]scored, 0, min(k, len(acc.touched)))
	// h is a heap whose root is the worst kept document.
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			w := l
			if r := l + 1; r < len(h) && better(h[w], h[r]) {
				w = r
			}
			if !better(h[i], h[w]) {
				return
			}
			h[i], h[w] = h[w], h[i]
			i = w
		}
	}
	for _, d := range acc.touched {
		s := scored{d, acc.score[d]}
		if len(h) < k {
			h = append(h, s)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !better(h[p], h[i]) {
					break
				}
				h[p], h[i] = h[i], h[p]
				i = p
			}
			continue
		}
		if s.score < h[0].score || !better(s, h[0]) {
			continue
		}
		h[0] = s
		down(0)
	}
	// Pop everything: worst first.
	out := make([]scored, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = h[0]
		h[0] = h[len(h)-1]
		h = h[:len(h)-1]
		down(0)
	}
	return out
}
