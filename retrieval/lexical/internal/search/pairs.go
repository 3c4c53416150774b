package search

import (
	"context"
	"fmt"
	"math"

	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// pairGroups groups the sentence unit's documents by argument, for the
// pair unit. It is computed once per index, when a pair search first
// needs it.
type pairGroups struct {
	start    []uint32 // group g's sentences are the documents start[g] to start[g+1]−1
	length   []uint64 // per group: the sum of its sentences' lengths
	empty    []uint32 // per group: its sentences of length 0
	argument []int32  // per group: the argument unit's document of the group's argument, or −1
	group    []int32  // per argument document: its group, or −1
	pairs    int      // Σ n(n−1)/2 over the groups
	maxDL    uint32   // the longest sentence
}

// PairCount returns the number of pairs of two sentences of one argument
// (the documents of the pair unit), grouping the sentences by argument if
// no search has yet.
func (s *Searcher) PairCount() (int, error) {
	g, err := s.groups()
	if err != nil {
		return 0, err
	}
	return g.pairs, nil
}

// groups returns the grouping of the sentence unit by argument.
func (s *Searcher) groups() (*pairGroups, error) {
	s.pairOnce.Do(func() { s.pairs, s.pairErr = s.groupSentences() })
	return s.pairs, s.pairErr
}

func (s *Searcher) groupSentences() (*pairGroups, error) {
	su := s.d.Unit("sentence")
	if err := su.CheckAllIDs(); err != nil {
		return nil, err
	}
	if au := s.d.Unit("argument"); au != nil {
		if err := au.CheckAllIDs(); err != nil {
			return nil, err
		}
	}
	f := su.Fields[0]
	g := &pairGroups{}
	at := map[string]int32{} // argument id → group
	last := ""
	for doc := range uint32(su.Docs()) {
		arg, err := docid.Argument(su.ID(doc))
		if err != nil {
			return nil, fmt.Errorf("lexical: pair unit: %w", err)
		}
		if arg != last || doc == 0 {
			if _, ok := at[arg]; ok {
				return nil, fmt.Errorf("lexical: pair unit: the sentences of argument %s are not consecutive in the index: %w", quote.Q(arg), index.ErrCorrupt)
			}
			at[arg] = int32(len(g.start))
			g.start = append(g.start, doc)
			g.length = append(g.length, 0)
			g.empty = append(g.empty, 0)
			last = arg
		}
		n := f.Length(uint64(doc))
		g.length[len(g.length)-1] += uint64(n)
		if n == 0 {
			g.empty[len(g.empty)-1]++
		}
		g.maxDL = max(g.maxDL, n)
	}
	g.start = append(g.start, uint32(su.Docs()))
	for i := range len(g.start) - 1 {
		g.pairs += choose2(g.size(i))
	}
	g.argument = make([]int32, len(g.start)-1)
	for i := range g.argument {
		g.argument[i] = -1
	}
	if au := s.d.Unit("argument"); au != nil {
		g.group = make([]int32, au.Docs())
		for doc := range uint32(au.Docs()) {
			g.group[doc] = -1
			if i, ok := at[au.ID(doc)]; ok {
				g.group[doc] = i
				g.argument[i] = int32(doc)
			}
		}
	}
	return g, nil
}

func (g *pairGroups) size(i int) int { return int(g.start[i+1] - g.start[i]) }

func choose2(n int) int { return n * (n - 1) / 2 }

// pairHit is a pair of sentence documents and its score.
type pairHit struct {
	score float64
	a, b  uint32
}

// pairTop keeps the k best pairs: by score descending, then id descending.
type pairTop struct {
	su *index.Unit
	k  int
	h  []pairHit // a heap whose root is the worst kept pair
}

func (t *pairTop) id(p pairHit) string { return docid.Pair(t.su.ID(p.a), t.su.ID(p.b)) }

func (t *pairTop) better(p, q pairHit) bool {
	if p.score != q.score {
		return p.score > q.score
	}
	return t.id(p) > t.id(q)
}

func (t *pairTop) offer(p pairHit) {
	h := t.h
	if len(h) == t.k {
		if p.score < h[0].score || !t.better(p, h[0]) {
			return
		}
		h[0] = p
		t.down(0)
		return
	}
	t.h = append(h, p)
	for i := len(t.h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !t.better(t.h[parent], t.h[i]) {
			break
		}
		t.h[parent], t.h[i] = t.h[i], t.h[parent]
		i = parent
	}
}

func (t *pairTop) down(i int) {
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

// posting is a document and a term's frequency in it.
type posting struct {
	doc uint64
	tf  float64
}

// postings returns the postings of term t in f (none if f lacks it).
func postings(f *index.Field, t string, ndocs uint64) ([]posting, error) {
	id := f.Lookup(t)
	if id < 0 {
		return nil, nil
	}
	out := make([]posting, 0, f.DF[id])
	var c cursor
	if err := c.reset(f, id, ndocs); err != nil {
		return nil, fmt.Errorf("lexical: retrieve: %w", err)
	}
	for ; c.doc < ndocs; c.next() {
		out = append(out, posting{c.doc, c.tf})
	}
	return out, nil
}

// RetrievePairs is lexical's Retrieve for the unit "pair": every pair of
// two sentences of one argument is scored as the document of their two
// texts (and the discussion title, with PairTitle), with the statistics
// an index of those documents would have, computed from the sentence unit.
func (s *Searcher) RetrievePairs(ctx context.Context, p *Params, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	ps, err := s.pairScan(p)
	if err != nil || ps.n == 0 {
		return nil, err
	}
	terms, err := ps.terms(s.Terms(p, q))
	if err != nil || len(terms) == 0 {
		return nil, err
	}
	top := &pairTop{su: ps.su, k: k}
	if err := ps.score(ctx, terms, top); err != nil {
		return nil, err
	}
	return top.hits(), nil
}

// pairScan is what scoring the pair unit needs of an index: the groups of
// sentences (one per argument), the sentence field, the discussion titles
// (with PairTitle), and the pair field's statistics.
type pairScan struct {
	g        *pairGroups
	su       *index.Unit
	sf       *index.Field // the sentences
	tf       *index.Field // the discussion titles, with PairTitle; nil without
	sc       Scoring
	kind     int
	lt       []float64 // the scoring's length values
	n        float64   // the pairs with a term
	sumTTF   float64
	maxTitle uint64
}

// pairTerm is a query term of a pair search: its postings in the
// sentences and titles, and a cursor that scores it with the pair field's
// statistics.
type pairTerm struct {
	sent  []posting
	title map[int32]float64 // group → frequency in its title
	c     cursor
}

// pairScan gathers the pair field's statistics; n is 0 when no pair has a
// term.
func (s *Searcher) pairScan(p *Params) (*pairScan, error) {
	g, err := s.groups()
	if err != nil {
		return nil, err
	}
	su := s.d.Unit("sentence")
	ps := &pairScan{g: g, su: su, sf: su.Fields[0], sc: p.Scoring}
	if p.PairTitle {
		for _, f := range s.d.Unit("argument").Fields {
			if f.Name == index.FieldTitle {
				ps.tf = f
			}
		}
	}
	// The pair field's statistics: N counts the pairs with a term.
	for i := range ps.groups() {
		size, tl := g.size(i), ps.titleLen(i)
		ps.n += float64(choose2(size))
		if tl == 0 {
			ps.n -= float64(choose2(int(g.empty[i])))
		}
		ps.sumTTF += float64(size-1)*float64(g.length[i]) + float64(choose2(size))*float64(tl)
		ps.maxTitle = max(ps.maxTitle, tl)
	}
	if ps.n == 0 {
		return ps, nil
	}
	ps.kind = modelKind(ps.sc.Model)
	maxLen := 2*g.maxDL + uint32(ps.maxTitle)
	switch ps.kind {
	case kindBM25:
		ps.lt = lengthValues(tableBM25, ps.sc, ps.sumTTF/ps.n, maxLen)
	case kindTFIDF:
		ps.lt = lengthValues(tableTFIDF, ps.sc, ps.sumTTF/ps.n, maxLen)
	case kindLuceneDirichlet:
		ps.lt = lengthValues(tableDirichlet, ps.sc, ps.sumTTF/ps.n, maxLen)
	case kindDPH:
		ps.lt = lengthValues(tableLength, ps.sc, ps.sumTTF/ps.n, maxLen)
	}
	return ps, nil
}

// groups is the number of groups of sentences.
func (ps *pairScan) groups() int { return len(ps.g.start) - 1 }

// titleLen is the length of group i's discussion title; 0 without
// PairTitle.
func (ps *pairScan) titleLen(i int) uint64 {
	if ps.tf == nil || ps.g.argument[i] < 0 {
		return 0
	}
	return uint64(ps.tf.Length(uint64(ps.g.argument[i])))
}

// terms returns the query terms that some pair holds, with their postings
// and cursors.
func (ps *pairScan) terms(qts []Term) ([]*pairTerm, error) {
	g := ps.g
	var terms []*pairTerm
	ndocs := uint64(ps.su.Docs())
	for _, qt := range qts {
		sent, err := postings(ps.sf, qt.Text, ndocs)
		if err != nil {
			return nil, err
		}
		t := &pairTerm{sent: sent}
		if ps.tf != nil {
			titles, err := postings(ps.tf, qt.Text, uint64(ps.tf.Docs()))
			if err != nil {
				return nil, err
			}
			for _, p := range titles {
				if gi := g.group[p.doc]; gi >= 0 {
					if t.title == nil {
						t.title = map[int32]float64{}
					}
					t.title[gi] = p.tf
				}
			}
		}
		df, ttf := ps.frequencies(t)
		if df == 0 {
			continue
		}
		ps.setCursor(&t.c, qt.Weight, df, ttf)
		terms = append(terms, t)
	}
	return terms, nil
}

// frequencies returns df and ttf of t over the pair documents.
func (ps *pairScan) frequencies(t *pairTerm) (df, ttf float64) {
	g := ps.g
	gi, m, gttf := -1, 0, 0.0
	flush := func() {
		if gi < 0 {
			return
		}
		size := g.size(gi)
		if _, ok := t.title[int32(gi)]; !ok {
			df += float64(choose2(size) - choose2(size-m))
		}
		ttf += float64(size-1) * gttf
	}
	for _, p := range t.sent {
		if gi < 0 || uint64(g.start[gi+1]) <= p.doc {
			flush()
			gi, m, gttf = groupOf(g, p.doc, gi), 0, 0
		}
		m++
		gttf += p.tf
	}
	flush()
	for gi, f := range t.title {
		size := choose2(g.size(int(gi)))
		df += float64(size)
		ttf += float64(size) * f
	}
	return df, ttf
}

// setCursor makes c score a term of weight w, df and ttf with the pair
// field's statistics.
func (ps *pairScan) setCursor(c *cursor, w, df, ttf float64) {
	n := ps.n
	c.kind, c.w, c.lt = ps.kind, w, ps.lt
	switch ps.kind {
	case kindBM25:
		c.c = c.w * math.Log(1+(n-df+0.5)/(df+0.5))
	case kindTFIDF:
		c.c = c.w * (1 + math.Log((n+1)/(df+1)))
		if ps.sc.Model == "tfidf-ic" {
			c.c *= math.Log1p(df) / math.Log1p(n)
		}
	case kindLuceneDirichlet:
		c.mp = ps.sc.Mu * (ttf + 1) / (ps.sumTTF + 1)
		c.one = math.Log(1 + 1/c.mp)
	case kindDPH:
		c.c = ps.sumTTF / ttf
	}
}

// marked returns, per group, whether a term is in one of its sentences or
// its title: the groups to score.
func (ps *pairScan) marked(terms []*pairTerm) []bool {
	g := ps.g
	marked := make([]bool, ps.groups())
	for _, t := range terms {
		gi := -1
		for _, p := range t.sent {
			if gi < 0 || uint64(g.start[gi+1]) <= p.doc {
				gi = groupOf(g, p.doc, gi)
			}
			marked[gi] = true
		}
		for gi := range t.title {
			marked[gi] = true
		}
	}
	return marked
}

// score offers top every pair of a marked group that holds a term, with
// its score.
func (ps *pairScan) score(ctx context.Context, terms []*pairTerm, top *pairTop) error {
	g, sf := ps.g, ps.sf
	marked := ps.marked(terms)
	nt := len(terms)
	next := make([]int, nt) // per term: its next sentence posting
	var rows []float64      // per sentence of the group, per term: the frequency
	var hit []bool          // per sentence of the group: it holds a term
	var dl []uint32
	tt := make([]float64, nt) // per term: its frequency in the title
	for gi := range ps.groups() {
		if !marked[gi] {
			continue
		}
		if gi&0xff == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("lexical: retrieve: %w", err)
			}
		}
		base, size := g.start[gi], g.size(gi)
		rows = resize(rows, size*nt)
		hit = resize(hit, size)
		dl = resize(dl, size)
		for i := range size {
			dl[i] = sf.Length(uint64(base) + uint64(i))
		}
		anyTitle := false
		for j, t := range terms {
			tt[j] = t.title[int32(gi)]
			anyTitle = anyTitle || tt[j] > 0
			for ; next[j] < len(t.sent) && t.sent[next[j]].doc < uint64(g.start[gi+1]); next[j]++ {
				p := t.sent[next[j]]
				i := int(p.doc - uint64(base))
				rows[i*nt+j] = p.tf
				hit[i] = true
			}
		}
		tl := uint32(ps.titleLen(gi))
		score := func(a, b int) {
			s := 0.0
			for j := range terms {
				if f := rows[a*nt+j] + rows[b*nt+j] + tt[j]; f > 0 {
					s += terms[j].c.score(f, dl[a]+dl[b]+tl)
				}
			}
			top.offer(pairHit{s, base + uint32(a), base + uint32(b)})
		}
		offerPairs(size, anyTitle, hit, score)
	}
	return nil
}

