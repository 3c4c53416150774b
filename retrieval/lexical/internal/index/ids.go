package index

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/argsearch/argsearch/internal/crc32c"
)

// An IDCoder front-codes document ids as they are added (see the file
// format): Data and Restart are a Unit's IDData and IDRestart.
type IDCoder struct {
	Data    []byte
	Restart []uint64
	prev    []byte
	n       int
}

// Docs returns the number of ids added.
func (c *IDCoder) Docs() int { return c.n }

// Add adds the id of the next document.
func (c *IDCoder) Add(id string) {
	shared := 0
	if c.n%IDEvery == 0 {
		c.Restart = append(c.Restart, uint64(len(c.Data)))
	} else {
		for shared < min(len(c.prev), len(id)) && c.prev[shared] == id[shared] {
			shared++
		}
	}
	c.Data = binary.AppendUvarint(c.Data, uint64(shared))
	c.Data = binary.AppendUvarint(c.Data, uint64(len(id)-shared))
	c.Data = append(c.Data, id[shared:]...)
	c.prev = append(c.prev[:0], id...)
	c.n++
}

// ID returns the id of document d.
func (c *IDCoder) ID(d int) string { return frontCodedID(c.Data, c.Restart, uint32(d)) }

// Each calls fn with every document from first on and its id (valid
// during the call only).
func (c *IDCoder) Each(first int, fn func(doc int, id []byte)) {
	if first >= c.n {
		return
	}
	d := first - first%IDEvery
	off := c.Restart[d/IDEvery]
	var id []byte
	for ; d < c.n; d++ {
		shared, n := Uvarint(c.Data[off:])
		off += uint64(n)
		rest, n := Uvarint(c.Data[off:])
		off += uint64(n)
		id = append(id[:shared], c.Data[off:off+rest]...)
		off += rest
		if d >= first {
			fn(d, id)
		}
	}
}

// Uvarint is binary.Uvarint, small enough to inline. It returns 0, 0 for
// a truncated and 0, -1 for an overlong varint.
func Uvarint(b []byte) (uint64, int) {
	if len(b) > 0 && b[0] < 0x80 {
		return uint64(b[0]), 1
	}
	var x uint64
	var s uint
	for i, c := range b {
		if i == 10 {
			return 0, -1
		}
		if c < 0x80 {
			return x | uint64(c)<<s, i + 1
		}
		x |= uint64(c&0x7f) << s
		s += 7
	}
	return 0, 0
}

// IDChunk is the number of consecutive documents whose ids share a
// checksum, checked when an id of the chunk is first asked for
// (CheckID); a multiple of IDEvery.
const IDChunk = 64 * IDEvery

// idChunks returns the number of chunks of the ids of docs documents.
func idChunks(docs int) int { return (docs + IDChunk - 1) / IDChunk }

// idBytes returns the range of IDData that holds the ids of chunk c. The
// restarts were checked when the unit was read (validRestarts).
func (u *Unit) idBytes(c int) (start, end uint64) {
	end = uint64(len(u.IDData))
	if hi := (c + 1) * IDChunk / IDEvery; hi < len(u.IDRestart) {
		end = u.IDRestart[hi]
	}
	return u.IDRestart[c*IDChunk/IDEvery], end
}

// idsCRC returns the checksum of the bytes of the ids of chunk c.
func (u *Unit) idsCRC(c int) uint32 {
	start, end := u.idBytes(c)
	return crc32c.Update(0, u.IDData[start:end])
}

// SetIDChecks computes the checksums of the ids, for a unit built, and
// sets up their first-read checks.
func (u *Unit) SetIDChecks() {
	u.IDCRC = make([]uint32, idChunks(u.Docs()))
	for c := range u.IDCRC {
		u.IDCRC[c] = u.idsCRC(c)
	}
	u.idCheck = make([]atomic.Uint32, len(u.IDCRC))
}

// CheckID checks the ids of the chunk of document d the first time one of
// them is asked for; a malformed chunk gives an error wrapping ErrCorrupt,
// every time. After it, ID may be called for d.
func (u *Unit) CheckID(d uint32) error { return u.checkIDChunk(int(d / IDChunk)) }

// CheckAllIDs checks the ids of every chunk (see CheckID).
func (u *Unit) CheckAllIDs() error {
	for c := range u.idCheck {
		if err := u.checkIDChunk(c); err != nil {
			return err
		}
	}
	return nil
}

