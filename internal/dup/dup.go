// Package dup recognises duplicate sentences: texts that are byte-identical
// (Exact) or equal after Normalize (Normalized). It is the duplicate core
// that filter.Dedup, the inspect command and corpus share, so
// that they agree on what a duplicate is.
package dup

import (
	"hash/maphash"
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Mode says when two sentences are duplicates. Its values are those of
// the exact and normalised comparisons of filter.Dedup.
type Mode int8

const (
	// Exact duplicates are sentences with byte-identical texts.
	Exact Mode = iota
	// Normalized duplicates are sentences whose texts are equal after
	// Normalize: they differ at most in Unicode compatibility forms, case,
	// whitespace and punctuation. Texts that normalize to "" are compared
	// exactly.
	Normalized
)

// Normalize returns the text that Normalized compares:
//
//  1. Unicode NFKC normalization (so "ﬁ" is "fi", full-width letters are
//     ASCII, composed and decomposed accents are equal);
//  2. full Unicode case folding (x/text/cases.Fold), then NFKC again, as
//     Unicode's NFKC_Casefold does;
//  3. every maximal run of characters that are not letters, marks or
//     numbers (Unicode categories L, M, N), that is whitespace, punctuation,
//     symbols (emoji included), control and format characters, becomes one
//     space, and leading and trailing runs are removed.
//
// So "I accept this debate." and "i  ACCEPT this debate!" normalize to
// "i accept this debate", and "don't" and "don’t" to "don t". A text with
// no letter, mark or number normalizes to "".
func Normalize(s string) string {
	var n normalizer
	return string(n.append(nil, s))
}

// A normalizer computes Normalize, reusing its case folder.
// It is not safe for concurrent use.
type normalizer struct {
	fold    cases.Caser
	hasFold bool
	buf     []byte
}

func (n *normalizer) append(dst []byte, s string) []byte {
	if out, ok := appendNormalizedASCII(dst, s); ok {
		return out
	}
	return n.appendUnicode(dst, s)
}

// appendNormalizedASCII is Normalize for ASCII text, where NFKC changes
// nothing and case folding is lowercasing. It returns false, and dst
// unchanged, when s is not ASCII.
func appendNormalizedASCII(dst []byte, s string) ([]byte, bool) {
	// The output is never longer than s: a space stands for at least one
	// dropped byte. So b[n] is always in range below, and each byte is
	// written without branching on what it is (prose is unpredictable).
	dst = slices.Grow(dst, len(s))
	start := len(dst)
	b := dst[:start+len(s)]
	n := start
	space := 0 // 1 after a dropped byte
	begun := 0 // 1 once a byte is kept
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return dst[:start], false
		}
		k := asciiKeys[c]
		keep := b2i(k != 0)
		b[n] = ' '
		n += space & keep & begun
		b[n] = k
		n += keep
		space = 1 ^ keep
		begun |= keep
	}
	return b[:n], true
}

// asciiKeys maps an ASCII byte to itself in the normalized text: lower
// case for a letter, itself for a digit, 0 for the rest, which is dropped.
const asciiKeys = zero16 + zero16 + zero16 + "0123456789" + "\x00\x00\x00\x00\x00\x00" +
	"\x00abcdefghijklmnopqrstuvwxyz" + "\x00\x00\x00\x00\x00" +
	"\x00abcdefghijklmnopqrstuvwxyz" + "\x00\x00\x00\x00\x00"

const zero16 = "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// appendUnicode is Normalize for any text.
func (n *normalizer) appendUnicode(dst []byte, s string) []byte {
	start := len(dst)
	space := false
	if !n.hasFold {
		n.fold, n.hasFold = cases.Fold(), true
	}
	n.buf = norm.NFKC.AppendString(n.buf[:0], s)
	folded := n.fold.Bytes(n.buf)
	n.buf = norm.NFKC.Append(n.buf[:0], folded...)
	for i := 0; i < len(n.buf); {
		r, size := utf8.DecodeRune(n.buf[i:])
		if unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) {
			if space && len(dst) > start {
				dst = append(dst, ' ')
			}
			space = false
			dst = append(dst, n.buf[i:i+size]...)
		} else {
			space = true
		}
		i += size
	}
	return dst
}

