package corpus

import (
	"context"
	"fmt"
	"iter"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/stance"
)

// A Store holds the arguments and sentences of a corpus in memory for lookup
// by id: a sentence id gives the Sentence and the id of its argument, an
// argument id the Argument with its conclusion, its premises' stances and
// its sentences. It is built once from a stream (BuildStore), or read back
// from a file Store.WriteTo wrote (MapStore), and is read-only
// afterwards, so it is safe for concurrent use by any number of
// goroutines.
//
// A Store keeps the argument ids, conclusions, premise stances, sentence
// ids and sentence texts, and nothing else: the arguments it returns have
// premises without text (Premise.Text is empty; the sentences hold the
// premise text, split) and an empty Context. Read the corpus again for
// those. Texts are kept in large shared blocks (no per-string allocation),
// and sentence ids that follow the processed corpus's scheme
// (<argID>__PREMISE__1…m, then <argID>__CONC__1) are not stored but
// computed; other ids are kept as they are. The sentence texts dominate the
// store's memory (see BENCHMARKS.md, section "The store and duplicates at
// full scale").
type Store struct {
	blocks []string // text blocks; each argument's conclusion and sentence texts are contiguous in one block
	// The argument ids, apart from the texts so that looking an id up,
	// and checking a store file's ids, reads only them: argument i's id is
	// ids[idEnd[i-1]:idEnd[i]] (from 0 for the first).
	ids   string
	idEnd []uint32

	args     []storeArgument
	stances  []stance.Stance // premise stances of all arguments, in order
	sentEnd  []uint32        // end offset of each sentence's text in its argument's block
	byID     []uint32        // argument indexes sorted by id
	idTable  []uint32        // a hash table of the argument ids (see setIDTable)
	odd      map[uint32][]string
	foreign  map[string]uint32 // sentence ids not under their own argument's id → sentence index
	numSents int
}

// storeArgument is one argument of a Store. It is also the layout of an
// argument's record in a store file (seven little-endian uint32s, read in
// place where the machine allows: see storefile.go), so its fields are all
// uint32 and in the file's order.
type storeArgument struct {
	block    uint32
	start    uint32 // offset of the conclusion in the block; the sentence texts follow
	concLen  uint32
	first    uint32 // index of the first sentence
	stances  uint32 // offset in Store.stances
	premises uint32 // number of premise sentences (regular ids)
	flags    uint32 // argConclusion, argIrregular
}

// The flags of a storeArgument.
const (
	argConclusion = 1 << iota // the last sentence is <id>__CONC__1 (regular ids)
	argIrregular              // sentence ids are kept in Store.odd
	argFlags      = argConclusion | argIrregular
)

func (r *storeArgument) conclusion() bool { return r.flags&argConclusion != 0 }
func (r *storeArgument) irregular() bool  { return r.flags&argIrregular != 0 }

// storeBlockSize is the size of a text block. An argument whose texts are
// larger gets a block of its own.
const storeBlockSize = 8 << 20

// BuildStore reads all arguments of args into a new Store. It stops at the
// first error of args and returns it unchanged. Two arguments or two
// sentences with the same id, or an argument without id, are an error
// ("duplicate id" for duplicates). ctx is checked every 1024 arguments; a
// nil ctx is an error before args is read.
func BuildStore(ctx context.Context, args iter.Seq2[Argument, error]) (*Store, error) {
	if err := nilctx.Check(ctx, "corpus: BuildStore"); err != nil {
		return nil, err
	}
	b := storeBuilder{s: &Store{}}
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
		if err := b.add(a); err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return b.finish()
}

type storeBuilder struct {
	s      *Store
	blocks [][]byte
	ids    []byte
}

