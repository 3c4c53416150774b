package build

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// defaultBuildMemory is the Config.Memory a build to a directory uses
// when none is given.
const defaultBuildMemory = 256 << 20

// A build to a directory holds postings and term vectors in memory until
// they reach the memory bound, then writes them to a run, a file in the
// index directory, and starts afresh (its documents' ids are sorted and
// written apart, see idSorter). At the end, the runs'
// lists of each term are concatenated (runs hold consecutive documents,
// and a list's document deltas continue from run to run, so the
// concatenation is the list an unbounded build makes) and the index is
// written from them; the runs are then removed.
type run struct {
	path  string
	f     *os.File
	terms int         // a segment's: the terms of its generation of the dictionary
	post  [][]section // per unit and field: (term, list) in provisional term order
	fwd   [][]section // per unit and field: each document's term vector, in document order
}

// A section is a byte range of a file.
type section struct{ off, n int64 }

// reader returns a buffered reader of s in f.
func (s section) reader(f *os.File) *bufio.Reader {
	return bufio.NewReaderSize(io.NewSectionReader(f, s.off, s.n), 1<<16)
}

// A countWriter counts the bytes written through it.
type countWriter struct {
	w   *bufio.Writer
	n   int64
	buf []byte
}

func (w *countWriter) Write(b []byte) (int, error) {
	n, err := w.w.Write(b)
	w.n += int64(n)
	return n, err
}

func (w *countWriter) uvarint(x uint64) error {
	w.buf = binary.AppendUvarint(w.buf[:0], x)
	_, err := w.Write(w.buf)
	return err
}

// held returns the bytes of postings, term vectors and run bookkeeping the
// builder holds in memory.
func (b *builder) held() int {
	n := 0
	for _, ub := range b.units {
		for _, fb := range ub.fields {
			n += fb.arena.size() + fb.fwd.size() + 12*len(fb.fwdAt)
		}
	}
	return n
}

// flush writes what the builder holds to a new run and empties it.
func (b *builder) flush() error {
	path := filepath.Join(b.dir, fmt.Sprintf("build-%d.run", len(b.runs)))
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	r := &run{path: path, f: f}
	b.runs = append(b.runs, r) // removed by cleanup, even if this fails
	w := &countWriter{w: bufio.NewWriterSize(f, 1<<20)}
	var list []byte
	var order []uint32 // a segment's terms in byte order
	// The analysis goes on while a run is written: the terms are read
	// under the dictionary's lock, those given ids since are not in it.
	terms := b.dict.known()
	if b.segTerms > 0 {
		order = byteOrder(terms)
	}
	for _, ub := range b.units {
		ub.runStart = ub.docs // their ids are sorted by b.idSort
		var post, fwd []section
		for _, fb := range ub.fields {
			start := w.n
			if b.segTerms > 0 {
				if err := fb.writeSegment(w, terms, order, &list); err != nil {
					return fmt.Errorf("lexical: build: %w", err)
				}
			}
			for g := range fb.terms {
				if b.segTerms > 0 {
					break
				}
				if fb.terms[g].post.size == 0 {
					continue
				}
				list = fb.arena.appendTo(list[:0], &fb.terms[g].post)
				w.uvarint(uint64(g))
				w.uvarint(uint64(len(list)))
				if _, err := w.Write(list); err != nil {
					return fmt.Errorf("lexical: build: %w", err)
				}
			}
			for g := range fb.terms {
				fb.terms[g].post = plist{}
			}
			fb.arena.reset()
			post = append(post, section{start, w.n - start})
			start = w.n
			for d, at := range fb.fwdAt {
				w.uvarint(uint64(fb.fwdLen[d]))
				if _, err := w.Write(fb.fwd.at(at, int(fb.fwdLen[d]))); err != nil {
					return fmt.Errorf("lexical: build: %w", err)
				}
			}
			fb.fwd.reset()
			fb.fwdAt, fb.fwdLen = fb.fwdAt[:0], fb.fwdLen[:0]
			fwd = append(fwd, section{start, w.n - start})
		}
		r.post = append(r.post, post)
		r.fwd = append(r.fwd, fwd)
	}
	if err := w.w.Flush(); err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	if b.segTerms > 0 {
		r.terms = len(terms)
		b.dict.reset()
	}
	return nil
}

