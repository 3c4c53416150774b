package build

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/argsearch/argsearch/internal/crc32c"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// write freezes the builder's units (see freeze) and returns them in
// memory, with dir ""; otherwise it writes them and the metadata m to
// dir, and reads the index back.
func (b *builder) write(ctx context.Context, dir string, m index.Meta) (*index.Data, error) {
	d := &index.Data{Meta: m, Units: make([]*index.Unit, len(b.units))}
	// On disk, each unit is written from the lists the builder stores (in
	// the directory, when the build wrote runs) and the index is read back
	// at the end. The units share nothing but what the builder only reads
	// now, so they are frozen on goroutines of their own, one per core;
	// one at a time when they are merged from segments, whose sections,
	// written to files of their own first, take as much disk as the unit.
	todo := make(chan int, len(b.units))
	for i := range b.units {
		todo <- i
	}
	close(todo)
	errs := make([]error, len(b.units))
	var wg sync.WaitGroup
	workers := min(len(b.units), max(1, runtime.GOMAXPROCS(0)))
	if b.segTerms > 0 && len(b.runs) > 0 {
		workers = 1
	}
	// A field's postings are coded in as many parts as there are cores
	// that would otherwise idle (see freezePostings).
	parts := min(maxPostingParts, max(1, runtime.GOMAXPROCS(0)/workers))
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range todo {
				if err := ctx.Err(); err != nil {
					errs[i] = fmt.Errorf("lexical: build: %w", err)
					continue
				}
				u, streams, err := b.freeze(ctx, i, dir == "", parts)
				if err == nil && dir != "" {
					err = index.WriteUnit(ctx, dir, u, streams)
				} else if err == nil {
					d.Units[i] = u
				}
				errs[i] = err
				b.removeTemps(i)
				b.release(i)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	b.cleanup()
	b.dict, b.target = nil, nil
	if dir == "" {
		return d, nil
	}
	// Collect the builder and return its memory to the system before
	// the index is read back.
	d = nil
	debug.FreeOSMemory()
	if err := index.WriteMeta(dir, m); err != nil {
		return nil, err
	}
	return index.Read(dir, m, m.Units, true)
}

// freeze renumbers the terms of unit ui in byte order (dropping stopped
// ones) and returns the unit's final form. In memory, the unit holds all
// its sections; otherwise the postings and term vectors are streams, to be
// written (see index.WriteUnit) from the lists the builder stores.
//
// b.target, if not nil, maps each provisional term id to the id of the
// term whose postings now hold its occurrences (Krovetz conflation); term
// vector entries are remapped through it, summing the frequencies of terms
// that share a target.
//
// The ids are ranked after the fields are frozen, once each has released
// its lists: ranking takes memory of its own (ranking them on a spare core
// meanwhile raised the full-scale sentence build's peak RSS from 787 to
// 840 MB in one of three runs).
func (b *builder) freeze(ctx context.Context, ui int, inMemory bool, parts int) (*index.Unit, []index.FieldStreams, error) {
	if b.segTerms > 0 && len(b.runs) > 0 {
		return b.freezeSegments(ui)
	}
	ub := b.units[ui]
	if err := b.joinIDs(ub); err != nil {
		return nil, nil, err
	}
	u := &index.Unit{Name: ub.unit, IDData: ub.ids.Data, IDRestart: ub.ids.Restart}
	var streams []index.FieldStreams
	for fi := range ub.fields {
		f, st, err := b.freezeField(ctx, ui, fi, inMemory, parts)
		if err != nil {
			return nil, nil, err
		}
		u.Fields = append(u.Fields, f)
		streams = append(streams, st)
	}
	var err error
	if u.IDRank, err = b.idRanks(ui); err != nil {
		return nil, nil, err
	}
	u.SetIDChecks()
	return u, streams, nil
}

func (b *builder) freezeField(ctx context.Context, ui, fi int, inMemory bool, parts int) (*index.Field, index.FieldStreams, error) {
	fb := b.units[ui].fields[fi]
	terms, target, s := b.dict.terms, b.target, fb.store
	order := make([]uint32, 0, len(fb.terms))
	for g := range fb.terms {
		if fb.terms[g].df > 0 {
			order = append(order, uint32(g))
		}
	}
	slices.SortFunc(order, func(a, b uint32) int { return strings.Compare(terms[a], terms[b]) })
	newID := make([]uint32, len(fb.terms))
	const dropped = ^uint32(0)
	for g := range newID {
		newID[g] = dropped
	}
	f := &index.Field{Name: fb.name}
	f.SetLengths(fb.dl)
	for d, n := range fb.dl {
		if n > index.MaxLength {
			return nil, index.FieldStreams{}, fmt.Errorf("lexical: build: document %s has %d tokens in field %s, more than the %d an index holds: %w", b.units[ui].ids.ID(d), n, fb.name, index.MaxLength, index.ErrConfig)
		}
	}
	f.TermOff = make([]uint64, 1, len(order)+1)
	f.DF = make([]uint32, len(order))
	f.TTF = make([]uint64, len(order))
	f.MaxTF = make([]uint32, len(order))
	for i, g := range order {
		newID[g] = uint32(i)
		f.TermBlob = append(f.TermBlob, terms[g]...)
		f.TermOff = append(f.TermOff, uint64(len(f.TermBlob)))
		st := &fb.terms[g]
		f.DF[i], f.TTF[i], f.MaxTF[i] = st.df, st.ttf, st.maxTF
	}
	for g, sg := range target {
		if int(g) < len(newID) && int(sg) < len(newID) && newID[g] == dropped {
			newID[g] = newID[sg]
		}
	}
	var st index.FieldStreams
	var err error
	if f.Post, st.Post, err = b.freezePostings(ctx, ui, fi, f, order, inMemory, parts); err != nil {
		return nil, st, err
	}
	s.close() // release the lists before the term vectors are made
	if fb.vectors {
		if st.Fwd, err = b.freezeVectors(ui, fi, f, func(_ int, g uint64) uint32 { return newID[g] }, inMemory); err != nil {
			return nil, st, err
		}
	}
	if inMemory {
		f.SetStats()
		f.InitChecks()
	}
	return f, st, nil
}

// maxPostingParts bounds the parts a field's postings are coded in at
// once (see freezePostings): each holds a list and its coding.
const maxPostingParts = 4

// A postPart is a range of a field's terms whose postings one goroutine
// codes (see freezePostings) into a section of its own.
type postPart struct {
	first int      // the final id of its first term
	order []uint32 // its terms' provisional ids
	out   *output
	size  uint64 // bytes written to out
}

// freezePostings codes the postings of the terms in order (provisional
// ids) of field fi of unit ui, fills in f's posting offsets and blocks,
// and returns the section's bytes in memory, otherwise its stream. The
// terms are cut into up to parts ranges of about the same bytes of lists,
// coded at once on goroutines of their own into f's tables (each term's
// blocks are known from its document frequency) and sections of their
// own, concatenated in order: the index is the same for any number of
// parts, and the tables are not copied. The section ends in 8 bytes of
// padding, so that a block's last values can be read a word at a time.
func (b *builder) freezePostings(ctx context.Context, ui, fi int, f *index.Field, order []uint32, inMemory bool, parts int) ([]byte, *index.Stream, error) {
	fb := b.units[ui].fields[fi]
	s := fb.store
	if err := s.flush(); err != nil { // s is only read from now on
		return nil, nil, err
	}
	f.PostOff = make([]uint64, len(order)+1)
	f.BlockAt = make([]uint32, len(order)+1)
	f.PostCRC = make([]uint32, len(order))
	for i, df := range f.DF {
		f.BlockAt[i+1] = f.BlockAt[i] + (df+index.BlockSize-1)/index.BlockSize
	}
	f.Blocks = make([]index.Block, f.BlockAt[len(order)])
	ps := splitTerms(s, order, parts)
	for i, p := range ps {
		size, what := fb.bytes, "postings"
		if len(ps) > 1 {
			size, what = fb.bytes/len(ps)+fb.bytes/8, fmt.Sprintf("postings%d", i)
		}
		var err error
		if p.out, err = b.newOutput(ui, fi, what, inMemory, size); err != nil {
			return nil, nil, err
		}
	}
	var stop atomic.Bool
	errs := make([]error, len(ps))
	var wg sync.WaitGroup
	for i, p := range ps {
		wg.Go(func() {
			if errs[i] = encodePostings(ctx, f, p, s, &stop); errs[i] != nil {
				stop.Store(true)
			}
		})
	}
	wg.Wait()
	if err := cmp.Or(errs...); err != nil {
		return nil, nil, err
	}
	var pad [8]byte
	if _, err := ps[len(ps)-1].out.Write(pad[:]); err != nil {
		return nil, nil, fmt.Errorf("lexical: build: %w", err)
	}
	base := uint64(0) // a part's offsets are relative to its section
	for _, p := range ps {
		for i := p.first + 1; i <= p.first+len(p.order); i++ {
			f.PostOff[i] += base
		}
		base += p.size
	}
	return concatOutputs(ps, inMemory)
}

// splitTerms cuts order into up to n ranges of about the same bytes of
// lists in s (and a few for each term).
func splitTerms(s *listStore, order []uint32, n int) []*postPart {
	n = max(1, min(n, len(order)))
	weight := func(g uint32) uint64 {
		if int(g) < len(s.n) {
			return s.n[g] + 8
		}
		return 8
	}
	total := uint64(0)
	for _, g := range order {
		total += weight(g)
	}
	ps := make([]*postPart, 0, n)
	first, sum := 0, uint64(0)
	for i, g := range order {
		sum += weight(g)
		if len(ps) < n-1 && sum*uint64(n) >= total*uint64(len(ps)+1) {
			ps = append(ps, &postPart{first: first, order: order[first : i+1]})
			first = i + 1
		}
	}
	return append(ps, &postPart{first: first, order: order[first:]})
}

// concatOutputs returns the parts' sections, in order, as one: in memory,
// or a stream that copies them from their files.
func concatOutputs(ps []*postPart, inMemory bool) ([]byte, *index.Stream, error) {
	if len(ps) == 1 {
		return ps[0].out.done(inMemory)
	}
	var mem []byte
	streams := make([]*index.Stream, len(ps))
	size := 0
	for i, p := range ps {
		b, st, err := p.out.done(inMemory)
		if err != nil {
			return nil, nil, err
		}
		if inMemory {
			mem = append(mem, b...)
			p.out = nil
			continue
		}
		streams[i] = st
		size += st.Size
	}
	if inMemory {
		return mem, nil, nil
	}
	return nil, &index.Stream{Size: size, Write: func(w io.Writer) error {
		for _, st := range streams {
			if err := st.Write(w); err != nil {
				return err
			}
		}
		return nil
	}}, nil
}

// encodePostings writes the lists of p's terms from s to p.out in blocks
// (see index.Block), and fills in their entries of f's tables, with
// offsets relative to p's section; it ends early with ctx's error, or,
// once stop is set (another part failed), with nil.
func encodePostings(ctx context.Context, f *index.Field, p *postPart, s *listStore, stop *atomic.Bool) error {
	var list []byte
	e := &encoder{f: f, prev: -1}
	for j, g := range p.order {
		if j%1024 == 0 {
			if stop.Load() {
				return nil
			}
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("lexical: build: %w", err)
			}
		}
		var err error
		if list, err = s.list(list[:0], g); err != nil {
			return err
		}
		for doc, tf := range listPostings(list) {
			e.add(uint32(doc), tf)
		}
		i := p.first + j
		enc, blocks, err := e.end(func() string { return string(f.Term(i)) })
		if err != nil {
			return err
		}
		if len(blocks) != int(f.BlockAt[i+1]-f.BlockAt[i]) {
			return fmt.Errorf("lexical: build: internal error: term %s has %d blocks of postings, not the %d of its %d documents", quote.Q(string(f.Term(i))), len(blocks), f.BlockAt[i+1]-f.BlockAt[i], f.DF[i])
		}
		if _, err := p.out.Write(enc); err != nil {
			return fmt.Errorf("lexical: build: %w", err)
		}
		p.size += uint64(len(enc))
		copy(f.Blocks[f.BlockAt[i]:], blocks)
		f.PostCRC[i] = index.PostingsCRC(enc, blocks)
		f.PostOff[i+1] = p.size
	}
	return nil
}