// A keyer turns sentence texts into the keys a Mode compares.
type keyer struct {
	mode Mode
	norm normalizer
}

// key appends the comparison key of text to dst. In Normalized mode, a
// text that normalizes to "" is compared exactly instead, behind a 0 byte
// that no normalized text holds, so "..." and "!" stay distinct.
func (k *keyer) key(dst []byte, text string) []byte {
	if k.mode != Normalized {
		return append(dst, text...)
	}
	start := len(dst)
	dst = k.norm.append(dst, text)
	if len(dst) == start {
		dst = append(dst, 0)
		dst = append(dst, text...)
	}
	return dst
}

// A Filter recognizes sentences whose text (under its Mode) was seen
// before, one sentence at a time: for filtering a stream of sentences or of
// search results. It keeps the id and comparison key of every distinct text
// it has seen, in large shared blocks, plus about 40 bytes per distinct
// text. The zero value is not usable; call New. A Filter is not safe for
// concurrent use.
type Filter struct {
	keyer   keyer
	hash    func([]byte) uint64 // safe for concurrent use
	slots   []uint64            // hash table of the entries; see addKey
	entries [][]entry           // pages of pageSize entries, see entry
	n       int                 // number of entries
	blocks  [][]byte
	key     []byte // scratch
}

type entry struct {
	hash   uint64 // of the key
	block  uint32
	off    uint32
	idLen  uint32
	keyLen uint32
}

const blockSize = 4 << 20

// pageSize is how many entries a page of Filter.entries holds (1.5 MB):
// the entries are not copied as they grow, except in the first page.
const pageSize = 1 << 16

// entry returns entry e.
func (f *Filter) entry(e int32) *entry { return &f.entries[e/pageSize][e%pageSize] }

// New returns an empty filter for the given mode.
func New(mode Mode) *Filter {
	seed := maphash.MakeSeed()
	return &Filter{
		keyer: keyer{mode: mode},
		hash:  func(b []byte) uint64 { return maphash.Bytes(seed, b) },
	}
}

// A Keyer computes the comparison keys and hashes of texts for one Filter,
// so that the costly part of Add (normalizing and hashing) can run on other
// goroutines than the Filter's and the Filter only inserts (AddKey). Make
// one Keyer per goroutine with Filter.Keyer. A Keyer is not safe for
// concurrent use, but distinct Keyers of a Filter may run concurrently
// with each other and with the Filter's methods.
type Keyer struct {
	keyer keyer
	hash  func([]byte) uint64
}

// Keyer returns a new Keyer for f's mode and hash.
func (f *Filter) Keyer() *Keyer {
	return &Keyer{keyer: keyer{mode: f.keyer.mode}, hash: f.hash}
}

// AppendKey appends the comparison key of text to dst and returns the
// extended slice and the hash of the key, for AddKey.
func (k *Keyer) AppendKey(dst []byte, text string) ([]byte, uint64) {
	start := len(dst)
	dst = k.keyer.key(dst, text)
	return dst, k.hash(dst[start:])
}

// Add reports whether a sentence with the same text as text (under the
// filter's mode) was added before and, if so, returns the id of the first
// such sentence. Otherwise it remembers id as the representative of text.
// The filter does not check that ids are distinct. It panics beyond
// 2³¹-1 distinct texts.
func (f *Filter) Add(id, text string) (representative string, duplicate bool) {
	e, dup := f.AddEntry(id, text)
	if !dup {
		return "", false
	}
	return f.ID(e), true
}

// AddEntry is Add, but returns the entry of text instead of its
// representative: distinct texts are entries 0, 1, … in the order they
// were first added. ID gives an entry's representative.
func (f *Filter) AddEntry(id, text string) (entry int, duplicate bool) {
	e, dup := f.add(id, text)
	return int(e), dup
}

