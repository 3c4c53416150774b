// Package search scores the documents of a lexical index (package
// retrieval/lexical) for a query: its terms analysed as the index's text
// was (Searcher.Terms), each term's postings walked by a cursor a block at
// a time, the documents scored in windows with MaxScore and block-max
// pruning, on several cores for large queries (Searcher.Run), and the best
// k kept (topK). It also scores the pair unit from the sentences
// (RetrievePairs), expands queries from feedback documents (Expand) and
// restricts them to Boolean matches (Allowed). The models and their
// length tables are here; lexical's Ranking chooses among them (Params).
package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// A Searcher answers queries on an index: it analyses them with the
// index's analysis (stemming and stopping them as the index was), and
// scores a unit's documents from the postings (Run, Pairs), with what a
// Ranking of package lexical asks for (Params). It caches per field the
// functions of the length it tabulates and the terms' exact bounds, and
// the pair unit's grouping of sentences. It is safe for concurrent use.
type Searcher struct {
	d         *index.Data
	stop      map[string]bool              // frequency-based stop words
	stem      func(string) string          // Krovetz stemming of query terms; nil without
	analyzers sync.Pool                    // *analysis.Analyzer, clones of the index's
	tables    map[*index.Field]*tableCache // per field: its length tables and exact bounds
	// BoundDF is the document frequency from which MaxScore uses a term's
	// exact upper bound (exactBoundDF); tests lower it.
	BoundDF uint32
	// ScoreParts is the number of document ranges a query is scored in
	// at once; 0 lets scoringParts choose. Tests set it.
	ScoreParts int
	// windows is how the scoring loop takes its windows
	// (windowsAdaptive); tests force one way.
	windows int

	scratch sync.Pool // *rangeScratch, the memory a document range is scored with

	pairOnce sync.Once // the pair unit's grouping of sentences, made on first use
	pairs    *pairGroups
	pairErr  error
}

// New returns a Searcher of the index d. It fails only if d's analysis is
// invalid.
func New(d *index.Data) (*Searcher, error) {
	s := &Searcher{d: d, stop: map[string]bool{}, tables: map[*index.Field]*tableCache{}, BoundDF: exactBoundDF}
	for _, u := range d.Units {
		for _, f := range u.Fields {
			s.tables[f] = &tableCache{}
		}
	}
	for _, w := range d.Meta.Stopwords {
		s.stop[w] = true
	}
	an := d.Meta.Analysis
	if an.Stem == "krovetz" {
		s.stem = analysis.KrovetzStemmer(d.Meta.Vocabulary)
	}
	proto, err := analysis.NewAnalyzer(an)
	if err != nil {
		return nil, fmt.Errorf("lexical: %w", err)
	}
	s.analyzers.New = func() any { return proto.Clone() }
	s.scratch.New = func() any { return &rangeScratch{} }
	return s, nil
}

// Params is what a search reads of a Ranking of package lexical, checked
// and with its defaults filled in: field for field, its Scoring, Fields,
// Query, PRF and PairTitle.
type Params struct {
	Scoring   Scoring
	Fields    FieldWeights
	Query     QueryWeights
	PRF       PRF
	PairTitle bool
}

// Scoring is lexical's Scoring: the model ("bm25", "dirichlet",
// "lucene-dirichlet", "tfidf", "tfidf-ic", "dph") and its parameters.
type Scoring struct {
	Model           string
	K1, B, Mu       float64
	QuantizeLengths bool
}

// FieldWeights is lexical's FieldWeights: the weights of the argument
// unit's fields.
type FieldWeights struct {
	Conclusion, Premise, Title float64
}

// QueryWeights is lexical's QueryWeights: the weights of a query's parts.
type QueryWeights struct {
	Title, Description, Narrative float64
}

// PRF is lexical's PRF: pseudo-relevance feedback (Expand).
type PRF struct {
	Method         string // "" (none), "rm3" or "bo1"
	Docs           int
	Terms          int
	OriginalWeight float64
}

// The values of PRF.Method.
const (
	prfRM3 = "rm3"
	prfBo1 = "bo1"
)

// fieldWeight returns the weight of the field name: the argument unit's
// field weights, and 1 for the sentence unit's.
func (p *Params) fieldWeight(name string) float64 {
	switch name {
	case index.FieldConclusion:
		return p.Fields.Conclusion
	case index.FieldPremise:
		return p.Fields.Premise
	case index.FieldTitle:
		return p.Fields.Title
	}
	return 1
}