// An encoder codes one term's postings at a time in blocks (see
// index.Block); f gives the documents' lengths.
type encoder struct {
	f         *index.Field
	docs, tfs [index.BlockSize]uint32
	n         int
	prev      int64
	enc       []byte
	blocks    []index.Block
}

// add adds a posting, in document order.
func (e *encoder) add(doc, tf uint32) {
	e.docs[e.n], e.tfs[e.n] = doc, tf
	if e.n++; e.n == index.BlockSize {
		e.flush()
	}
}

func (e *encoder) flush() {
	n := e.n
	b := index.Block{Last: e.docs[n-1], Off: uint32(len(e.enc)), MaxTF: index.MaxStat, MinDL: index.MaxStat}
	bmax, bmin := uint32(0), uint32(math.MaxUint32)
	for j := range n {
		bmax = max(bmax, e.tfs[j])
		bmin = min(bmin, e.f.Length(uint64(e.docs[j])))
	}
	b.MaxTF, b.MinDL = uint16(min(bmax, index.MaxStat)), uint16(min(bmin, index.MaxStat))
	e.blocks = append(e.blocks, b)
	e.enc = index.AppendBlock(e.enc, e.docs[:n], e.tfs[:n], e.prev)
	e.prev, e.n = int64(e.docs[n-1]), 0
}

