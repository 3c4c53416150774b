package build

import (
	"hash/maphash"
	"sync"

	"github.com/argsearch/argsearch/analysis"
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
	ids   termTable
	terms []string
	gen   uint32
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
	d.ids.clear()
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

// id returns the id of t in the dictionary's current generation, which it
// also returns.
func (d *dictionary) id(t string) (uint32, uint32) {
	d.mu.Lock()
	defer d.mu.Unlock()
	g, ok := d.ids.get(t)
	if !ok {
		g = uint32(len(d.terms))
		d.ids.put(t, g)
		d.terms = append(d.terms, t)
	}
	return g, d.gen
}

// termKey is the longest term a termTable keeps in its slots; longer ones
// (rare) go to a map.
const termKey = 24

// A termTable maps terms to ids, as a map[string]uint32 would, in an
// open-addressing table whose slots hold the term's bytes: a lookup reads
// one slot, where a Go map reads its control word, its slot and then the
// term's bytes elsewhere on the heap (the workers look up every term they
// have not seen since their memo was last trimmed, under the dictionary's
// lock). The zero termTable is empty.
type termTable struct {
	seed  maphash.Seed
	slots []termSlot // a power of two of them, at most half full; nil until the first put
	n     int        // terms in slots
	long  map[string]uint32
}

// A termSlot holds a term of at most termKey bytes (n: its length; 0 for
// an empty slot: terms are never empty) and its id, in 32 bytes.
type termSlot struct {
	key [termKey]byte
	n   uint8
	id  uint32
}

// clear empties the table and keeps its slots.
func (m *termTable) clear() {
	clear(m.slots)
	m.n = 0
	clear(m.long)
}

// get returns the id of t, if held.
func (m *termTable) get(t string) (uint32, bool) {
	if len(t) > termKey {
		id, ok := m.long[t]
		return id, ok
	}
	if m.slots == nil {
		return 0, false
	}
	mask := uint64(len(m.slots) - 1)
	for i := maphash.String(m.seed, t) & mask; ; i = (i + 1) & mask {
		s := &m.slots[i]
		if s.n == 0 {
			return 0, false
		}
		if int(s.n) == len(t) && string(s.key[:len(t)]) == t {
			return s.id, true
		}
	}
}

// put holds id for t, which it does not hold yet.
func (m *termTable) put(t string, id uint32) {
	if len(t) > termKey {
		if m.long == nil {
			m.long = map[string]uint32{}
		}
		m.long[t] = id
		return
	}
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	m.insert(t, id)
	m.n++
}

// insert puts t in the first free slot of its probe sequence.
func (m *termTable) insert(t string, id uint32) {
	mask := uint64(len(m.slots) - 1)
	i := maphash.String(m.seed, t) & mask
	for m.slots[i].n != 0 {
		i = (i + 1) & mask
	}
	s := &m.slots[i]
	copy(s.key[:], t)
	s.n, s.id = uint8(len(t)), id
}

// grow doubles the table (1024 slots at first) and puts the terms back.
func (m *termTable) grow() {
	if m.slots == nil {
		m.seed = maphash.MakeSeed()
	}
	old := m.slots
	m.slots = make([]termSlot, max(1024, 2*len(old)))
	for i := range old {
		if s := &old[i]; s.n != 0 {
			m.insert(string(s.key[:s.n]), s.id)
		}
	}
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
// analysis.Analyzer.Each gives them), its id of generation gen of the
// dictionary; it returns false if the dictionary has moved on to a later
// generation (the ids given are then not all of gen).
func (z *analyzer) each(text string, gen uint32, f func(*termEntry)) bool {
	ok := true
	z.z.Each(text, func(id int, term string) {
		if id >= len(z.ents) {
			z.ents = append(z.ents, make([]termEntry, id+1-len(z.ents))...)
		}
		// Entries are values (one cache line fewer a token than pointers);
		// e is not kept past f, so growing ents cannot leave it stale.
		e := &z.ents[id]
		if e.gen != gen+1 {
			var g uint32
			e.gid, g = z.dict.id(term)
			e.gen = g + 1
			ok = ok && g == gen
		}
		f(e)
	})
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
