package index

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
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
	run     int // offset in Data of the last entry if it is a run of increments, else -1
}

// Docs returns the number of ids added.
func (c *IDCoder) Docs() int { return c.n }

// maxRun is the longest run of increments an entry holds: its entry is
// one byte.
const maxRun = 63

// Add adds the id of the next document.
func (c *IDCoder) Add(id string) {
	switch {
	case c.n%IDEvery == 0:
		c.Restart = append(c.Restart, uint64(len(c.Data)))
		c.prev = c.prev[:0]
	case isIncrement(c.prev, id):
		if c.run >= 0 && c.Data[c.run]>>1 < maxRun {
			c.Data[c.run] += 2
		} else {
			c.run = len(c.Data)
			c.Data = append(c.Data, 1<<1)
		}
		c.prev = increment(c.prev)
		c.n++
		return
	}
	shared := 0
	for shared < min(len(c.prev), len(id)) && c.prev[shared] == id[shared] {
		shared++
	}
	c.Data = binary.AppendUvarint(c.Data, uint64(len(c.prev)-shared)<<1|1)
	c.Data = binary.AppendUvarint(c.Data, uint64(len(id)-shared))
	c.Data = append(c.Data, id[shared:]...)
	c.prev = append(c.prev[:0], id...)
	c.run = -1
	c.n++
}

// isIncrement reports whether id is prev with the number it ends in
// incremented (see increment).
func isIncrement(prev []byte, id string) bool {
	if len(prev) == 0 || !isDigit(prev[len(prev)-1]) || len(id) < len(prev) || len(id) > len(prev)+1 {
		return false
	}
	// The digits that change are the trailing nines and the one before;
	// the rest is shared.
	i := len(prev) - 1
	for i >= 0 && prev[i] == '9' {
		i--
	}
	if len(id) == len(prev) {
		return i >= 0 && isDigit(prev[i]) && string(prev[:i]) == id[:i] && id[i] == prev[i]+1 && allZeros(id[i+1:])
	}
	// 9…9 becomes 10…0, one digit longer.
	return (i < 0 || !isDigit(prev[i])) && string(prev[:i+1]) == id[:i+1] && id[i+1] == '1' && allZeros(id[i+2:])
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func allZeros(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '0' {
			return false
		}
	}
	return true
}

// increment returns id, which ends in a digit, with the decimal number it
// ends in incremented: a trailing 9 becomes 0 and carries; if every digit
// of the number carries, a 1 is put before them ("a9" becomes "a10",
// "a09" "a10").
func increment(id []byte) []byte {
	i := len(id) - 1
	for i >= 0 && id[i] == '9' {
		id[i] = '0'
		i--
	}
	if i >= 0 && isDigit(id[i]) {
		id[i]++
		return id
	}
	id = append(id, 0)
	copy(id[i+2:], id[i+1:])
	id[i+1] = '1'
	return id
}

// addDecimal returns id, which ends in a digit, with k added to the
// decimal number it ends in: k increments (see increment) at once.
func addDecimal(id []byte, k int) []byte {
	i := len(id) - 1
	for ; k > 0 && i >= 0 && isDigit(id[i]); i-- {
		s := int(id[i]-'0') + k
		id[i] = byte('0' + s%10)
		k = s / 10
	}
	if k == 0 {
		return id
	}
	// The number carried out of its first digit: put the carry before it.
	var buf [20]byte
	c := strconv.AppendInt(buf[:0], int64(k), 10)
	id = append(id, c...)
	copy(id[i+1+len(c):], id[i+1:len(id)-len(c)])
	copy(id[i+1:], c)
	return id
}

// An idEntry is one entry of the front-coded ids: a run of n increments
// (n > 0) or an id that drops drop bytes of the previous one and appends
// rest.
type idEntry struct {
	n    int
	drop uint64
	rest []byte
}

