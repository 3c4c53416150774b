package build

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// An idSorter sorts the document ids of a build to a directory in pieces
// of a fixed number of documents (runIDPiece), each as soon as it is
// complete, on a goroutine of its own while the analysis goes on, and
// writes each piece, in id order with the documents' numbers, to a file
// in the index directory; idRanks merges the pieces at the end. Sorted at
// each flush instead, the ids of a full-scale sentence build held up the
// merger about 1 s a flush, the analysis waiting for it and a core idle.
// A piece is independent of the runs: a run may end in the middle of one.
type idSorter struct {
	f     *os.File
	w     *countWriter
	piece int       // documents a piece
	cur   []idPiece // per unit: the piece being filled
	size  int       // the bytes of ids of the last complete piece (to size the next)
	todo  chan idPiece
	wg    sync.WaitGroup
	stop  atomic.Bool // set by close: skip what is left
	ended bool        // todo is closed
	// Written by the goroutine, read once it is done (end).
	err    error
	pieces [][]section // per unit: the sorted pieces, in document order
}

// An idPiece is the ids of consecutive documents of a unit.
type idPiece struct {
	unit  int
	first int      // its first document
	blob  []byte   // the ids, one after the other
	ends  []uint64 // ends[d]: the end of document first+d's id in blob (ends[0] is 0)
}

// newIDSorter starts the sorter of the ids of a build to dir of units
// units, in pieces of piece documents.
func newIDSorter(dir string, units, piece int) (*idSorter, error) {
	f, err := os.Create(filepath.Join(dir, "build-ids.run"))
	if err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	s := &idSorter{f: f, w: &countWriter{w: bufio.NewWriterSize(f, 1<<16)}, piece: piece, cur: make([]idPiece, units),
		todo: make(chan idPiece, 1), pieces: make([][]section, units)}
	s.wg.Add(1)
	go s.loop()
	return s, nil
}

// add adds the ids of unit ui's next documents, from document first on.
func (s *idSorter) add(ui, first int, ids []string) {
	p := &s.cur[ui]
	for i, id := range ids {
		if p.ends == nil {
			*p = idPiece{unit: ui, first: first + i, ends: make([]uint64, 1, s.piece+1), blob: make([]byte, 0, s.size+s.size/8)}
		}
		p.blob = append(p.blob, id...)
		p.ends = append(p.ends, uint64(len(p.blob)))
		if len(p.ends) > s.piece {
			s.size = max(s.size, len(p.blob))
			s.todo <- *p
			*p = idPiece{}
		}
	}
}

// loop sorts and writes the pieces sent to todo until it is closed.
func (s *idSorter) loop() {
	defer s.wg.Done()
	for p := range s.todo {
		if s.err != nil || s.stop.Load() {
			continue
		}
		start := s.w.n
		for _, d := range idOrder(p.blob, p.ends) {
			s.w.uvarint(p.ends[d+1] - p.ends[d])
			s.w.Write(p.blob[p.ends[d]:p.ends[d+1]])
			if err := s.w.uvarint(uint64(p.first) + uint64(d)); err != nil {
				s.err = fmt.Errorf("lexical: build: %w", err)
				break
			}
		}
		s.pieces[p.unit] = append(s.pieces[p.unit], section{start, s.w.n - start})
	}
	if s.err == nil {
		if err := s.w.w.Flush(); err != nil {
			s.err = fmt.Errorf("lexical: build: %w", err)
		}
	}
}

// end sorts the ids of the pieces not yet complete, waits for every piece
// to be written and returns the first error. The ids are then in
// s.pieces.
func (s *idSorter) end() error {
	if !s.ended {
		for ui := range s.cur {
			if s.cur[ui].ends != nil && !s.stop.Load() {
				s.todo <- s.cur[ui]
			}
			s.cur[ui] = idPiece{}
		}
		s.ended = true
		close(s.todo)
	}
	s.wg.Wait()
	return s.err
}

// close stops the sorter, if it runs, and removes its file.
func (s *idSorter) close() {
	if s == nil {
		return
	}
	s.stop.Store(true)
	s.end()
	s.f.Close()
	os.Remove(s.f.Name())
}

// idOrder returns the documents of an id blob (document d's id is
// blob[ends[d]:ends[d+1]]) in the byte order of their ids, ties in
// document order. It sorts them by their first 8 bytes, as an integer
// (zero-padded: its order is the ids' order, or a tie), and compares the
// ids themselves only where those are equal: a sort by the ids spent most
// of its time comparing them.
func idOrder(blob []byte, ends []uint64) []uint32 {
	type keyed struct {
		key uint64
		d   uint32
	}
	id := func(d uint32) []byte { return blob[ends[d]:ends[d+1]] }
	ks := make([]keyed, len(ends)-1)
	for d := range ks {
		var k [8]byte
		copy(k[:], id(uint32(d)))
		ks[d] = keyed{binary.BigEndian.Uint64(k[:]), uint32(d)}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.key != b.key {
			return cmp.Compare(a.key, b.key)
		}
		if c := bytes.Compare(id(a.d), id(b.d)); c != 0 {
			return c
		}
		return cmp.Compare(a.d, b.d)
	})
	order := make([]uint32, len(ks))
	for i, k := range ks {
		order[i] = k.d
	}
	return order
}

// idSpill is how many documents' ids a build to a directory holds
// front-coded in memory before it writes them to its idFile (a multiple of
// index.IDEvery, so that the parts written, each from a restart on,
// concatenate into the unit's ids; Config.IDSpill replaces it). Held to
// the end, the ids of a full-scale sentence build were 16 MB of the live
// heap at its peak; joinIDs reads them back when the unit is frozen.
const idSpill = 1 << 16

// spillIDs writes the ids ub codes to the builder's idFile and empties its
// coder for the next documents. An error is kept for finish.
func (b *builder) spillIDs(ub *unitBuilder) {
	data := ub.ids.Data
	if b.idErr == nil {
		if _, err := b.idFile.Write(data); err != nil {
			b.idErr = fmt.Errorf("lexical: build: %w", err)
		}
	}
	for _, r := range ub.ids.Restart {
		ub.idStarts = append(ub.idStarts, ub.idBytes+r)
	}
	ub.idParts = append(ub.idParts, section{b.idSize, int64(len(data))})
	b.idSize += int64(len(data))
	ub.idBytes += uint64(len(data))
	ub.ids = index.IDCoder{Data: data[:0], Restart: ub.ids.Restart[:0]}
}

// joinIDs reads the ids ub wrote to the builder's idFile back, before the
// ones it still codes, so that ub.ids holds the front-coded ids of every
// document (its Docs, though, counts only the last ones: ub.docs counts
// them all).
func (b *builder) joinIDs(ub *unitBuilder) error {
	if len(ub.idParts) == 0 {
		return nil
	}
	data := make([]byte, ub.idBytes+uint64(len(ub.ids.Data)))
	at := int64(0)
	for _, p := range ub.idParts {
		if _, err := b.idFile.ReadAt(data[at:at+p.n], p.off); err != nil {
			return fmt.Errorf("lexical: build: reading %s: %w", b.idFile.Name(), err)
		}
		at += p.n
	}
	copy(data[at:], ub.ids.Data)
	starts := ub.idStarts
	for _, r := range ub.ids.Restart {
		starts = append(starts, ub.idBytes+r)
	}
	ub.ids = index.IDCoder{Data: data, Restart: starts}
	ub.idParts, ub.idStarts, ub.idBytes = nil, nil, 0
	return nil
}