// byteOrder returns the ids of terms in byte order of the terms. It sorts
// them by their first 8 bytes, as an integer, and compares the rest only
// where those are equal: a sort of the terms themselves spent most of its
// time fetching them from memory.
func byteOrder(terms []string) []uint32 {
	type keyed struct {
		key uint64
		g   uint32
	}
	ks := make([]keyed, len(terms))
	for g, t := range terms {
		var k [8]byte
		copy(k[:], t)
		ks[g] = keyed{binary.BigEndian.Uint64(k[:]), uint32(g)}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.key != b.key {
			return cmp.Compare(a.key, b.key)
		}
		return strings.Compare(terms[a.g], terms[b.g])
	})
	order := make([]uint32, len(ks))
	for i, k := range ks {
		order[i] = k.g
	}
	return order
}

// writeSegment writes the field's lists as a segment's (see segment), its
// terms in order (provisional ids, in byte order of terms), and empties
// the field's per-term state for the dictionary's next generation.
func (fb *fieldBuilder) writeSegment(w *countWriter, terms []string, order []uint32, list *[]byte) error {
	for _, g := range order {
		if int(g) >= len(fb.terms) || fb.terms[g].df == 0 {
			continue
		}
		st := &fb.terms[g]
		// The record is put together, then written in two pieces.
		*list = fb.arena.appendTo((*list)[:0], &st.post)
		r := binary.AppendUvarint(fb.scratch[:0], uint64(len(terms[g])))
		r = append(r, terms[g]...)
		r = binary.AppendUvarint(r, uint64(g))
		r = binary.AppendUvarint(r, uint64(st.df))
		r = binary.AppendUvarint(r, st.ttf)
		r = binary.AppendUvarint(r, uint64(st.maxTF))
		r = binary.AppendUvarint(r, uint64(len(*list)))
		fb.scratch = r
		w.Write(r)
		if _, err := w.Write(*list); err != nil {
			return err
		}
	}
	clear(fb.terms)
	fb.terms = fb.terms[:0]
	return nil
}

// runIDPiece is how many documents' ids a build to a directory sorts at a
// time: the ids are written in pieces, each in id order, which idRanks
// merges (see idSorter), so that the build does not hold the ids of all its
// documents at once (tens of MB, allocated in one go past the heap's soft
// limit).
const runIDPiece = 1 << 18

// idBlob returns the ids of the documents from first up to end, decoded
// into one buffer (a string each would be millions of objects for the
// collector), and ends[d] the end of the id of document first+d in it
// (ends[0] is 0).
func idBlob(ids *index.IDCoder, first, end int) ([]byte, []uint64) {
	end = min(end, ids.Docs())
	ends := make([]uint64, end-first+1)
	ids.Range(first, end, func(d int, id []byte) { ends[d-first+1] = ends[d-first] + uint64(len(id)) })
	blob := make([]byte, 0, ends[len(ends)-1]) // sized first: growing it would hold it twice
	ids.Range(first, end, func(_ int, id []byte) { blob = append(blob, id...) })
	return blob, ends
}

// cleanup closes and removes the builder's runs and list files.
func (b *builder) cleanup() {
	for _, r := range b.runs {
		r.f.Close()
		os.Remove(r.path)
	}
	b.runs = nil
	b.idSort.close()
	b.idSort = nil
	if b.idFile != nil {
		b.idFile.Close()
		os.Remove(b.idFile.Name())
		b.idFile = nil
	}
	for _, f := range b.temps {
		f.Close()
		os.Remove(f.Name())
	}
	b.temps = nil
	for _, ub := range b.units {
		if ub == nil {
			continue
		}
		for _, fb := range ub.fields {
			fb.store.close()
		}
	}
}