// end returns the postings and blocks of the term (named by term, for an
// error) and starts the next; they are valid until the next call of add.
func (e *encoder) end(term func() string) ([]byte, []index.Block, error) {
	if e.n > 0 {
		e.flush()
	}
	enc, blocks := e.enc, e.blocks
	e.enc, e.blocks, e.prev = e.enc[:0], e.blocks[:0], -1
	if uint64(len(enc)) > math.MaxUint32 {
		return nil, nil, fmt.Errorf("lexical: build: the postings of term %s take %d bytes, more than this format's 4 GiB: %w", quote.Q(term()), len(enc), index.ErrConfig)
	}
	return enc, blocks, nil
}

// An output collects a section of a unit file while the unit is frozen:
// in memory, or, for a build that wrote runs, in a file in the index
// directory.
type output struct {
	mem  *bytes.Buffer
	file *os.File
	cw   *countWriter
}

// newOutput returns an output for a section of field fi of unit ui, of
// about size bytes: in memory for an index in memory, otherwise in a file
// (the lists it is made from are still held).
func (b *builder) newOutput(ui, fi int, what string, inMemory bool, size int) (*output, error) {
	if inMemory || b.dir == "" {
		return &output{mem: bytes.NewBuffer(make([]byte, 0, size))}, nil
	}
	name := fmt.Sprintf("build-%s-%s.%s", b.units[ui].unit, b.units[ui].fields[fi].name, what)
	f, err := os.Create(filepath.Join(b.dir, name))
	if err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	b.tempsMu.Lock()
	b.temps = append(b.temps, f)
	b.tempsMu.Unlock()
	return &output{file: f, cw: &countWriter{w: bufio.NewWriterSize(f, 1<<20)}}, nil
}