// A Term is an analysed query term and its weight.
type Term struct {
	Text   string
	Weight float64
}

// Scored is a document, its score and the rank of its id (Unit.Rank),
// which Run looks up only where it needs it to order equal scores
// (noRank where it did not).
type Scored struct {
	Doc   uint32
	Rank  uint32
	Score float64
}

// Hits turns scored documents of ud into hits, finding the ids of many
// on all cores. Ids that fail their check give an error wrapping
// index.ErrCorrupt.
func Hits(ud *index.Unit, res []Scored) ([]retrieval.Hit, error) {
	for _, r := range res {
		if err := ud.CheckID(r.Doc); err != nil {
			return nil, err
		}
	}
	hits := make([]retrieval.Hit, len(res))
	fill := func(lo, hi int) {
		for b := lo; b < hi; b += idBatch {
			e := min(b+idBatch, hi)
			// The first byte of each id's restart is read before any is
			// decoded, so that their cache misses overlap.
			var sink byte
			for _, r := range res[b:e] {
				sink ^= ud.IDData[ud.IDRestart[r.Doc/index.IDEvery]]
			}
			runtime.KeepAlive(sink)
			for i := b; i < e; i++ {
				hits[i] = retrieval.Hit{ID: ud.ID(res[i].Doc), Score: res[i].Score}
			}
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

// parallelIDs is the fewest hits per core for which Hits finds ids on
// several cores.
const parallelIDs = 256

// idBatch is the number of ids whose first bytes Hits reads before it
// decodes them.
const idBatch = 64

// Terms analyses the parts of q that p weighs, and stems and stops their
// terms as the index did. A term occurring several times gets the sum of
// its weights; terms keep the order of their first occurrence.
func (s *Searcher) Terms(p *Params, q retrieval.Query) []Term {
	z := s.analyzers.Get().(*analysis.Analyzer)
	defer s.analyzers.Put(z)
	var terms []Term
	at := map[string]int{}
	add := func(text string, w float64) {
		if w == 0 {
			return
		}
		z.Each(text, func(_ int, t string) {
			if s.stem != nil {
				t = s.stem(t)
			}
			if s.stop[t] {
				return
			}
			if i, ok := at[t]; ok {
				terms[i].Weight += w
				return
			}
			at[t] = len(terms)
			terms = append(terms, Term{t, w})
		})
	}
	add(q.Text, p.Query.Title)
	add(q.Description, p.Query.Description)
	add(q.Narrative, p.Query.Narrative)
	return terms
}

// Run scores, document at a time, the documents of ud matching terms (and,
// if allow is not nil, in allow) as p says, and returns the best k, best
// first (equal scores by id descending). A malformed posting list gives an
// error wrapping index.ErrCorrupt; a cancelled ctx, one wrapping
// ctx.Err().
func (s *Searcher) Run(ctx context.Context, ud *index.Unit, p *Params, terms []Term, k int, allow []uint64) ([]Scored, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	sc := p.Scoring
	model := sc.Model
	kind := modelKind(model)
	ndocs := uint64(ud.Docs())
	checkTerms(ud, terms, p.fieldWeight, parallelCheck)
	var cs []*cursor
	var dir []dirField
	for _, f := range ud.Fields {
		fw := p.fieldWeight(f.Name)
		if fw == 0 || f.DocCount == 0 {
			continue
		}
		n := float64(f.DocCount)
		tc := s.tables[f]
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
			id := f.Lookup(qt.Text)
			if id < 0 {
				continue
			}
			c := &cursor{w: fw * qt.Weight, lt: lt, kind: kind}
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
				df.qlen += qt.Weight
				df.base += qt.Weight * math.Log(ttf/float64(f.SumTTF))
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
			if kind != kindDirichlet && (f.DF[id] >= s.BoundDF || kind == kindDPH) && c.w > 0 {
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
	q := &scoring{ud: ud, k: k, allow: allow, cum: cum, dir: dir, dirMax: dirMax, ndocs: ndocs, windows: s.windows, pool: &s.scratch}
	parts := s.ScoreParts
	if parts == 0 {
		parts = scoringParts(ndocs, cs)
	}
	if parts <= 1 {
		return q.docs(ctx, cs, 0, ndocs, nil)
	}
	return q.parallel(ctx, cs, ndocs, parts)
}
