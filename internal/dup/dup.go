// Package dup recognises duplicate sentences: texts that are byte-identical
// (Exact) or equal after Normalize (Normalized). It is the duplicate core
// that filter.Dedup, the inspect command and corpus share, so
// that they agree on what a duplicate is.
package dup

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/bits"
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
	if out, ok := appendNormalizedFast(dst, s); ok {
		return out
	}
	return n.appendUnicode(dst, s)
}

// appendNormalizedFast is Normalize for text of ASCII and the few other
// characters that foldCommon knows, where NFKC changes nothing and case
// folding is a lookup: most prose. It returns false, and dst unchanged,
// for any other text.
func appendNormalizedFast(dst []byte, s string) ([]byte, bool) {
	// The output is never longer than s: a space stands for at least one
	// dropped byte, and foldCommon's keys are no longer than their
	// characters. So b[n] is always in range below, and so is b[n:n+9]
	// while at least 8 bytes of s are left, with a space pending; each
	// ASCII byte is written without branching on what it is (prose is
	// unpredictable).
	dst = slices.Grow(dst, len(s))
	start := len(dst)
	b := dst[:start+len(s)]
	n := start
	space := 0 // 1 after a dropped byte
	begun := 0 // 1 once a byte is kept
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			// Most of prose is words of ASCII letters between single
			// spaces: wordPrefix takes such bytes 8 at a time.
			w := s[i : i+8]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			if p, lower, last := wordPrefix(x, space == 0 && begun == 1); p > 0 {
				b[n] = ' '
				n += space & begun // x starts with a kept byte
				binary.LittleEndian.PutUint64(b[n:n+8], lower)
				n += p - last // a space at the end is dropped, and pending
				space, begun = last, 1
				i += p
				continue
			}
		}
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			k, ok := foldCommon(r)
			if !ok {
				return dst[:start], false
			}
			i += size
			if k == "" {
				space = 1
				continue
			}
			b[n] = ' '
			n += space & begun
			n += copy(b[n:], k)
			space, begun = 0, 1
			continue
		}
		k := asciiKeys[c]
		keep := b2i(k != 0)
		b[n] = ' '
		n += space & keep & begun
		b[n] = k
		n += keep
		space = 1 ^ keep
		begun |= keep
		i++
	}
	return b[:n], true
}

// wordPrefix looks at eight bytes of text, the first in the low byte of
// x, for the longest prefix that Normalize keeps as it is but for the case
// of its letters: ASCII letters and digits, and single spaces between
// them. It returns the prefix's length p (0 to 8), x with its upper-case
// letters made lower case (the bytes from p on are garbage), and last = 1
// when the prefix ends with a space. A space can start the prefix only
// when afterKept: the byte before x was kept.
func wordPrefix(x uint64, afterKept bool) (p int, lower uint64, last int) {
	const ones = 0x0101010101010101
	// With each byte of y below 0x80, the sums below carry into no other
	// byte: ge(c) has the high bit of each byte of y that is >= c.
	y := x &^ highBits
	ge := func(y uint64, c byte) uint64 { return (y + (0x80-uint64(c))*ones) & highBits }
	// Setting bit 0x20 makes 'A'..'Z' 'a'..'z', and no other byte a
	// lower-case letter.
	yl := y | 0x20*ones
	letter := ge(yl, 'a') &^ ge(yl, 'z'+1)
	letterOrDigit := letter | ge(y, '0')&^ge(y, '9'+1)
	t := y ^ ' '*ones // 0 where a byte is ' '
	sp := ^((t + (highBits - ones)) | t) & highBits
	bad := x&highBits | ^(letterOrDigit|sp)&highBits | sp&(sp<<8) // not ASCII; dropped; a second space
	if !afterKept {
		bad |= sp & 0x80
	}
	// Bytes after the first bad one may be misjudged (a byte of x that is
	// not ASCII is taken as its low 7 bits), but they are not in the prefix.
	p = bits.TrailingZeros64(bad) / 8
	if p > 0 {
		last = int(sp >> (8*p - 1) & 1)
	}
	return p, x | letter>>2, last
}

// highBits has the high bit of each byte of a word set.
const highBits = 0x8080808080808080

// foldCommon returns what Normalize makes of r, a character that is not
// ASCII, when r is one of the few it knows: "" for the punctuation and
// symbols common in English prose (typographic quotes and dashes, the
// ellipsis, guillemets, the no-break space, × and ÷), which separate words;
// the case-folded letter for the other characters of U+00C0–U+00FF, the
// accented letters of Latin-1. None of them composes under NFKC with the
// character before or after it, and a letter among them folds to itself,
// its lower case or (ß) "ss". ok is false for any other character:
// combining marks, for one, go the general way. TestFoldCommon checks each
// character against the general path.
func foldCommon(r rune) (key string, ok bool) {
	switch {
	case r >= 0xC0 && r <= 0xFF:
		switch {
		case r == 0xD7 || r == 0xF7: // × ÷
			return "", true
		case r == 0xDF: // ß
			return "ss", true
		case r < 0xDF: // upper case: its lower case is 0x20 further
			return latin1Lower[2*(r-0xC0) : 2*(r-0xC0)+2], true
		default:
			return latin1Lower[2*(r-0xE0) : 2*(r-0xE0)+2], true
		}
	case r == 0xA0, r == 0xAB, r == 0xBB, // no-break space « »
		r >= 0x2013 && r <= 0x2014, // – —
		r >= 0x2018 && r <= 0x2019, // ‘ ’
		r >= 0x201C && r <= 0x201D, // “ ”
		r == 0x2026:                // …
		return "", true
	}
	return "", false
}