func (o *output) Write(p []byte) (int, error) {
	if o.mem != nil {
		return o.mem.Write(p)
	}
	return o.cw.Write(p)
}

// done returns the section's bytes when the unit stays in memory, and
// otherwise the stream that writes them.
func (o *output) done(inMemory bool) ([]byte, *index.Stream, error) {
	if o.mem != nil {
		b := o.mem.Bytes()
		if inMemory {
			return b, nil, nil
		}
		return nil, &index.Stream{Size: len(b), Write: func(w io.Writer) error {
			_, err := w.Write(b)
			return err
		}}, nil
	}
	if err := o.cw.w.Flush(); err != nil {
		return nil, nil, fmt.Errorf("lexical: build: %w", err)
	}
	f, n := o.file, o.cw.n
	return nil, &index.Stream{Size: int(n), Write: func(w io.Writer) error {
		_, err := io.Copy(w, io.NewSectionReader(f, 0, n))
		return err
	}}, nil
}

// freezeVectors writes the term vectors of field fi of unit ui, with the
// final term ids newID, and returns their stream (nil in memory, where f
// holds them).
func (b *builder) freezeVectors(ui, fi int, f *index.Field, newID func(run int, g uint64) uint32, inMemory bool) (*index.Stream, error) {
	fb := b.units[ui].fields[fi]
	f.FwdOff = make([]uint64, 1, f.Docs()+1)
	out, err := b.newOutput(ui, fi, "vectors", inMemory, fb.fwdSize+fb.fwdSize/8)
	if err != nil {
		return nil, err
	}
	total := uint64(0)
	f.FwdCRC = make([]uint32, 0, index.FwdChunks(f.Docs()))
	crc := uint32(0) // of the current chunk's term vectors
	vs := &vectorSorter{emit: func(enc []byte) error {
		total += uint64(len(enc))
		f.FwdOff = append(f.FwdOff, total)
		crc = crc32c.Update(crc, enc)
		if d := len(f.FwdOff) - 1; d%index.FwdChunk == 0 || d == f.Docs() {
			f.FwdCRC = append(f.FwdCRC, index.UpdateUint64s(crc, f.FwdOff[(d-1)/index.FwdChunk*index.FwdChunk:]))
			crc = 0
		}
		_, err := out.Write(enc)
		return err
	}}
	err = b.eachVector(ui, fi, func(run int, v []byte) error { return vs.add(run, v, newID) })
	if err == nil {
		err = vs.flush()
	}
	if err == nil && len(f.FwdOff) != f.Docs()+1 {
		err = fmt.Errorf("internal error: term vectors of %d documents, not %d", len(f.FwdOff)-1, f.Docs())
	}
	if err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	fb.fwd, fb.fwdAt, fb.fwdLen = arena{}, nil, nil
	var st *index.Stream
	f.Fwd, st, err = out.done(inMemory)
	return st, err
}