// nextEntry decodes the entry at data[off:]; ok is false for a malformed
// entry.
func nextEntry(data []byte, off uint64) (e idEntry, next uint64, ok bool) {
	if off >= uint64(len(data)) {
		return e, off, false
	}
	if c := data[off]; c&1 == 0 {
		return idEntry{n: int(c >> 1)}, off + 1, c>>1 > 0
	}
	v, k := Uvarint(data[off:])
	if k <= 0 {
		return e, off, false
	}
	off += uint64(k)
	r, k := Uvarint(data[off:])
	if k <= 0 || r > uint64(len(data))-off-uint64(k) {
		return e, off, false
	}
	off += uint64(k)
	return idEntry{drop: v >> 1, rest: data[off : off+r]}, off + r, true
}

// apply applies e to id, which the entry was checked against (checkIDs),
// for k ≤ e.n of its increments.
func (e idEntry) apply(id []byte, k int) []byte {
	if e.n > 0 {
		return addDecimal(id, k)
	}
	return append(id[:uint64(len(id))-e.drop], e.rest...)
}

// ID returns the id of document d.
func (c *IDCoder) ID(d int) string { return idAt(c.Data, c.Restart, uint32(d)) }

// Each calls fn with every document from first on and its id (valid
// during the call only).
func (c *IDCoder) Each(first int, fn func(doc int, id []byte)) {
	c.Range(first, c.n, fn)
}