func (b *storeBuilder) add(a Argument) error {
	s := b.s
	if a.ID == "" {
		return fmt.Errorf("corpus: argument %d has no id", len(s.args)+1)
	}
	if uint64(len(s.args)) >= math.MaxUint32-1 || uint64(s.numSents)+uint64(len(a.Sentences)) >= math.MaxUint32 {
		return fmt.Errorf("corpus: argument %s: more than %d arguments or sentences in a store", quote.Q(a.ID), uint32(math.MaxUint32-1))
	}
	if uint64(len(b.ids))+uint64(len(a.ID)) > math.MaxUint32 {
		return fmt.Errorf("corpus: argument %s: more than %d bytes of argument ids in a store", quote.Q(a.ID), uint32(math.MaxUint32))
	}
	size := len(a.Conclusion)
	for _, t := range a.Sentences {
		size += len(t.Text)
	}
	if uint64(size) > math.MaxUint32 {
		return fmt.Errorf("corpus: argument %s: %d bytes of text, more than a store takes", quote.Q(a.ID), size)
	}
	if len(b.blocks) == 0 || cap(b.blocks[len(b.blocks)-1])-len(b.blocks[len(b.blocks)-1]) < size {
		b.blocks = append(b.blocks, make([]byte, 0, max(storeBlockSize, size)))
	}
	bi := len(b.blocks) - 1
	blk := b.blocks[bi]
	r := storeArgument{
		block:   uint32(bi),
		start:   uint32(len(blk)),
		concLen: uint32(len(a.Conclusion)),
		first:   uint32(s.numSents),
		stances: uint32(len(s.stances)),
	}
	b.ids = append(b.ids, a.ID...)
	s.idEnd = append(s.idEnd, uint32(len(b.ids)))
	blk = append(blk, a.Conclusion...)
	for _, t := range a.Sentences {
		blk = append(blk, t.Text...)
		s.sentEnd = append(s.sentEnd, uint32(len(blk)))
	}
	b.blocks[bi] = blk
	for _, p := range a.Premises {
		s.stances = append(s.stances, p.Stance)
	}

	// Sentence ids: the regular scheme, or kept as they are.
	m := len(a.Sentences)
	if m > 0 && isSentenceID(a.Sentences[m-1].ID, a.ID, docid.Conclusion, 1) {
		r.flags |= argConclusion
		m--
	}
	regular := true
	for i := range m {
		if !isSentenceID(a.Sentences[i].ID, a.ID, docid.Premise, i+1) {
			regular = false
			break
		}
	}
	if regular {
		r.premises = uint32(m)
	} else {
		r.flags = argIrregular
		ids := make([]string, len(a.Sentences))
		seen := make(map[string]bool, len(ids))
		for i, t := range a.Sentences {
			if seen[t.ID] {
				return fmt.Errorf("corpus: argument %s: sentence %s: %w", quote.Q(a.ID), quote.Q(t.ID), errDuplicateID)
			}
			seen[t.ID] = true
			ids[i] = strings.Clone(t.ID)
			if argID, err := docid.Argument(t.ID); err != nil || argID != a.ID {
				if s.foreign == nil {
					s.foreign = map[string]uint32{}
				}
				if _, ok := s.foreign[t.ID]; ok {
					return fmt.Errorf("corpus: argument %s: sentence %s: %w", quote.Q(a.ID), quote.Q(t.ID), errDuplicateID)
				}
				s.foreign[ids[i]] = r.first + uint32(i)
			}
		}
		if s.odd == nil {
			s.odd = map[uint32][]string{}
		}
		s.odd[uint32(len(s.args))] = ids
	}
	s.args = append(s.args, r)
	s.numSents += len(a.Sentences)
	return nil
}

// isSentenceID reports whether id is "<argID>__<kind>__<k>".
func isSentenceID(id, argID string, kind docid.Kind, k int) bool {
	rest, ok := strings.CutPrefix(id, argID)
	if !ok {
		return false
	}
	rest, ok = strings.CutPrefix(rest, "__")
	if !ok {
		return false
	}
	rest, ok = strings.CutPrefix(rest, string(kind))
	if !ok {
		return false
	}
	rest, ok = strings.CutPrefix(rest, "__")
	if !ok {
		return false
	}
	var buf [20]byte
	return rest == string(strconv.AppendInt(buf[:0], int64(k), 10))
}

func (b *storeBuilder) finish() (*Store, error) {
	s := b.s
	// Blocks become strings without a copy (as strings.Builder does): the
	// builder lets go of them here and nothing writes to them again.
	s.blocks = make([]string, len(b.blocks))
	for i, blk := range b.blocks {
		s.blocks[i] = unsafe.String(unsafe.SliceData(blk), len(blk))
		b.blocks[i] = nil
	}
	// A copy, so that the ids hold no spare capacity.
	s.ids, b.ids = string(b.ids), nil
	s.byID = make([]uint32, len(s.args))
	for i := range s.byID {
		s.byID[i] = uint32(i)
	}
	slices.SortFunc(s.byID, func(x, y uint32) int { return strings.Compare(s.argID(int(x)), s.argID(int(y))) })
	for i := 1; i < len(s.byID); i++ {
		if id := s.argID(int(s.byID[i])); id == s.argID(int(s.byID[i-1])) {
			return nil, fmt.Errorf("corpus: argument %s: %w", quote.Q(id), errDuplicateID)
		}
	}
	s.setIDTable()
	// A sentence id kept outside its argument must not also name a
	// sentence of the argument it points to.
	for _, id := range slices.Sorted(maps.Keys(s.foreign)) {
		if i, ok := s.schemeIndex(id); ok {
			return nil, fmt.Errorf("corpus: sentence %s of arguments %s and %s: %w",
				quote.Q(id), quote.Q(s.argID(s.sentenceArgument(i))), quote.Q(s.argID(s.sentenceArgument(int(s.foreign[id])))), errDuplicateID)
		}
	}
	return s, nil
}