// latin1Lower holds the UTF-8 encodings of U+00E0–U+00FF, two bytes each.
const latin1Lower = "àáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ"

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
// it has seen, in large shared blocks, plus about 32 bytes per distinct
// text. The zero value is not usable; call New. A Filter is not safe for
// concurrent use.
type Filter struct {
	keyer   keyer
	hash    func([]byte) uint64 // safe for concurrent use
	slots   []uint64            // hash table of the entries; see addKey
	shift   uint                // 64 - log2(len(slots)): a hash's home slot is hash>>shift
	entries [][]entry           // pages of pageSize entries, see entry
	n       int                 // number of entries
	blocks  [][]byte
	key     []byte // scratch
}

type entry struct {
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
// goroutines than the Filter's and the Filter only inserts (AddKeys). Make
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
// extended slice and the hash of the key, for AddKeys.
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

// AddKeys adds texts whose keys and hashes a Keyer of f computed
// (Keyer.AppendKey), with empty ids, and returns how many of them were
// duplicates: text i has the key keys[ends[i-1]:ends[i]] (keys[:ends[0]]
// for the first) and the hash hashes[i]. Adding the keys of texts in the
// same order gives the same entries and duplicates as adding the texts.
// The filter copies the keys.
//
// Adding many keys at once is faster than one at a time: the hash table
// slots of a run of keys are read before any of them is added, so that
// their cache misses overlap instead of coming one after the other.
func (f *Filter) AddKeys(keys []byte, ends []int, hashes []uint64) (duplicates int) {
	start := 0
	for i, end := range ends {
		if i%touchRun == 0 {
			f.touch(hashes[i:min(i+touchRun, len(hashes))])
		}
		if _, dup := f.addKey("", keys[start:end], hashes[i]); dup {
			duplicates++
		}
		start = end
	}
	return duplicates
}

// touchRun is how many keys' slots AddKeys reads ahead: their cache lines
// (16 KiB) stay in the cache while the keys are added.
const touchRun = 256

// touch reads the home slots of hashes in the current table, so that
// adding their keys next finds them in the cache, and returns their sum:
// not inlined, it computes the sum, which keeps the loads from being
// optimized away.
//
//go:noinline
func (f *Filter) touch(hashes []uint64) uint64 {
	if len(f.slots) == 0 {
		return 0
	}
	var x uint64
	for _, h := range hashes {
		x += f.slots[h>>f.shift]
	}
	return x
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
// starts at the slot the top bits of the hash name (its home), so most
// take one cache miss (a Go map takes several), and keys are compared only
// when the high 32 bits agree. The table holds at most 2³² slots, so that
// a slot holds the bits of its home: grow needs only the table.
func (f *Filter) addKey(id string, key []byte, h uint64) (int32, bool) {
	if 4*(f.n+1) > 3*len(f.slots) {
		f.grow()
	}
	mask := uint64(len(f.slots) - 1)
	i := h >> f.shift
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
	*page = append(*page, entry{block: uint32(bi), off: uint32(len(f.blocks[bi])), idLen: uint32(len(id)), keyLen: uint32(len(key))})
	f.blocks[bi] = append(append(f.blocks[bi], id...), key...)
	e := int32(f.n)
	f.n++
	f.slots[i] = slot(h, e)
	return e, false
}

// slot returns the hash table slot of entry e, of hash h.
func slot(h uint64, e int32) uint64 { return h>>32<<32 | uint64(e+1) }

// grow doubles the hash table (from 16 slots) and reinserts the entries.
// A slot's home in the new table is the top bits of the hash it holds, the
// home it had in the old one followed by one more bit, so that the old
// slots, taken in order, are inserted nearly in order: the new table is
// written from start to end, not at random.
func (f *Filter) grow() {
	old := f.slots
	f.slots = make([]uint64, max(16, 2*len(old)))

	f.shift = uint(64 - bits.TrailingZeros(uint(len(f.slots))))
	mask := uint64(len(f.slots) - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := s >> f.shift // f.shift >= 32: the bits of the hash that s holds
		for f.slots[i] != 0 {
			i = (i + 1) & mask
		}
		f.slots[i] = s
	}
}

func (f *Filter) keyOf(e int32) []byte {
	x := f.entry(e)
	return f.blocks[x.block][x.off+x.idLen : x.off+x.idLen+x.keyLen]
}