// Range calls fn with every document from first up to end and its id
// (valid during the call only).
func (c *IDCoder) Range(first, end int, fn func(doc int, id []byte)) {
	end = min(end, c.n)
	if first >= end {
		return
	}
	d := first - first%IDEvery
	off := c.Restart[d/IDEvery]
	var id []byte
	for d < end {
		if d%IDEvery == 0 {
			id = id[:0]
		}
		e, next, _ := nextEntry(c.Data, off)
		off = next
		if e.n == 0 {
			id = e.apply(id, 0)
			if d >= first {
				fn(d, id)
			}
			d++
			continue
		}
		for range e.n {
			if d == end {
				return
			}
			id = increment(id)
			if d >= first {
				fn(d, id)
			}
			d++
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
const IDChunk = 1024

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

// rankGroup is the number of consecutive documents whose id ranks are
// stored as offsets from a base (see rankTable).
const rankGroup = 16

// A rankTable holds the id ranks of a unit's documents (Unit.Rank): per
// group of rankGroup consecutive documents a base, and per document an
// offset from it (a byte); a group whose ranks span more than a byte is an
// exception: its bit in exc is set, its base is the position in wide of
// its ranks, whole.
type rankTable struct {
	base []uint32 // per group
	low  []uint8  // per document
	exc  []uint64 // per group, a bit: its ranks are in wide
	wide []uint32 // the ranks of the exceptions, rankGroup per group (the last one padded with zeros)
}

// Rank returns the position of the id of document d in byte order of the
// ids.
func (u *Unit) Rank(d uint32) uint32 {
	t := &u.ranks
	g := d / rankGroup
	if t.exc[g/64]>>(g%64)&1 != 0 {
		return t.wide[t.base[g]+d%rankGroup]
	}
	return t.base[g] + uint32(t.low[d])
}

// newRankTable codes the ranks rank.
func newRankTable(rank []uint32) rankTable {
	groups := (len(rank) + rankGroup - 1) / rankGroup
	t := rankTable{base: make([]uint32, groups), low: make([]uint8, len(rank)), exc: make([]uint64, (groups+63)/64)}
	for g := range groups {
		r := rank[g*rankGroup : min(len(rank), (g+1)*rankGroup)]
		lo, hi := slices.Min(r), slices.Max(r)
		if hi-lo <= 255 {
			t.base[g] = lo
			for i, x := range r {
				t.low[g*rankGroup+i] = uint8(x - lo)
			}
			continue
		}
		t.exc[g/64] |= 1 << (g % 64)
		t.base[g] = uint32(len(t.wide))
		t.wide = append(t.wide, r...)
		t.wide = append(t.wide, make([]uint32, rankGroup-len(r))...)
	}
	return t
}

// valid reports whether t holds the ranks of docs documents: as many
// bases, offsets and exception bits as they need (no more bits set), and
// the exceptions' bases within wide. That the ranks are a permutation is
// checked by permutation.
func (t *rankTable) valid(docs int) bool {
	groups := (docs + rankGroup - 1) / rankGroup
	if len(t.base) != groups || len(t.low) != docs || len(t.exc) != (groups+63)/64 || len(t.wide)%rankGroup != 0 {
		return false
	}
	if groups%64 != 0 && t.exc[len(t.exc)-1]>>(groups%64) != 0 {
		return false
	}
	n := 0
	for g := range groups {
		if t.exc[g/64]>>(g%64)&1 != 0 {
			if t.base[g] != uint32(n*rankGroup) {
				return false
			}
			n++
		}
	}
	return n*rankGroup == len(t.wide)
}

// SetIDChecks computes the checksums of the ids and codes their ranks
// (IDRank), for a unit built, and sets up their first-read checks.
func (u *Unit) SetIDChecks() {
	u.ranks = newRankTable(u.IDRank)
	u.IDCRC = make([]uint32, idChunks(u.Docs()))
	for c := range u.IDCRC {
		u.IDCRC[c] = u.idsCRC(c)
	}
	u.idCheck = make([]atomic.Uint32, len(u.IDCRC))
}

// CheckID checks the ids of the chunk of document d the first time one of
// them is asked for; a malformed chunk gives an error wrapping ErrCorrupt,
// every time. After it, ID may be called for d. The first call starts the
// check of all chunks behind the queries (checkIDsBehind).
func (u *Unit) CheckID(d uint32) error {
	u.behindOnce.Do(u.checkIDsBehind)
	return u.checkIDChunk(int(d / IDChunk))
}

// CheckAllIDs checks the ids of every chunk (see CheckID).
func (u *Unit) CheckAllIDs() error {
	for c := range u.idCheck {
		if err := u.checkIDChunk(c); err != nil {
			return err
		}
	}
	return nil
}

// checkIDsBehind checks the ids of every chunk on a goroutine of its own,
// so that queries, which check the chunks of the ids they return first
// (CheckID), mostly find them checked: a run of 50 queries of the top
// 1000 sentences touches nearly every chunk of a full-scale index. The
// first CheckID starts it, once: an index opened and never queried reads
// nothing. A damaged chunk is recorded as CheckID records it, and CheckID
// gives its error. Data.Close stops the goroutine and waits for it.
func (u *Unit) checkIDsBehind() {
	if u.stop.Load() {
		return
	}
	u.behind.Go(func() {
		for c := range u.idCheck {
			if u.stop.Load() {
				return
			}
			u.checkIDChunk(c)
		}
	})
}

// stopBehind stops the goroutine of checkIDsBehind, or keeps it from
// starting, and waits for it.
func (u *Unit) stopBehind() {
	u.stop.Store(true)
	u.behindOnce.Do(func() {}) // a start under way ends first; none comes after
	u.behind.Wait()
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
const IDEvery = 64

// ID returns the id of document d. The front coding of its chunk was
// checked (CheckID).
func (u *Unit) ID(d uint32) string { return idAt(u.IDData, u.IDRestart, d) }

// idAt returns id d of the front-coded ids data with restarts restart:
// the entries from d's restart on are applied up to d's.
func idAt(data []byte, restart []uint64, d uint32) string {
	off := restart[d/IDEvery]
	var buf [96]byte
	id := buf[:0]
	for left := int(d%IDEvery) + 1; left > 0; {
		c := data[off]
		if c&1 == 0 {
			k := min(int(c>>1), left)
			id = addDecimal(id, k)
			left -= k
			off++
			continue
		}
		if c < 0x80 && data[off+1] < 0x80 {
			// One-byte varints, the usual case.
			drop, r := uint64(c>>1), uint64(data[off+1])
			off += 2
			id = append(id[:uint64(len(id))-drop], data[off:off+r]...)
			off += r
			left--
			continue
		}
		e, next, _ := nextEntry(data, off)
		off = next
		id = e.apply(id, 0)
		left--
	}
	return string(id)
}

// validRestarts reports whether u has as many id restarts and id chunk
// checksums as its number of documents (Docs, from its ranks) needs, the
// restarts run from 0 upwards within IDData, and the ranks are valid
// themselves (rankTable.valid). That they are a permutation is checked
// apart (rankTable.permutation), the rest of the front coding a chunk at a
// time (checkIDs).
func (u *Unit) validRestarts() bool {
	docs := u.Docs()
	if !u.ranks.valid(docs) {
		return false
	}
	if len(u.IDRestart) != (docs+IDEvery-1)/IDEvery || len(u.IDCRC) != idChunks(docs) {
		return false
	}
	if !slices.IsSorted(u.IDRestart) || len(u.IDRestart) > 0 && (u.IDRestart[0] != 0 || u.IDRestart[len(u.IDRestart)-1] > uint64(len(u.IDData))) {
		return false
	}
	return true
}

// permutation reports whether the ranks of t, valid for docs documents,
// are each of 0 to docs-1 once: every rank is below docs, and docs of
// them set docs bits of a bitmap (the bits are set without a test, so
// that the loop does not branch on them, and counted after).
func (t *rankTable) permutation(docs int) bool {
	seen := make([]uint64, (docs+63)/64)
	n := uint64(docs)
	for g, base := range t.base {
		lo := g * rankGroup
		hi := min(lo+rankGroup, docs)
		if t.exc[g/64]>>(g%64)&1 != 0 {
			for _, r := range t.wide[base : base+uint32(hi-lo)] {
				if uint64(r) >= n {
					return false
				}
				seen[r>>6] |= 1 << (r & 63)
			}
			continue
		}
		for _, x := range t.low[lo:hi] {
			r := uint64(base) + uint64(x)
			if r >= n {
				return false
			}
			seen[r>>6] |= 1 << (r & 63)
		}
	}
	count := 0
	for _, w := range seen {
		count += bits.OnesCount64(w)
	}
	return count == docs
}

// checkIDs reports whether the ids of chunk c are sound: their checksum
// matches (unless skipCRC), every entry is within the chunk's bytes,
// dropping no more than the previous id has, increments follow ids that
// end in a digit, runs of them end by the next restart, restarts are
// where IDRestart says and start from nothing, and nothing is left over.
func (u *Unit) checkIDs(c int) bool {
	start, end := u.idBytes(c)
	if !u.skipCRC && u.idsCRC(c) != u.IDCRC[c] {
		return false
	}
	data := u.IDData[:end]
	off := start
	var buf [96]byte
	id := buf[:0]
	for d, hi := c*IDChunk, min((c+1)*IDChunk, u.Docs()); d < hi; {
		if d%IDEvery == 0 {
			if u.IDRestart[d/IDEvery] != off {
				return false
			}
			id = id[:0]
		}
		if off >= end {
			return false
		}
		// The usual entries, a run or one-byte varints, are read here;
		// the others by nextEntry.
		if b := data[off]; b&1 == 0 {
			n := int(b >> 1)
			if n == 0 || len(id) == 0 || !isDigit(id[len(id)-1]) || d%IDEvery+n > IDEvery || d+n > hi {
				return false
			}
			id = addDecimal(id, n)
			d += n
			off++
			continue
		} else if b < 0x80 && off+1 < end && data[off+1] < 0x80 {
			drop, r := uint64(b>>1), uint64(data[off+1])
			off += 2
			if r > end-off || drop > uint64(len(id)) {
				return false
			}
			id = append(id[:uint64(len(id))-drop], data[off:off+r]...)
			off += r
			d++
			continue
		}
		e, next, ok := nextEntry(data, off)
		if !ok || e.n > 0 {
			return false
		}
		off = next
		if e.drop > uint64(len(id)) || uint64(len(id))-e.drop+uint64(len(e.rest)) > 1<<20 {
			return false
		}
		id = e.apply(id, 0)
		d++
	}
	return off == end
}