// NumArguments returns the number of arguments.
func (s *Store) NumArguments() int { return len(s.args) }

// NumSentences returns the number of sentences.
func (s *Store) NumSentences() int { return s.numSents }

func (s *Store) argID(i int) string {
	start := uint32(0)
	if i > 0 {
		start = s.idEnd[i-1]
	}
	return s.ids[start:s.idEnd[i]]
}

// argumentIndex returns the index of the argument with the given id.
func (s *Store) argumentIndex(id string) (int, bool) {
	mask := uint64(len(s.idTable) - 1)
	for h := idHash(id) & mask; ; h = (h + 1) & mask {
		a := s.idTable[h]
		if a == 0 {
			return 0, false
		}
		if s.argID(int(a-1)) == id {
			return int(a - 1), true
		}
	}
}

// setIDTable fills in idTable: a table of a power of two slots, at least
// twice the arguments, each 0 or an argument's index plus one; an id's
// argument is in the first slot from its hash (idHash) on that holds it or
// 0 (linear probing). Looking an id up then reads one or two ids of the
// store (which may be mapped from a file) instead of the twenty a binary
// search reads.
func (s *Store) setIDTable() {
	n := 1
	for n < 2*len(s.args) {
		n <<= 1
	}
	s.idTable = make([]uint32, n)
	mask := uint64(n - 1)
	for a := range s.args {
		h := idHash(s.argID(a)) & mask
		for s.idTable[h] != 0 {
			h = (h + 1) & mask
		}
		s.idTable[h] = uint32(a) + 1
	}
}

// idHash is the 64-bit FNV-1a hash of id.
func idHash(id string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(id); i++ {
		h ^= uint64(id[i])
		h *= 1099511628211
	}
	return h
}

// sentenceArgument returns the index of the argument of sentence i.
func (s *Store) sentenceArgument(i int) int {
	// The last argument whose first sentence is at most i.
	j, _ := slices.BinarySearchFunc(s.args, uint32(i)+1, func(r storeArgument, t uint32) int {
		if r.first < t {
			return -1
		}
		return 1
	})
	// Arguments without sentences share their first with the next one;
	// j-1 is the last with first ≤ i, which owns i.
	return j - 1
}

// numSentencesOf returns the number of sentences of argument a.
func (s *Store) numSentencesOf(a int) int {
	if a+1 < len(s.args) {
		return int(s.args[a+1].first - s.args[a].first)
	}
	return s.numSents - int(s.args[a].first)
}

// schemeIndex finds a sentence by its id through its argument.
func (s *Store) schemeIndex(id string) (int, bool) {
	sid, err := docid.ParseSentence(id)
	if err != nil {
		return 0, false
	}
	a, ok := s.argumentIndex(sid.Argument)
	if !ok {
		return 0, false
	}
	r := &s.args[a]
	if r.irregular() {
		i := slices.Index(s.odd[uint32(a)], id)
		return int(r.first) + i, i >= 0
	}
	switch {
	case sid.Kind == docid.Premise && sid.Number <= int(r.premises):
		return int(r.first) + sid.Number - 1, true
	case sid.Kind == docid.Conclusion && sid.Number == 1 && r.conclusion():
		return int(r.first) + int(r.premises), true
	}
	return 0, false
}

// sentenceIndex returns the index of the sentence with the given id, and
// whether there is one.
func (s *Store) sentenceIndex(id string) (int, bool) {
	if i, ok := s.schemeIndex(id); ok {
		return i, true
	}
	if i, ok := s.foreign[id]; ok {
		return int(i), true
	}
	return 0, false
}

// Sentence returns the sentence with the given id, and whether there is
// one.
func (s *Store) Sentence(id string) (Sentence, bool) {
	i, ok := s.sentenceIndex(id)
	if !ok {
		return Sentence{}, false
	}
	return Sentence{ID: id, Text: s.text(s.sentenceArgument(i), i)}, true
}

// ArgumentOf returns the id of the argument that holds the sentence with
// the given id, and whether there is one.
func (s *Store) ArgumentOf(sentenceID string) (string, bool) {
	i, ok := s.sentenceIndex(sentenceID)
	if !ok {
		return "", false
	}
	return s.argID(s.sentenceArgument(i)), true
}