// A vectorSorter puts the entries of term vectors in the order of their
// final term ids, a chunk of consecutive documents at a time: each entry
// is a key doc<<vecDocShift | id<<vecTFBits | frequency (doc within the
// chunk), and the chunk's keys are sorted by id with a radix sort, then
// put back in document order (stably), which leaves each document's
// entries sorted by id. Sorting each document's entries on its own
// (appendMerged) took about half the time the term vectors were frozen in
// at full scale: a comparison sort mispredicts its branches every few
// entries, a radix sort of a chunk reads and writes each entry a few
// times in order. An
// entry whose id or frequency does not fit its bits (more than 2^24 terms,
// a document of more than 2^25 tokens) has its document sorted on its
// own, after the documents before it.
type vectorSorter struct {
	emit func(enc []byte) error // called with each document's term vector, in order
	keys []uint64               // the chunk's entries, by document
	tmp  []uint64
	ends []int32 // per document of the chunk: the end of its keys
	pos  []int32
	ents []uint64 // a document sorted on its own
	enc  []byte
}

// The bits of a vectorSorter's keys, and the most documents and keys of
// a chunk (a chunk's last document may bring more keys).
const (
	vecTFBits    = 25
	vecIDBits    = 24
	vecDocShift  = vecTFBits + vecIDBits
	vecChunkDocs = 1 << (64 - vecDocShift)
	vecChunkKeys = 1 << 16
)

