package corpus

import (
	"context"
	"fmt"
	"hash/maphash"
	"iter"
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// DuplicateMode says when two sentences are duplicates.
type DuplicateMode int8

const (
	// ExactDuplicates are sentences with byte-identical texts.
	ExactDuplicates DuplicateMode = iota
	// NormalizedDuplicates are sentences whose texts are equal after
	// NormalizeSentence: they differ at most in Unicode compatibility forms,
	// case, whitespace and punctuation.
	NormalizedDuplicates
)

// String returns "exact" or "normalized".
func (m DuplicateMode) String() string {
	switch m {
	case ExactDuplicates:
		return "exact"
	case NormalizedDuplicates:
		return "normalized"
	}
	return fmt.Sprintf("DuplicateMode(%d)", int8(m))
}

// NormalizeSentence returns the text that NormalizedDuplicates compares:
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
func NormalizeSentence(s string) string {
	var n normalizer
	return string(n.append(nil, s))
}

// A normalizer computes NormalizeSentence, reusing its case folder.
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

// appendNormalizedASCII is NormalizeSentence for ASCII text, where NFKC
// changes nothing and case folding is lowercasing. It returns false, and
// dst unchanged, when s is not ASCII.
func appendNormalizedASCII(dst []byte, s string) ([]byte, bool) {
	// The output is never longer than s: a space stands for at least one
	// dropped byte.
	dst = slices.Grow(dst, len(s))
	start := len(dst)
	b := dst[:start+len(s)]
	n := start
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c-'a' < 26, c-'0' < 10:
		case c-'A' < 26:
			c += 'a' - 'A'
		case c >= utf8.RuneSelf:
			return dst[:start], false
		default:
			space = true
			continue
		}
		if space && n > start {
			b[n] = ' '
			n++
		}
		space = false
		b[n] = c
		n++
	}
	return b[:n], true
}

// appendUnicode is NormalizeSentence for any text.
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

// A dupKeyer turns sentence texts into the keys a DuplicateMode compares.
type dupKeyer struct {
	mode DuplicateMode
	norm normalizer
}