// Stance returns the args.me stance towards topic of the argument that
// holds the sentence with the given id, from the argument's args.me
// labels, with a confidence as a stance.Tagger gives one: the common stance
// of its premises towards its conclusion (an args.me argument has one
// premise, or premises that agree), mapped onto the topic by stance.ArgsMe,
// which flips it when the conclusion states the opposite of the topic
// ("Guns should not be banned" for "Should we ban guns?"), with the share
// of the topic's words the conclusion holds as confidence. It is
// stance.Unknown, with confidence 0, when no premise has a stance, when the
// premises disagree, and when the conclusion is unrelated to the topic.
// It is Unknown with confidence 0 too when the store holds no such
// sentence. It is the Labels of a stance.Rule.
func (s *Store) Stance(topic, sentenceID string) (stance.Stance, float64) {
	if s == nil {
		return stance.Unknown, 0
	}
	i, ok := s.sentenceIndex(sentenceID)
	if !ok {
		return stance.Unknown, 0
	}
	// The argument's premise stances and conclusion, read from its record
	// (as argumentAt does, without making its sentences).
	a := s.sentenceArgument(i)
	r := &s.args[a]
	end := uint32(len(s.stances))
	if a+1 < len(s.args) {
		end = s.args[a+1].stances
	}
	premises := s.stances[r.stances:end]
	if len(premises) == 0 {
		return stance.Unknown, 0
	}
	for _, st := range premises[1:] {
		if st != premises[0] {
			return stance.Unknown, 0
		}
	}
	return stance.ArgsMe{}.Premise(topic, s.blocks[r.block][r.start:r.start+r.concLen], premises[0])
}

// text returns the text of sentence i of argument a.
func (s *Store) text(a, i int) string {
	r := &s.args[a]
	start := r.start + r.concLen
	if i > int(r.first) {
		start = s.sentEnd[i-1]
	}
	return s.blocks[r.block][start:s.sentEnd[i]]
}

// sentenceID returns the id of sentence i of argument a.
func (s *Store) sentenceID(a, i int) string {
	r := &s.args[a]
	k := i - int(r.first)
	switch {
	case r.irregular():
		return s.odd[uint32(a)][k]
	case k < int(r.premises):
		return docid.Sentence{Argument: s.argID(a), Kind: docid.Premise, Number: k + 1}.String()
	}
	return docid.Sentence{Argument: s.argID(a), Kind: docid.Conclusion, Number: 1}.String()
}

// Argument returns the argument with the given id, and whether there is
// one. Its premises carry their stances but no text, and its Context is
// empty (see Store).
func (s *Store) Argument(id string) (Argument, bool) {
	a, ok := s.argumentIndex(id)
	if !ok {
		return Argument{}, false
	}
	return s.argumentAt(a), true
}

// SentenceIDs returns the ids of the sentences of the argument with the
// given id, in order, or nil when there is no such argument.
func (s *Store) SentenceIDs(argID string) []string {
	a, ok := s.argumentIndex(argID)
	if !ok {
		return nil
	}
	first := int(s.args[a].first)
	ids := make([]string, s.numSentencesOf(a))
	for k := range ids {
		ids[k] = s.sentenceID(a, first+k)
	}
	return ids
}

// argumentAt returns the argument of index i.
func (s *Store) argumentAt(i int) Argument {
	r := &s.args[i]
	end := uint32(len(s.stances))
	if i+1 < len(s.args) {
		end = s.args[i+1].stances
	}
	a := Argument{
		ID:         s.argID(i),
		Conclusion: s.blocks[r.block][r.start : r.start+r.concLen],
		Premises:   make([]Premise, end-r.stances),
		Sentences:  make([]Sentence, s.numSentencesOf(i)),
	}
	for k, st := range s.stances[r.stances:end] {
		a.Premises[k].Stance = st
	}
	for k := range a.Sentences {
		j := int(r.first) + k
		a.Sentences[k] = Sentence{ID: s.sentenceID(i, j), Text: s.text(i, j)}
	}
	return a
}

// Arguments returns the arguments in corpus order, as Argument returns
// them.
func (s *Store) Arguments() iter.Seq[Argument] {
	return func(yield func(Argument) bool) {
		for i := range s.args {
			if !yield(s.argumentAt(i)) {
				return
			}
		}
	}
}

// Sentences returns the sentences in corpus order.
func (s *Store) Sentences() iter.Seq[Sentence] {
	return func(yield func(Sentence) bool) {
		for a := range s.args {
			r := &s.args[a]
			for i := int(r.first); i < int(r.first)+s.numSentencesOf(a); i++ {
				if !yield(Sentence{ID: s.sentenceID(a, i), Text: s.text(a, i)}) {
					return
				}
			}
		}
	}
}
