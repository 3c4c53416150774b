package search

import (
	"math"
	"sync"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

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
		case tableLength:
			t[n] = l
		}
	}
	return t
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
func (tc *tableCache) exactBound(f *index.Field, id int, model string, sc Scoring, proto *cursor) (float64, error) {
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
