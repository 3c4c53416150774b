package build

import (
	"bufio"
	"bytes"
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

// A build with shingles to a directory writes segments (see segmentTerms):
// runs whose lists are keyed by the terms themselves, in byte order, each
// with its statistics in the segment, since the dictionary starts afresh
// after each. A segment's list of a field is, per term:
//
//	varint(len(term)) term varint(provisional id) varint(df) varint(ttf)
//	varint(max tf) varint(len(list)) list
//
// the list in the builder's form (appendPosting), its first document
// counted from 0. Segments hold consecutive documents; at the end the
// segments' lists of each term are merged in order (mergeField), and the
// unit is written from files in the index directory, so that no more than
// one term of each segment is held at a time.

// A segHead reads one segment's terms of a field.
type segHead struct {
	run   int // the segment's position among the runs
	r     *bufio.Reader
	term  []byte
	g     uint64
	df    uint64
	ttf   uint64
	maxTF uint64
	list  []byte
	done  bool
}

// next reads the segment's next term.
func (h *segHead) next() error {
	n, err := binary.ReadUvarint(h.r)
	if err == io.EOF {
		h.done = true
		return nil
	}
	if err == nil {
		h.term = slices.Grow(h.term[:0], int(n))[:n]
		_, err = io.ReadFull(h.r, h.term)
	}
	for _, p := range []*uint64{&h.g, &h.df, &h.ttf, &h.maxTF, &n} {
		if err == nil {
			*p, err = binary.ReadUvarint(h.r)
		}
	}
	if err == nil {
		h.list = slices.Grow(h.list[:0], int(n))[:n]
		_, err = io.ReadFull(h.r, h.list)
	}
	if err != nil {
		return fmt.Errorf("lexical: build: reading a segment: %w", err)
	}
	return nil
}

// segHeap orders segments by their current term, then by position.
type segHeap []*segHead

func (h segHeap) Len() int { return len(h) }
func (h segHeap) Less(i, j int) bool {
	if c := bytes.Compare(h[i].term, h[j].term); c != 0 {
		return c < 0
	}
	return h[i].run < h[j].run
}
func (h segHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *segHeap) Push(x any)   { *h = append(*h, x.(*segHead)) }
func (h *segHeap) Pop() any {
	x := (*h)[len(*h)-1]
	*h = (*h)[:len(*h)-1]
	return x
}

// A tempOut is a section of a unit file written to a file of its own in
// the index directory, to be copied into the unit file.
type tempOut struct {
	f   *os.File
	w   *countWriter
	buf [8]byte
}

// newTemp creates the file of a section of field fi of unit ui.
func (b *builder) newTemp(ui, fi int, what string) (*tempOut, error) {
	name := fmt.Sprintf("build-%s-%s.%s", b.units[ui].unit, b.units[ui].fields[fi].name, what)
	f, err := os.Create(filepath.Join(b.dir, name))
	if err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	b.tempsMu.Lock()
	b.temps = append(b.temps, f) // removed by cleanup, or removeTemps
	b.tempsMu.Unlock()
	return &tempOut{f: f, w: &countWriter{w: bufio.NewWriterSize(f, 1<<20)}}, nil
}

func (t *tempOut) u32(x uint32) {
	binary.LittleEndian.PutUint32(t.buf[:], x)
	t.w.Write(t.buf[:4])
}

func (t *tempOut) u64(x uint64) {
	binary.LittleEndian.PutUint64(t.buf[:], x)
	t.w.Write(t.buf[:8])
}

// stream returns the section written, as a stream that copies it.
func (t *tempOut) stream() (*index.Stream, error) {
	if err := t.w.w.Flush(); err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	f, n := t.f, t.w.n
	return &index.Stream{Size: int(n), Write: func(w io.Writer) error {
		_, err := io.Copy(w, io.NewSectionReader(f, 0, n))
		return err
	}}, nil
}

// freezeSegments returns unit ui of a build that wrote segments, its
// term dictionaries and postings as streams (see mergeField).
func (b *builder) freezeSegments(ui int) (*index.Unit, []index.FieldStreams, error) {
	ub := b.units[ui]
	if err := b.joinIDs(ub); err != nil {
		return nil, nil, err
	}
	u := &index.Unit{Name: ub.unit, IDData: ub.ids.Data, IDRestart: ub.ids.Restart}
	var err error
	if u.IDRank, err = b.idRanks(ui); err != nil {
		return nil, nil, err
	}
	u.SetIDChecks()
	var streams []index.FieldStreams
	for fi := range ub.fields {
		f, st, err := b.mergeField(ui, fi)
		if err != nil {
			return nil, nil, err
		}
		u.Fields = append(u.Fields, f)
		streams = append(streams, st)
	}
	if ui == len(b.units)-1 {
		// Units are frozen one at a time, in order (builder.write): the
		// segments are no longer read, and go before the unit is written.
		for _, r := range b.runs {
			r.f.Close()
			os.Remove(r.path)
		}
		b.runs = b.runs[:0]
	}
	return u, streams, nil
}

// mergeField merges the segments' lists of field fi of unit ui, term by
// term in byte order, into the sections of the field's terms and postings,
// each written to a file of its own, and writes its term vectors (with the
// final term ids) likewise. The sections are those freezeField makes from
// one dictionary.
func (b *builder) mergeField(ui, fi int) (*index.Field, index.FieldStreams, error) {
	fb := b.units[ui].fields[fi]
	f := &index.Field{Name: fb.name}
	f.SetLengths(fb.dl)
	var st index.FieldStreams
	for d, n := range fb.dl {
		if n > index.MaxLength {
			return nil, st, fmt.Errorf("lexical: build: document %s has %d tokens in field %s, more than the %d an index holds: %w", b.units[ui].ids.ID(d), n, fb.name, index.MaxLength, index.ErrConfig)
		}
	}
	names := []string{"terms", "termoff", "df", "ttf", "maxtf", "postoff", "postings", "blockat", "blocks", "postcrc"}
	outs := make([]*tempOut, len(names))
	for i, what := range names {
		var err error
		if outs[i], err = b.newTemp(ui, fi, what); err != nil {
			return nil, st, err
		}
	}
	dw := &dictWriter{terms: outs[0], termOff: outs[1], df: outs[2], ttf: outs[3], maxTF: outs[4], postOff: outs[5], post: outs[6], blockAt: outs[7], blocks: outs[8], postCRC: outs[9]}
	// With term vectors: per segment, the final id of each provisional id.
	const dropped = ^uint32(0)
	var newID [][]uint32
	if fb.vectors {
		newID = make([][]uint32, len(b.runs))
		for ri, r := range b.runs {
			newID[ri] = make([]uint32, r.terms)
			for g := range newID[ri] {
				newID[ri][g] = dropped
			}
		}
	}
	h := segHeap{}
	for ri, r := range b.runs {
		s := &segHead{run: ri, r: r.post[ui][fi].reader(r.f)}
		if err := s.next(); err != nil {
			return nil, st, err
		}
		if !s.done {
			h = append(h, s)
		}
	}
	heap.Init(&h)
	e := &encoder{f: f, prev: -1}
	var term []byte
	nterms := uint32(0)
	dw.termOff.u64(0)
	dw.postOff.u64(0)
	dw.blockAt.u32(0)
	for len(h) > 0 {
		term = append(term[:0], h[0].term...)
		var sdf, sttf uint64
		var smax uint64
		for len(h) > 0 && bytes.Equal(h[0].term, term) {
			s := h[0]
			sdf += s.df
			sttf += s.ttf
			smax = max(smax, s.maxTF)
			if newID != nil {
				if s.g >= uint64(len(newID[s.run])) {
					return nil, st, fmt.Errorf("lexical: build: reading a segment: term %d out of range", s.g)
				}
				newID[s.run][s.g] = nterms
			}
			for doc, tf := range listPostings(s.list) {
				e.add(uint32(doc), tf)
			}
			if err := s.next(); err != nil {
				return nil, st, err
			}
			if s.done {
				heap.Pop(&h)
			} else {
				heap.Fix(&h, 0)
			}
		}
		enc, bl, err := e.end(func() string { return string(term) })
		if err != nil {
			return nil, st, err
		}
		dw.write(term, sdf, sttf, smax, enc, bl)
		nterms++
		if nterms == dropped {
			return nil, st, fmt.Errorf("lexical: build: field %s has more than %d terms, more than an index holds: %w", fb.name, dropped-1, index.ErrConfig)
		}
	}
	var pad [8]byte
	dw.post.w.Write(pad[:])
	d := &index.DictStreams{}
	for i, p := range []**index.Stream{&d.Terms, &d.TermOff, &d.DF, &d.TTF, &d.MaxTF, &d.PostOff, &st.Post, &d.BlockAt, &d.Blocks, &d.PostCRC} {
		var err error
		if *p, err = outs[i].stream(); err != nil {
			return nil, st, err
		}
	}
	st.Dict = d
	if fb.vectors {
		var err error
		st.Fwd, err = b.freezeVectors(ui, fi, f, func(run int, g uint64) uint32 {
			if g >= uint64(len(newID[run])) {
				return dropped
			}
			return newID[run][g]
		}, false)
		if err != nil {
			return nil, st, err
		}
	}
	return f, st, nil
}

// A dictWriter writes a merged field's dictionary and postings, a term
// at a time, to the temporary files of their sections.
type dictWriter struct {
	terms, termOff, df, ttf, maxTF, postOff, post, blockAt, blocks, postCRC *tempOut

	total    uint64 // the postings' bytes so far
	nblocks  uint32 // the postings' blocks so far
	blockBuf []byte
}

// write writes one term's entry: its bytes, statistics, postings (enc)
// and their blocks (bl).
func (w *dictWriter) write(term []byte, df, ttf, maxTF uint64, enc []byte, bl []index.Block) {
	w.terms.w.Write(term)
	w.termOff.u64(uint64(w.terms.w.n))
	w.df.u32(uint32(df))
	w.ttf.u64(ttf)
	w.maxTF.u32(uint32(maxTF))
	w.post.w.Write(enc)
	w.total += uint64(len(enc))
	w.postOff.u64(w.total)
	w.nblocks += uint32(len(bl))
	w.blockAt.u32(w.nblocks)
	w.blockBuf = w.blockBuf[:0]
	for _, x := range bl {
		w.blockBuf = binary.LittleEndian.AppendUint32(w.blockBuf, x.Last)
		w.blockBuf = binary.LittleEndian.AppendUint32(w.blockBuf, x.Off)
		w.blockBuf = binary.LittleEndian.AppendUint16(w.blockBuf, x.MaxTF)
		w.blockBuf = binary.LittleEndian.AppendUint16(w.blockBuf, x.MinDL)
	}
	w.blocks.w.Write(w.blockBuf)
	w.postCRC.u32(index.PostingsCRC(enc, bl))
}

// removeTemps closes and removes the files written while unit ui was
// frozen, once the unit is written.
func (b *builder) removeTemps(ui int) {
	prefix := fmt.Sprintf("build-%s-", b.units[ui].unit)
	b.tempsMu.Lock()
	defer b.tempsMu.Unlock()
	keep := b.temps[:0]
	for _, f := range b.temps {
		if !strings.HasPrefix(filepath.Base(f.Name()), prefix) {
			keep = append(keep, f)
			continue
		}
		f.Close()
		os.Remove(f.Name())
	}
	clear(b.temps[len(keep):])
	b.temps = keep
}