// key appends the comparison key of text to dst. In NormalizedDuplicates
// mode, a text that normalizes to "" is compared exactly instead, behind a
// 0 byte that no normalized text holds, so "..." and "!" stay distinct.
func (k *dupKeyer) key(dst []byte, text string) []byte {
	if k.mode != NormalizedDuplicates {
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

// A DuplicateGroup is a set of sentences with the same text (under a
// DuplicateMode).
type DuplicateGroup struct {
	// Representative is the id of the group's first sentence in corpus
	// order.
	Representative string
	// Duplicates are the ids of the other sentences, in corpus order.
	Duplicates []string
}

// Duplicates lists the duplicate sentences of a corpus.
type Duplicates struct {
	Mode DuplicateMode
	// Sentences is the number of sentences examined.
	Sentences int
	// Groups are the texts that occur more than once, ordered by the
	// corpus position of their representatives.
	Groups []DuplicateGroup
}

// Count returns the number of sentences that duplicate an earlier one:
// the sentences in groups minus the groups.
func (d *Duplicates) Count() int {
	n := 0
	for _, g := range d.Groups {
		n += len(g.Duplicates)
	}
	return n
}

// A DuplicateFilter recognizes sentences whose text (under its
// DuplicateMode) was seen before, one sentence at a time: for filtering a
// stream of sentences or of search results. It keeps the id and comparison
// key of every distinct text it has seen, in large shared blocks, plus about
// 40 bytes per distinct text. The zero value is not usable; call
// NewDuplicateFilter. A DuplicateFilter is not safe for concurrent use.
type DuplicateFilter struct {
	keyer   dupKeyer
	hash    func([]byte) uint64
	heads   map[uint64]int32 // hash → first entry with that hash
	entries []dupEntry
	blocks  [][]byte
	key     []byte // scratch
}

type dupEntry struct {
	block  uint32
	off    uint32
	idLen  uint32
	keyLen uint32
	next   int32 // next entry with the same hash, or -1
}

const dupBlockSize = 4 << 20

// NewDuplicateFilter returns an empty filter for the given mode.
func NewDuplicateFilter(mode DuplicateMode) *DuplicateFilter {
	seed := maphash.MakeSeed()
	return &DuplicateFilter{
		keyer: dupKeyer{mode: mode},
		hash:  func(b []byte) uint64 { return maphash.Bytes(seed, b) },
		heads: map[uint64]int32{},
	}
}

// Add reports whether a sentence with the same text as text (under the
// filter's mode) was added before and, if so, returns the id of the first
// such sentence. Otherwise it remembers id as the representative of text.
// The filter does not check that ids are distinct. It panics beyond
// 2³¹-1 distinct texts.
func (f *DuplicateFilter) Add(id, text string) (representative string, duplicate bool) {
	e, dup := f.add(id, text)
	if !dup {
		return "", false
	}
	return f.id(e), true
}

// Len returns the number of distinct texts added.
func (f *DuplicateFilter) Len() int { return len(f.entries) }

func (f *DuplicateFilter) add(id, text string) (int32, bool) {
	f.key = f.keyer.key(f.key[:0], text)
	h := f.hash(f.key)
	head, ok := f.heads[h]
	if ok {
		for e := head; e >= 0; e = f.entries[e].next {
			if string(f.keyOf(e)) == string(f.key) {
				return e, true
			}
		}
	}
	if len(f.entries) >= math.MaxInt32 || len(id)+len(f.key) > math.MaxUint32/2 {
		panic("corpus: DuplicateFilter: too many or too long texts")
	}
	size := len(id) + len(f.key)
	if len(f.blocks) == 0 || cap(f.blocks[len(f.blocks)-1])-len(f.blocks[len(f.blocks)-1]) < size {
		// Blocks grow from 64 KB to dupBlockSize, so that a filter of a
		// few sentences (one query's) stays small.
		block := dupBlockSize
		if n := len(f.blocks); n < 6 {
			block >>= 6 - n
		}
		f.blocks = append(f.blocks, make([]byte, 0, max(block, size)))
	}
	bi := len(f.blocks) - 1
	e := dupEntry{block: uint32(bi), off: uint32(len(f.blocks[bi])), idLen: uint32(len(id)), keyLen: uint32(len(f.key)), next: -1}
	if ok {
		e.next = head
	}
	f.blocks[bi] = append(append(f.blocks[bi], id...), f.key...)
	f.entries = append(f.entries, e)
	f.heads[h] = int32(len(f.entries) - 1)
	return int32(len(f.entries) - 1), false
}

func (f *DuplicateFilter) id(e int32) string {
	x := &f.entries[e]
	return string(f.blocks[x.block][x.off : x.off+x.idLen])
}

func (f *DuplicateFilter) keyOf(e int32) []byte {
	x := &f.entries[e]
	return f.blocks[x.block][x.off+x.idLen : x.off+x.idLen+x.keyLen]
}

// FindDuplicates finds the duplicate sentences of a stream of arguments
// with a DuplicateFilter. It stops at the first error of args and returns
// it unchanged. ctx is checked every 1024 arguments.
func FindDuplicates(ctx context.Context, args iter.Seq2[Argument, error], mode DuplicateMode) (*Duplicates, error) {
	f := NewDuplicateFilter(mode)
	d := &Duplicates{Mode: mode}
	groupOf := map[int32]int{} // entry → group index
	var entryOf []int32        // group index → entry
	n := 0
	for a, err := range args {
		if err != nil {
			return nil, err
		}
		if n++; n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for _, t := range a.Sentences {
			d.Sentences++
			e, dup := f.add(t.ID, t.Text)
			if !dup {
				continue
			}
			g, ok := groupOf[e]
			if !ok {
				g = len(d.Groups)
				groupOf[e] = g
				entryOf = append(entryOf, e)
				d.Groups = append(d.Groups, DuplicateGroup{Representative: f.id(e)})
			}
			d.Groups[g].Duplicates = append(d.Groups[g].Duplicates, t.ID)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Groups were created in the order of their first duplicate; order
	// them by representative, whose entries are in corpus order.
	order := make([]int, len(d.Groups))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return int(entryOf[x]) - int(entryOf[y]) })
	groups := make([]DuplicateGroup, len(order))
	for i, g := range order {
		groups[i] = d.Groups[g]
	}
	d.Groups = groups
	return d, nil
}
