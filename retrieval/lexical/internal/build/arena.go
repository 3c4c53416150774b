package build

import "encoding/binary"

// Postings grow in an arena of pointer-free chunks, so that the garbage
// collector need not scan millions of small slices while an index is built.
// A list is a chain of blocks; a block is an 8-byte link to the next block
// followed by data. Blocks double in size from 16 to 4096 bytes.
const (
	arenaChunk  = 1 << 22
	minBlock    = 16
	maxBlock    = 4096
	blockHeader = 8
	noBlock     = ^uint64(0)
)

type arena struct {
	chunks [][]byte
	free   [][]byte // emptied chunks of arenaChunk bytes, for reuse
}

// size returns the bytes of the chunks in use (chunks kept for reuse are
// used before new ones are made, so they do not add to the peak).
func (a *arena) size() int {
	n := 0
	for _, c := range a.chunks {
		n += cap(c)
	}
	return n
}

// reset empties the arena, keeping its chunks for reuse.
func (a *arena) reset() {
	for _, c := range a.chunks {
		if cap(c) == arenaChunk {
			a.free = append(a.free, c[:0])
		}
	}
	a.chunks = nil
}

// alloc returns the address of n fresh bytes; n must not exceed
// arenaChunk (larger requests get a chunk of their own).
func (a *arena) alloc(n int) uint64 {
	if n > arenaChunk {
		// Never split: give it a dedicated chunk slot of its own size,
		// addressed like the others (one chunk per arenaChunk of
		// address space is kept by padding with empty chunks).
		a.chunks = append(a.chunks, make([]byte, n))
		i := len(a.chunks) - 1
		for k := 1; k < (n+arenaChunk-1)/arenaChunk; k++ {
			a.chunks = append(a.chunks, make([]byte, 0))
		}
		a.chunks = append(a.chunks, make([]byte, 0, arenaChunk))
		return uint64(i) * arenaChunk
	}
	if len(a.chunks) == 0 || len(a.chunks[len(a.chunks)-1])+n > arenaChunk {
		if k := len(a.free); k > 0 {
			a.chunks = append(a.chunks, a.free[k-1])
			a.free = a.free[:k-1]
		} else {
			a.chunks = append(a.chunks, make([]byte, 0, arenaChunk))
		}
	}
	i := len(a.chunks) - 1
	c := a.chunks[i]
	off := len(c)
	a.chunks[i] = c[:off+n]
	return uint64(i)*arenaChunk + uint64(off)
}

// at returns the n bytes at addr. An empty allocation's address may be
// the start of a chunk not yet made (the last one was full), so n 0 reads
// nothing.
func (a *arena) at(addr uint64, n int) []byte {
	if n == 0 {
		return nil
	}
	c := a.chunks[addr/arenaChunk]
	off := int(addr % arenaChunk)
	return c[off : off+n : off+n]
}

// A plist is one growing list of bytes in an arena.
type plist struct {
	head, tail uint64
	used, size uint32 // bytes used and size of the tail block (data part)
}

func (a *arena) append(l *plist, data []byte) {
	for len(data) > 0 {
		if l.size == 0 || l.used == l.size {
			size := uint32(minBlock)
			if l.size > 0 {
				size = min(2*(l.size+blockHeader), maxBlock)
			}
			addr := a.alloc(int(size))
			binary.LittleEndian.PutUint64(a.at(addr, blockHeader), noBlock)
			if l.size == 0 {
				l.head = addr
			} else {
				binary.LittleEndian.PutUint64(a.at(l.tail, blockHeader), addr)
			}
			l.tail, l.used, l.size = addr, 0, size-blockHeader
		}
		n := copy(a.at(l.tail+blockHeader+uint64(l.used), int(l.size-l.used)), data)
		l.used += uint32(n)
		data = data[n:]
	}
}

// length returns the number of bytes of l.
func (a *arena) length(l *plist) int {
	if l.size == 0 {
		return 0
	}
	n := 0
	size := uint32(minBlock) // block sizes double along the chain
	for addr := l.head; addr != l.tail; size = min(2*size, maxBlock) {
		n += int(size - blockHeader)
		addr = binary.LittleEndian.Uint64(a.at(addr, blockHeader))
	}
	return n + int(l.used)
}

// appendTo appends the bytes of l to dst.
func (a *arena) appendTo(dst []byte, l *plist) []byte {
	if l.size == 0 {
		return dst
	}
	size := uint32(minBlock) // block sizes double along the chain
	for addr := l.head; addr != l.tail; size = min(2*size, maxBlock) {
		dst = append(dst, a.at(addr+blockHeader, int(size-blockHeader))...)
		addr = binary.LittleEndian.Uint64(a.at(addr, blockHeader))
	}
	return append(dst, a.at(l.tail+blockHeader, int(l.used))...)
}