// add adds the next document's term vector v (provisional ids of run),
// with the final ids newID; an entry whose id is dropped is left out.
func (s *vectorSorter) add(run int, v []byte, newID func(run int, g uint64) uint32) error {
	const dropped = ^uint32(0)
	start := len(s.keys)
	d := uint64(len(s.ends)) << vecDocShift
	for p := v; len(p) > 0; {
		var g uint64
		var tf uint32
		g, tf, p = readPosting(p)
		id := newID(run, g)
		if id == dropped {
			continue
		}
		if id >= 1<<vecIDBits || tf >= 1<<vecTFBits {
			s.keys = s.keys[:start]
			if err := s.flush(); err != nil {
				return err
			}
			return s.alone(run, v, newID)
		}
		s.keys = append(s.keys, d|uint64(id)<<vecTFBits|uint64(tf))
	}
	s.ends = append(s.ends, int32(len(s.keys)))
	if len(s.ends) == vecChunkDocs || len(s.keys) >= vecChunkKeys {
		return s.flush()
	}
	return nil
}

// alone sorts the term vector v on its own (see add) and emits it.
func (s *vectorSorter) alone(run int, v []byte, newID func(run int, g uint64) uint32) error {
	const dropped = ^uint32(0)
	s.ents = s.ents[:0]
	for p := v; len(p) > 0; {
		var g uint64
		var tf uint32
		g, tf, p = readPosting(p)
		if id := newID(run, g); id != dropped {
			s.ents = append(s.ents, uint64(id)<<32|uint64(tf))
		}
	}
	s.enc = appendMerged(s.enc[:0], s.ents, nil)
	return s.emit(s.enc)
}

// flush sorts the chunk's keys and emits its documents' term vectors, in
// order, each entry's frequency summed with those of the entries of the
// same id (terms conflated to one), as appendMerged does.
func (s *vectorSorter) flush() error {
	keys := s.keys
	if len(keys) > 1 {
		s.tmp = slices.Grow(s.tmp[:0], len(keys))[:len(keys)]
		keys = s.sort(keys, s.tmp)
	}
	const idMask, tfMask = 1<<vecIDBits - 1, 1<<vecTFBits - 1
	start := int32(0)
	for _, end := range s.ends {
		enc := s.enc[:0]
		prev := uint64(0)
		for j := start; j < end; {
			id := keys[j] >> vecTFBits & idMask
			f := uint32(keys[j] & tfMask)
			for j++; j < end && keys[j]>>vecTFBits&idMask == id; j++ {
				f += uint32(keys[j] & tfMask)
			}
			enc = appendPosting(enc, id-prev, f)
			prev = id
		}
		s.enc = enc
		if err := s.emit(enc); err != nil {
			return err
		}
		start = end
	}
	s.keys, s.ends = s.keys[:0], s.ends[:0]
	return nil
}

// sort sorts keys by document, then id (see vectorSorter), using tmp (of
// the same length), and returns the slice that holds them sorted: keys or
// tmp. It sorts by the id's bytes, least significant first, each pass
// stable (a pass whose byte is the same in every key is skipped), then
// puts the keys back in document order, stably: each document's keys
// keep the positions they had.
func (s *vectorSorter) sort(keys, tmp []uint64) []uint64 {
	var counts [vecIDBits / 8][256]int32
	for _, k := range keys {
		id := k >> vecTFBits
		counts[0][byte(id)]++
		counts[1][byte(id>>8)]++
		counts[2][byte(id>>16)]++
	}
	n := int32(len(keys))
	src, dst := keys, tmp
	for p := range counts {
		c := &counts[p]
		shift := vecTFBits + 8*p
		if c[byte(src[0]>>shift)] == n {
			continue
		}
		sum := int32(0)
		for i, x := range c {
			c[i] = sum
			sum += x
		}
		for _, k := range src {
			at := &c[byte(k>>shift)]
			dst[*at] = k
			*at++
		}
		src, dst = dst, src
	}
	if len(s.ends) == 1 {
		return src
	}
	s.pos = s.pos[:0]
	start := int32(0)
	for _, end := range s.ends {
		s.pos = append(s.pos, start)
		start = end
	}
	for _, k := range src {
		at := &s.pos[k>>vecDocShift]
		dst[*at] = k
		*at++
	}
	return dst
}

// release lets go of what the builder holds for unit ui, once it is
// written.
func (b *builder) release(ui int) {
	for _, fb := range b.units[ui].fields {
		fb.store.close()
	}
	b.units[ui] = nil
}