// offerPairs scores the pairs of a group of size sentences: every pair
// when its title holds a term (anyTitle), else each pair with a sentence
// that holds a term (hit), once.
func offerPairs(size int, anyTitle bool, hit []bool, score func(a, b int)) {
	if anyTitle {
		for a := range size {
			for b := a + 1; b < size; b++ {
				score(a, b)
			}
		}
		return
	}
	for a := range size {
		if !hit[a] {
			continue
		}
		for b := range size {
			switch {
			case b == a || hit[b] && b < a:
			case b < a:
				score(b, a)
			default:
				score(a, b)
			}
		}
	}
}

// hits empties the heap into hits, best first.
func (t *pairTop) hits() []retrieval.Hit {
	out := make([]retrieval.Hit, len(t.h))
	for i := len(t.h) - 1; i >= 0; i-- {
		p := t.h[0]
		out[i] = retrieval.Hit{ID: t.id(p), Score: p.score}
		t.h[0] = t.h[len(t.h)-1]
		t.h = t.h[:len(t.h)-1]
		t.down(0)
	}
	return out
}

// groupOf returns the group of sentence document doc, which is in group
// from or after it (from −1: anywhere).
func groupOf(g *pairGroups, doc uint64, from int) int {
	lo, hi := max(from, 0), len(g.start)-1
	for lo < hi { // the last group whose start is ≤ doc
		m := int(uint(lo+hi+1) >> 1)
		if uint64(g.start[m]) <= doc {
			lo = m
		} else {
			hi = m - 1
		}
	}
	return lo
}

// resize returns s with length n, all zero.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