// AddKey is AddEntry for a text whose key and hash a Keyer of f computed
// (Keyer.AppendKey): adding the texts' keys in the same order gives the
// same entries and duplicates as adding the texts. The filter copies key.
func (f *Filter) AddKey(id string, key []byte, hash uint64) (entry int, duplicate bool) {
	e, dup := f.addKey(id, key, hash)
	return int(e), dup
}

// ID returns the id of the representative of entry, which must be less
// than Len.
func (f *Filter) ID(entry int) string {
	x := f.entry(int32(entry))
	return string(f.blocks[x.block][x.off : x.off+x.idLen])
}

// Len returns the number of distinct texts added.
func (f *Filter) Len() int { return f.n }

func (f *Filter) add(id, text string) (int32, bool) {
	f.key = f.keyer.key(f.key[:0], text)
	return f.addKey(id, f.key, f.hash(f.key))
}

// addKey adds the text whose comparison key is key, of hash h.
//
// The entries are found through an open-addressing hash table with linear
// probing, at most 3/4 full: a slot is 0 when empty, else the high 32 bits
// of an entry's hash and, below them, the entry's number plus 1. A lookup
// starts at the slot the low bits of the hash name, so most take one cache
// miss (a Go map takes several), and keys are compared only when the high
// bits agree.
func (f *Filter) addKey(id string, key []byte, h uint64) (int32, bool) {
	if 4*(f.n+1) > 3*len(f.slots) {
		f.grow()
	}
	mask := uint64(len(f.slots) - 1)
	i := h & mask
	for ; f.slots[i] != 0; i = (i + 1) & mask {
		if s := f.slots[i]; s>>32 == h>>32 {
			if e := int32(uint32(s) - 1); string(f.keyOf(e)) == string(key) {
				return e, true
			}
		}
	}
	if f.n >= math.MaxInt32 || len(id)+len(key) > math.MaxUint32/2 {
		panic("dup: too many or too long texts")
	}
	size := len(id) + len(key)
	if len(f.blocks) == 0 || cap(f.blocks[len(f.blocks)-1])-len(f.blocks[len(f.blocks)-1]) < size {
		// Blocks grow from 64 KB to blockSize, so that a filter of a few
		// sentences (one query's) stays small.
		block := blockSize
		if n := len(f.blocks); n < 6 {
			block >>= 6 - n
		}
		f.blocks = append(f.blocks, make([]byte, 0, max(block, size)))
	}
	bi := len(f.blocks) - 1
	if f.n%pageSize == 0 {
		var page []entry // the first page grows as needed, for small filters
		if f.n > 0 {
			page = make([]entry, 0, pageSize)
		}
		f.entries = append(f.entries, page)
	}
	page := &f.entries[len(f.entries)-1]
	*page = append(*page, entry{hash: h, block: uint32(bi), off: uint32(len(f.blocks[bi])), idLen: uint32(len(id)), keyLen: uint32(len(key))})
	f.blocks[bi] = append(append(f.blocks[bi], id...), key...)
	e := int32(f.n)
	f.n++
	f.slots[i] = slot(h, e)
	return e, false
}

// slot returns the hash table slot of entry e, of hash h.
func slot(h uint64, e int32) uint64 { return h>>32<<32 | uint64(e+1) }

// grow doubles the hash table (from 16 slots) and reinserts the entries.
func (f *Filter) grow() {
	f.slots = make([]uint64, max(16, 2*len(f.slots)))
	mask := uint64(len(f.slots) - 1)
	e := int32(0)
	for _, page := range f.entries {
		for _, x := range page {
			i := x.hash & mask
			for f.slots[i] != 0 {
				i = (i + 1) & mask
			}
			f.slots[i] = slot(x.hash, e)
			e++
		}
	}
}

func (f *Filter) keyOf(e int32) []byte {
	x := f.entry(e)
	return f.blocks[x.block][x.off+x.idLen : x.off+x.idLen+x.keyLen]
}
