package build

import (
	"sync"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/shortmap"
)

// segmentTerms bounds the distinct terms a build to a directory holds in
// memory when its analysis has shingles (Config.MaxShingleTerms replaces
// it in tests). Each term holds its dictionary entry, postings head and
// statistics while building, about 150 bytes; shingles of 3 over args.me's
// 5.69 million sentences make 118 million distinct terms (94% of them
// once), 18 GB held at once, where a build was killed at 24 GB. Past the
// bound, the build writes what it holds to a segment, its terms in byte
// order with their statistics and lists, and starts a new dictionary (see
// run.go); the segments are merged term by term at the end (merge.go), so
// a build holds at most this many terms whatever the corpus: 4,194,304
// terms, about 0.6 GB.
const segmentTerms = 1 << 22

// A termEntry is an analysed term as an analyzer memoizes it, with
// bookkeeping for the build. It is 32 bytes, two to a cache line: the
// analysis of a token reads one at random.
type termEntry struct {
	gid   uint32 // id in the build's shared dictionary
	gen   uint32 // the dictionary generation gid belongs to, + 1 (0: no gid yet)
	stamp int64  // worker-local document number + 1 it was last counted in
	pos   int32  // its entry in that document
	bterm int32  // its term in the field batch it was last seen in
	batch int64  // that batch's worker-local number
}

// A dictionary gives terms ids, shared by the workers of a build. Ids are
// in order of first request, which depends on scheduling; the index renumbers
// terms in byte order, so it does not depend on them. A build that writes
// segments empties the dictionary after each (reset): ids are valid in
// their generation only.
type dictionary struct {
	mu    sync.Mutex
	ids   shortmap.Map[uint32] // a short term's lookup reads one slot, so the lock is held shortly
	terms []string
	gen   uint32
	// touched is what workers read ahead (shortmap.Map.Touch), kept so
	// the reads stay.
	touched uint8
}

// newDictionary returns an empty dictionary whose map has its hash seed,
// so that workers can hash terms (shortmap.Map.Hash) before they take the
// lock.
func newDictionary() *dictionary {
	d := &dictionary{}
	d.ids.Hash(nil)
	return d
}

// generation returns the dictionary's generation: the number of resets.
func (d *dictionary) generation() uint32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.gen
}

// reset empties the dictionary and starts its next generation.
func (d *dictionary) reset() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.ids.Clear()
	clear(d.terms)
	d.terms = d.terms[:0]
	d.gen++
}

// size returns the number of terms given ids so far.
func (d *dictionary) size() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.terms)
}

// known returns the terms given ids so far (by id): the ids given later
// are past its end.
func (d *dictionary) known() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.terms[:len(d.terms):len(d.terms)]
}

// An analyzer is an analysis.Analyzer with a termEntry for each of its
// terms, indexed by the term's id. It is not safe for concurrent use; make
// one per goroutine.
type analyzer struct {
	z    *analysis.Analyzer
	ents []termEntry // by term id; term "" until the term is first seen
	dict *dictionary // gives the terms their ids in the build

	// A text's terms, by place: their ids in z and the terms; the places
	// whose entries lack a gid of the generation, and their terms' hashes
	// in dict.
	ids    []int32
	terms  []string
	need   []int32
	hashes []uint64
}

// newAnalyzer returns an analyzer of proto's analysis (a clone of proto)
// whose terms get their ids from dict.
func newAnalyzer(proto *analysis.Analyzer, dict *dictionary) *analyzer {
	return &analyzer{z: proto.Clone(), dict: dict}
}

// each calls f with the entry of every term of text, in order (as
// analysis.Analyzer.Each gives them), its id of generation gen of the
// dictionary; it returns false if the dictionary has moved on to a later
// generation (the ids given are then not all of gen).
//
// It works in passes over the text's terms, so that the memory reads that
// miss the caches (an entry, a slot of the dictionary) come together and
// overlap: it reads the entries first, then gives the terms that lack one
// their ids, all under one hold of the dictionary's lock (their hashes
// computed before it), and calls f last.
func (z *analyzer) each(text string, gen uint32, f func(*termEntry)) bool {
	z.ids, z.terms = z.ids[:0], z.terms[:0]
	top := -1
	z.z.Each(text, func(id int, term string) {
		z.ids = append(z.ids, int32(id))
		z.terms = append(z.terms, term)
		top = max(top, id)
	})
	if top >= len(z.ents) {
		z.ents = append(z.ents, make([]termEntry, top+1-len(z.ents))...)
	}
	// Entries are values (one cache line fewer a token than pointers).
	ents := z.ents
	need := z.need[:0]
	for i, id := range z.ids {
		if ents[id].gen != gen+1 {
			need = append(need, int32(i))
		}
	}
	z.need = need
	ok := true
	if len(need) > 0 {
		d := z.dict
		hs := z.hashes[:0]
		for _, i := range need {
			hs = append(hs, d.ids.HashString(z.terms[i]))
		}
		z.hashes = hs
		d.mu.Lock()
		var t uint8
		for _, h := range hs {
			t |= d.ids.Touch(h)
		}
		for j, i := range need {
			e := &ents[z.ids[i]]
			if e.gen == gen+1 {
				continue // a term seen before in the text
			}
			term := z.terms[i]
			g, found := d.ids.GetHashString(term, hs[j])
			if !found {
				g = uint32(len(d.terms))
				d.ids.PutHashString(term, hs[j], g)
				d.terms = append(d.terms, term)
			}
			e.gid, e.gen = g, d.gen+1
			ok = ok && d.gen == gen
		}
		d.touched |= t
		d.mu.Unlock()
	}
	for _, id := range z.ids {
		f(&ents[id])
	}
	return ok
}

// trim empties the memo when it has grown too large. The build calls it
// between documents only, as the entries carry per-document counts.
func (z *analyzer) trim() {
	if z.z.Trim() {
		clear(z.ents)
		z.ents = z.ents[:0]
	}
}