// idRanks returns each document's position in byte order of the ids (ties,
// which a valid corpus does not have, by document): merged from the sorted
// pieces of a build to a directory (see idSorter, ended by finish),
// otherwise by sorting them all.
func (b *builder) idRanks(ui int) ([]uint32, error) {
	ub := b.units[ui]
	ranks := make([]uint32, ub.docs)
	if b.idSort == nil {
		for r, d := range idOrder(idBlob(&ub.ids, 0, ub.ids.Docs())) {
			ranks[d] = uint32(r)
		}
		return ranks, nil
	}
	h := &idHeap{}
	for _, p := range b.idSort.pieces[ui] {
		s := &idStream{r: p.reader(b.idSort.f)}
		if err := s.next(); err != nil {
			return nil, err
		}
		if !s.done {
			h.s = append(h.s, s)
		}
	}
	heap.Init(h)
	for rank := 0; len(h.s) > 0; rank++ {
		s := h.s[0]
		if int(s.doc) >= len(ranks) || rank >= len(ranks) {
			return nil, fmt.Errorf("lexical: build: internal error: the sorted ids do not match the documents")
		}
		ranks[s.doc] = uint32(rank)
		if err := s.next(); err != nil {
			return nil, err
		}
		if s.done {
			heap.Pop(h)
		} else {
			heap.Fix(h, 0)
		}
	}
	return ranks, nil
}

// An idStream reads a run's (id, document) pairs.
type idStream struct {
	r    *bufio.Reader
	id   []byte
	doc  uint32
	done bool
}

func (s *idStream) next() error {
	n, err := binary.ReadUvarint(s.r)
	if err == io.EOF {
		s.done = true
		return nil
	}
	if err != nil {
		return fmt.Errorf("lexical: build: reading a run: %w", err)
	}
	s.id = slices.Grow(s.id[:0], int(n))[:n]
	if _, err := io.ReadFull(s.r, s.id); err != nil {
		return fmt.Errorf("lexical: build: reading a run: %w", err)
	}
	d, err := binary.ReadUvarint(s.r)
	if err != nil {
		return fmt.Errorf("lexical: build: reading a run: %w", err)
	}
	s.doc = uint32(d)
	return nil
}

// idHeap orders the runs' streams by their current id, then document.
type idHeap struct{ s []*idStream }

func (h *idHeap) Len() int { return len(h.s) }
func (h *idHeap) Less(i, j int) bool {
	if c := bytes.Compare(h.s[i].id, h.s[j].id); c != 0 {
		return c < 0
	}
	return h.s[i].doc < h.s[j].doc
}
func (h *idHeap) Swap(i, j int) { h.s[i], h.s[j] = h.s[j], h.s[i] }
func (h *idHeap) Push(x any)    { h.s = append(h.s, x.(*idStream)) }
func (h *idHeap) Pop() any {
	x := h.s[len(h.s)-1]
	h.s = h.s[:len(h.s)-1]
	return x
}

// A listStore holds a field's complete posting lists by provisional term
// id once the documents are all in: in memory (a build without runs: in
// the arena they grew in, and lists added since in mem), or in a file in
// the index directory (the runs' lists concatenated).
type listStore struct {
	arena arena   // the lists as they grew (a build without runs)
	lists []plist // and their chains in it, by provisional term id
	mem   []byte  // lists added (conflation), in memory; or
	path  string  // the file holding them
	f     *os.File
	w     *countWriter // appends to f
	at    []uint64     // per provisional term id: offset of its list (inArena: lists[id])
	n     []uint64     // and its length in bytes (0: no list)
}

// inArena is a listStore's offset of a list that is in its arena.
const inArena = ^uint64(0)

// list appends the list of term g to dst.
func (s *listStore) list(dst []byte, g uint32) ([]byte, error) {
	if int(g) >= len(s.n) || s.n[g] == 0 {
		return dst, nil
	}
	at, n := s.at[g], s.n[g]
	if at == inArena {
		return s.arena.appendTo(dst, &s.lists[g]), nil
	}
	if s.f == nil {
		return append(dst, s.mem[at:at+n]...), nil
	}
	if err := s.flush(); err != nil {
		return dst, err
	}
	start := len(dst)
	dst = slices.Grow(dst, int(n))[:start+int(n)]
	if _, err := s.f.ReadAt(dst[start:], int64(at)); err != nil {
		return dst[:start], fmt.Errorf("lexical: build: reading %s: %w", s.path, err)
	}
	return dst, nil
}

// flush writes out what s holds for its file, so that list only reads.
func (s *listStore) flush() error {
	if s.f == nil {
		return nil
	}
	if err := s.w.w.Flush(); err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	return nil
}

// add stores b, not yet attached to a term, and returns its offset.
func (s *listStore) add(b []byte) (uint64, error) {
	if s.f == nil {
		at := uint64(len(s.mem))
		s.mem = append(s.mem, b...)
		return at, nil
	}
	at := uint64(s.w.n)
	if _, err := s.w.Write(b); err != nil {
		return 0, fmt.Errorf("lexical: build: %w", err)
	}
	return at, nil
}