func (u *Unit) checkIDChunk(c int) error {
	if checkOnce(&u.idCheck[c], func() bool { return u.checkIDs(c) }) {
		return nil
	}
	lo := c * IDChunk
	hi := min(lo+IDChunk, u.Docs())
	what := fmt.Sprintf("the ids of documents %d to %d are damaged", lo, hi-1)
	if u.path == "" {
		return fmt.Errorf("lexical: unit %s: %s: %w", u.Name, what, ErrCorrupt)
	}
	return fmt.Errorf("lexical: %s: %s (remove the index directory to build it again): %w", u.path, what, ErrCorrupt)
}

// IDEvery is how many documents share a restart of the front coding: an id
// is decoded from at most IDEvery entries.
const IDEvery = 16

// ID returns the id of document d. The front coding of its chunk was
// checked (CheckID).
//
// The entries from d's restart to d are walked without copying; then the
// id is filled in from its end: the bytes an entry does not share with its
// predecessor are its own, the others its predecessor's.
func (u *Unit) ID(d uint32) string { return frontCodedID(u.IDData, u.IDRestart, d) }

// frontCodedID returns id d of the front-coded ids data with restarts
// restart (see Unit.ID).
func frontCodedID(data []byte, restart []uint64, d uint32) string {
	var shared, rest [IDEvery]uint64
	var at [IDEvery]uint64
	off := restart[d/IDEvery]
	n := int(d%IDEvery) + 1
	for i := range n {
		s, k := Uvarint(data[off:])
		off += uint64(k)
		r, k := Uvarint(data[off:])
		off += uint64(k)
		shared[i], rest[i], at[i] = s, r, off
		off += r
	}
	size := shared[n-1] + rest[n-1]
	var buf [96]byte
	b := buf[:0]
	if size > uint64(len(buf)) {
		b = make([]byte, 0, size)
	}
	b = b[:size]
	need := size
	for i := n - 1; i >= 0 && need > 0; i-- {
		if shared[i] < need {
			copy(b[shared[i]:need], data[at[i]:at[i]+need-shared[i]])
			need = shared[i]
		}
	}
	return string(b)
}

// validRestarts reports whether u has as many id restarts and id chunk
// checksums as its number of documents (Docs, from IDRank) needs, the
// restarts run from 0 upwards within IDData, and IDRank is a
// permutation. The rest of the front coding is checked a chunk at a time
// (checkIDs).
func (u *Unit) validRestarts() bool {
	docs := u.Docs()
	if len(u.IDRestart) != (docs+IDEvery-1)/IDEvery || len(u.IDCRC) != idChunks(docs) {
		return false
	}
	if !slices.IsSorted(u.IDRestart) || len(u.IDRestart) > 0 && (u.IDRestart[0] != 0 || u.IDRestart[len(u.IDRestart)-1] > uint64(len(u.IDData))) {
		return false
	}
	seen := make([]bool, docs)
	for _, r := range u.IDRank {
		if int(r) >= docs || seen[r] {
			return false
		}
		seen[r] = true
	}
	return true
}

// checkIDs reports whether the ids of chunk c are sound: their checksum
// matches (unless skipCRC), every entry is within the chunk's bytes,
// sharing no more than the previous id has, restarts are where IDRestart
// says and share nothing, and nothing is left over.
func (u *Unit) checkIDs(c int) bool {
	start, end := u.idBytes(c)
	if !u.skipCRC && u.idsCRC(c) != u.IDCRC[c] {
		return false
	}
	data := u.IDData[:end]
	off, prevLen := start, uint64(0)
	for d := c * IDChunk; d < min((c+1)*IDChunk, u.Docs()); d++ {
		if d%IDEvery == 0 && u.IDRestart[d/IDEvery] != off {
			return false
		}
		shared, n := Uvarint(data[off:])
		if n <= 0 || d%IDEvery == 0 && shared != 0 || shared > prevLen {
			return false
		}
		off += uint64(n)
		rest, n := Uvarint(data[off:])
		if n <= 0 || rest > uint64(len(data))-off-uint64(n) || shared+rest > 1<<20 {
			return false
		}
		off += uint64(n) + rest
		prevLen = shared + rest
	}
	return off == end
}
