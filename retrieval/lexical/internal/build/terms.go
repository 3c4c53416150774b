package build

import (
	"sync"

	"github.com/argsearch/argsearch/analysis"
)

// maxShingleTerms bounds the distinct terms of a build with shingles: each
// holds its postings head and statistics in every field while building,
// and shingles of 3 over args.me's 5.69 million sentences make far more
// than fit in memory (a build was killed at 24 GB; one stopped at 20
// million terms, after 51,200 of 365,408 arguments, held 13 GB). Without
// shingles args.me has 355,091 terms, the 2022 sample with shingles of 3
// about 350,000.
const maxShingleTerms = 5_000_000

// A termEntry is an analysed term as an analyzer memoizes it, with
// bookkeeping for the build.
type termEntry struct {
	term  string
	gid   uint32 // id in the build's shared dictionary
	stamp int64  // worker-local document number + 1 it was last counted in
	pos   int32  // its entry in that document
}

// A dictionary gives terms ids, shared by the workers of a build. Ids are
// in order of first request, which depends on scheduling; the index renumbers
// terms in byte order, so it does not depend on them.
type dictionary struct {
	mu    sync.Mutex
	ids   map[string]uint32
	terms []string
}

// size returns the number of terms given ids so far.
func (d *dictionary) size() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.terms)
}

func (d *dictionary) id(t string) uint32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	g, ok := d.ids[t]
	if !ok {
		g = uint32(len(d.terms))
		d.ids[t] = g
		d.terms = append(d.terms, t)
	}
	return g
}

// An analyzer is an analysis.Analyzer with a termEntry for each of its
// terms, indexed by the term's id. It is not safe for concurrent use; make
// one per goroutine.
type analyzer struct {
	z    *analysis.Analyzer
	ents []termEntry // by term id; term "" until the term is first seen
	dict *dictionary // gives the terms their ids in the build
}

// newAnalyzer returns an analyzer of proto's analysis (a clone of proto)
// whose terms get their ids from dict.
func newAnalyzer(proto *analysis.Analyzer, dict *dictionary) *analyzer {
	return &analyzer{z: proto.Clone(), dict: dict}
}

// each calls f with the entry of every term of text, in order (as
// analysis.Analyzer.Each gives them).
func (z *analyzer) each(text string, f func(*termEntry)) {
	z.z.Each(text, func(id int, term string) {
		if id >= len(z.ents) {
			z.ents = append(z.ents, make([]termEntry, id+1-len(z.ents))...)
		}
		// Entries are values (one cache line fewer a token than pointers);
		// e is not kept past f, so growing ents cannot leave it stale.
		e := &z.ents[id]
		if e.term == "" { // terms are never empty
			e.term = term
			e.gid = z.dict.id(term)
		}
		f(e)
	})
}

// trim empties the memo when it has grown too large. The build calls it
// between documents only, as the entries carry per-document counts.
func (z *analyzer) trim() {
	if z.z.Trim() {
		clear(z.ents)
		z.ents = z.ents[:0]
	}
}