// grow makes room for term ids below n.
func (s *listStore) grow(n int) {
	if n > len(s.n) {
		s.at = append(s.at, make([]uint64, n-len(s.at))...)
		s.n = append(s.n, make([]uint64, n-len(s.n))...)
	}
}

func (s *listStore) close() {
	if s == nil {
		return
	}
	if s.f != nil {
		s.f.Close()
		os.Remove(s.path)
	}
	s.arena, s.lists, s.mem, s.f, s.at, s.n = arena{}, nil, nil, nil, nil, nil
}

// memStore moves the field's lists, in their arena, into a store in
// memory (not copied: a copy would double the memory the build holds at
// its end).
func (fb *fieldBuilder) memStore() *listStore {
	s := &listStore{arena: fb.arena, lists: make([]plist, len(fb.terms))}
	s.grow(len(fb.terms))
	for g := range fb.terms {
		l := fb.terms[g].post
		if n := s.arena.length(&l); n > 0 {
			s.lists[g], s.at[g], s.n[g] = l, inArena, uint64(n)
		}
		fb.terms[g].post = plist{}
	}
	fb.arena = arena{}
	return s
}

// fileStore concatenates the lists of field fi of unit ui from all runs
// into a file.
func (b *builder) fileStore(ui, fi int) (*listStore, error) {
	fb := b.units[ui].fields[fi]
	path := filepath.Join(b.dir, fmt.Sprintf("build-%s-%s.lists", b.units[ui].unit, fb.name))
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	s := &listStore{path: path, f: f, w: &countWriter{w: bufio.NewWriterSize(f, 1<<20)}}
	fb.store = s // closed by cleanup
	s.grow(len(fb.terms))
	type head struct {
		r    *bufio.Reader
		g, n uint64
		done bool
	}
	next := func(h *head) error {
		g, err := binary.ReadUvarint(h.r)
		if err == io.EOF {
			h.done = true
			return nil
		}
		if err == nil {
			h.g = g
			h.n, err = binary.ReadUvarint(h.r)
		}
		if err == nil && h.g >= uint64(len(s.n)) {
			err = fmt.Errorf("term %d out of range", h.g)
		}
		if err != nil {
			return fmt.Errorf("lexical: build: reading a run: %w", err)
		}
		return nil
	}
	heads := make([]*head, len(b.runs))
	for i, r := range b.runs {
		heads[i] = &head{r: r.post[ui][fi].reader(r.f)}
		if err := next(heads[i]); err != nil {
			return nil, err
		}
	}
	for {
		g := uint64(len(s.n))
		for _, h := range heads {
			if !h.done {
				g = min(g, h.g)
			}
		}
		if g == uint64(len(s.n)) {
			break
		}
		s.at[g] = uint64(s.w.n)
		for _, h := range heads {
			if h.done || h.g != g {
				continue
			}
			if _, err := io.CopyN(s.w, h.r, int64(h.n)); err != nil {
				return nil, fmt.Errorf("lexical: build: reading a run: %w", err)
			}
			s.n[g] += h.n
			if err := next(h); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// eachVector calls fn with the term vector (provisional ids) of every
// document of field fi of unit ui, in document order, and the run it is
// in (0 without runs).
func (b *builder) eachVector(ui, fi int, fn func(run int, v []byte) error) error {
	fb := b.units[ui].fields[fi]
	if len(b.runs) == 0 {
		for d, at := range fb.fwdAt {
			if err := fn(0, fb.fwd.at(at, int(fb.fwdLen[d]))); err != nil {
				return err
			}
		}
		return nil
	}
	var v []byte
	for ri, r := range b.runs {
		br := r.fwd[ui][fi].reader(r.f)
		for {
			n, err := binary.ReadUvarint(br)
			if err == io.EOF {
				break
			}
			if err != nil {
				return fmt.Errorf("lexical: build: reading a run: %w", err)
			}
			v = slices.Grow(v[:0], int(n))[:n]
			if _, err := io.ReadFull(br, v); err != nil {
				return fmt.Errorf("lexical: build: reading a run: %w", err)
			}
			if err := fn(ri, v); err != nil {
				return err
			}
		}
	}
	return nil
}
