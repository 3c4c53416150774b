package search

import (
	"math"
	"runtime"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// modelTable returns the length table a model kind scores with.
func modelTable(kind int) int {
	switch kind {
	case kindBM25:
		return tableBM25
	case kindTFIDF:
		return tableTFIDF
	case kindLuceneDirichlet, kindDirichlet:
		return tableDirichlet
	}
	return tableLength
}

// testCursor returns a cursor of term id of f, of weight 1, with the
// constants of its model kind as a query sets them.
func testCursor(f *index.Field, id, kind int, lt []float64, sc Scoring) *cursor {
	c := &cursor{w: 1, lt: lt, kind: kind}
	n, dfreq, ttf := float64(f.DocCount), float64(f.DF[id]), float64(f.TTF[id])
	switch kind {
	case kindBM25:
		c.c = math.Log(1 + (n-dfreq+0.5)/(dfreq+0.5))
	case kindTFIDF:
		c.c = 1 + math.Log((n+1)/(dfreq+1))
	case kindLuceneDirichlet:
		c.mp = sc.Mu * (ttf + 1) / (float64(f.SumTTF) + 1)
	case kindDirichlet:
		c.mp = sc.Mu * ttf / float64(f.SumTTF)
	case kindDPH:
		c.c = float64(f.SumTTF) / ttf
	}
	c.one = math.Log(1 + 1/c.mp)
	return c
}

// eachTermCursor calls fn with a fresh cursor of every term of the
// argument unit's fields of s, in each of the models.
func eachTermCursor(s *Searcher, models []string, fn func(f *index.Field, model string, sc Scoring, id int, c *cursor)) {
	for _, f := range s.d.Unit("argument").Fields {
		for _, model := range models {
			sc := defaults.Scoring
			sc.Model = model
			kind := modelKind(model)
			lt := s.tables[f].lengthTable(f, modelTable(kind), sc)
			for id := range f.DF {
				fn(f, model, sc, id, testCursor(f, id, kind, lt, sc))
			}
		}
	}
}

// TestExactBound compares each term's exact bound, which skips blocks whose
// bound cannot raise it, with the largest contribution over all postings.
func TestExactBound(t *testing.T) {
	s := newSearcher(t, 300, "en", "argument")
	eachTermCursor(s, []string{"bm25", "tfidf", "lucene-dirichlet", "dph"}, func(f *index.Field, model string, sc Scoring, id int, c *cursor) {
		got, err := s.tables[f].exactBound(f, id, model, sc, c)
		if err != nil {
			t.Fatal(err)
		}
		want := 0.0
		if err := c.reset(f, id, uint64(f.Docs())); err != nil {
			t.Fatal(err)
		}
		for ; c.doc < c.ndocs; c.next() {
			want = max(want, c.score(c.tf, f.Length(c.doc)))
		}
		if got != want {
			t.Fatalf("%s/%s/%q: bound %v, want %v", f.Name, model, f.Term(id), got, want)
		}
	})
}

// TestCheckTerms checks that a query's unchecked lists are checked on all
// cores, found sound or not as index.Field.TermBlocks finds them.
func TestCheckTerms(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: checkTerms leaves the lists to the cursors")
	}
	s := newSearcher(t, 200, "lucene", "sentence", "argument")
	ud := s.d.Unit("argument")
	terms := s.Terms(&defaults, retrieval.Query{Text: "abortion should be legal for all people"})
	f := ud.Fields[1]
	bad := f.Lookup(terms[0].Text)
	f.Post[f.PostOff[bad]] = 33 // a width no block has
	checkTerms(ud, terms, func(string) float64 { return 1 }, 0)
	for _, f := range ud.Fields {
		for _, qt := range terms {
			id := f.Lookup(qt.Text)
			if id < 0 {
				continue
			}
			want := uint32(index.Sound)
			if f == ud.Fields[1] && id == bad {
				want = index.Damaged
			}
			if got := f.Checked[id].Load(); got != want {
				t.Errorf("%s/%s: state %d, want %d", f.Name, qt.Text, got, want)
			}
		}
	}
}

// TestLengthBounds checks the bounds at a document's length that the
// non-essential cursors are probed with: a term's contribution to each
// document it occurs in is at most ub8 at the document's DL8 and at most
// docBound in the document's block, in every model.
func TestLengthBounds(t *testing.T) {
	s := newSearcher(t, 300, "en", "argument")
	checked := 0
	eachTermCursor(s, []string{"bm25", "tfidf", "lucene-dirichlet", "dirichlet", "dph"}, func(f *index.Field, model string, sc Scoring, id int, c *cursor) {
		c.ub = c.bound(float64(f.MaxTF[id]), f.MinDL) * (1 + 1e-9)
		if err := c.reset(f, id, uint64(f.Docs())); err != nil {
			t.Fatal(err)
		}
		for ; c.doc < c.ndocs; c.next() {
			v := c.score(c.tf, f.Length(c.doc))
			if b := c.ub8[f.DL8[c.doc]]; v > b {
				t.Fatalf("%s/%s/%q: document %d (length %d): contribution %v above ub8 %v", f.Name, model, f.Term(id), c.doc, f.Length(c.doc), v, b)
			}
			if b := c.docBound(c.doc); v > b {
				t.Fatalf("%s/%s/%q: document %d (length %d): contribution %v above docBound %v", f.Name, model, f.Term(id), c.doc, f.Length(c.doc), v, b)
			}
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("no postings checked")
	}
}
