package lexical

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
)

// TestBlockRoundTrip encodes blocks of every gap and frequency width, full
// and short, and decodes them, with and without bytes after the block.
func TestBlockRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for width := 0; width <= 32; width++ {
		for _, n := range []int{1, 7, blockSize - 1, blockSize} {
			docs := make([]uint32, n)
			tfs := make([]uint32, n)
			prev := int64(r.IntN(1000)) - 1
			first := uint32(prev + 1)
			for j := range docs {
				gap := uint64(0)
				if width > 0 {
					gap = uint64(1)<<(width-1) | r.Uint64N(uint64(1)<<(width-1))
				}
				gap = min(gap, uint64(math.MaxUint32)-uint64(prev+1)-uint64(n))
				prev += 1 + int64(gap)
				docs[j] = uint32(prev)
				tfs[j] = 1 + uint32(r.Uint64N(uint64(1)<<width)) // up to 2^width
				if width == 32 {
					tfs[j] = math.MaxUint32
				}
			}
			enc := appendBlock(nil, docs, tfs, int64(first)-1)
			size, ok := blockBytes(enc, n)
			if !ok || size != len(enc) {
				t.Fatalf("width %d, %d postings: size %d, %v for %d bytes", width, n, size, ok, len(enc))
			}
			for _, tail := range [][]byte{nil, make([]byte, 8)} {
				gotDocs, gotTFs := make([]uint32, n), make([]uint32, n)
				decodeBlock(gotDocs, gotTFs, append(slices.Clone(enc), tail...), first)
				if !slices.Equal(gotDocs, docs) || !slices.Equal(gotTFs, tfs) {
					t.Fatalf("width %d, %d postings, %d bytes after: decoded\n%v %v\nwant\n%v %v", width, n, len(tail), gotDocs, gotTFs, docs, tfs)
				}
			}
		}
	}
}

// TestExactBound compares each term's exact bound, which skips blocks whose
// bound cannot raise it, with the largest contribution over all postings.
func TestExactBound(t *testing.T) {
	x := build(t, "", sampleArgs(t, 300), Config{Units: []Unit{"argument"}})
	for _, f := range x.d.unit("argument").fields {
		for _, model := range []Model{"bm25", "tfidf", "lucene-dirichlet", "dph"} {
			sc, err := Scoring{Model: model}.normalized()
			if err != nil {
				t.Fatal(err)
			}
			kind := modelKind(model)
			lt := f.lengthTable(map[int]int{kindBM25: tableBM25, kindTFIDF: tableTFIDF, kindLuceneDirichlet: tableDirichlet, kindDPH: tableLength}[kind], sc)
			for id := range f.df {
				c := &cursor{w: 1, lt: lt, kind: kind}
				n, dfreq, ttf := float64(f.docCount), float64(f.df[id]), float64(f.ttf[id])
				switch kind {
				case kindBM25:
					c.c = math.Log(1 + (n-dfreq+0.5)/(dfreq+0.5))
				case kindTFIDF:
					c.c = 1 + math.Log((n+1)/(dfreq+1))
				case kindLuceneDirichlet:
					c.mp = sc.Mu * (ttf + 1) / (float64(f.sumTTF) + 1)
				case kindDPH:
					c.c = float64(f.sumTTF) / ttf
				}
				c.one = math.Log(1 + 1/c.mp)
				got, err := f.exactBound(id, model, sc, c)
				if err != nil {
					t.Fatal(err)
				}
				want := 0.0
				if err := c.reset(f, id, uint64(f.docs())); err != nil {
					t.Fatal(err)
				}
				for ; c.doc < c.ndocs; c.next() {
					want = max(want, c.score(c.tf, f.length(c.doc)))
				}
				if got != want {
					t.Fatalf("%s/%s/%q: bound %v, want %v", f.name, model, f.term(id), got, want)
				}
			}
		}
	}
}

// TestCheckTerms checks that a query's unchecked lists are checked on all
// cores, found sound or not as termBlocks finds them.
func TestCheckTerms(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: checkTerms leaves the lists to the cursors")
	}
	x := build(t, "", sampleArgs(t, 200), Config{Analyzer: "lucene"})
	ud := x.d.unit("argument")
	terms := x.queryTerms(retrieval.Query{Text: "abortion should be legal for all people"})
	f := ud.fields[1]
	bad := f.lookup(terms[0].term)
	f.post[f.postOff[bad]] = 33 // a width no block has
	ud.checkTerms(terms, func(string) float64 { return 1 }, 0)
	for _, f := range ud.fields {
		for _, qt := range terms {
			id := f.lookup(qt.term)
			if id < 0 {
				continue
			}
			want := uint32(termGood)
			if f == ud.fields[1] && id == bad {
				want = termBad
			}
			if got := f.checked[id].Load(); got != want {
				t.Errorf("%s/%s: state %d, want %d", f.name, qt.term, got, want)
			}
		}
	}
}

// TestIDCoder checks a builder's front-coded ids, read back one at a time
// and in order from any document, over several restarts.
func TestIDCoder(t *testing.T) {
	var c idCoder
	var ids []string
	for i := range 3*idEvery + 5 {
		id := fmt.Sprintf("S%03d-A%d__PREMISE__%d", i/7, i%3, i)
		if i == 20 {
			id = "x"
		}
		ids = append(ids, id)
		c.add(id)
	}
	for d, want := range ids {
		if got := c.id(d); got != want {
			t.Errorf("id(%d) = %q, want %q", d, got, want)
		}
	}
	for _, first := range []int{0, 1, idEvery, len(ids) - 1, len(ids)} {
		var got []string
		c.each(first, func(d int, id []byte) { got = append(got, string(id)) })
		if !slices.Equal(got, ids[first:]) && !(len(got) == 0 && first == len(ids)) {
			t.Errorf("each(%d) = %q, want %q", first, got, ids[first:])
		}
	}
}
