package pairing

import (
	"hash/fnv"

	"github.com/argsearch/argsearch/corpus"
)

// Dedup is a stateful filter that keeps the first sentence of every text and
// rejects later ones with the same text (Duplicate) or the same text after
// corpus.NormalizeSentence (NearDuplicate), remembering which kept sentence
// each rejected one duplicates.
//
// Near-duplicates are therefore exactly corpus.NormalizedDuplicates, so
// Dedup agrees with corpus.FindDuplicates and Store.Duplicates: texts equal
// after NFKC, case folding and collapsing every run of whitespace,
// punctuation and symbols. "GUNS   kill people!" is a near-duplicate of
// "Guns kill people."; "Guns don't kill" and "Guns dont kill", and texts
// that differ in accents, are not. A text that normalises to "" (only
// punctuation or symbols) is compared exactly, as corpus does.
//
// Texts are remembered by 128-bit FNV-1a hashes, not by their text, so a
// Dedup holds about 150 bytes plus the id per kept sentence (under 1 GB for
// all 5.7 million args.me sentences); the chance that two different texts
// collide is below 10^-25.
//
// The zero value is ready to use. A Dedup is not safe for concurrent use;
// its answers depend on the order sentences are checked in, so check them
// in a fixed order (the corpus order, or the ranking order) for
// reproducible results.
type Dedup struct {
	exact      map[[16]byte]int32 // hash of text → index into kept
	normalised map[[16]byte]int32 // hash of corpus.NormalizeSentence(text) → index into kept
	kept       []string           // ids of kept sentences
	keptIndex  map[string]int32   // id → index into kept
	dups       map[int32][]string // index into kept → ids folded into it
	of         map[string]int32   // id of a rejected sentence → index into kept
}

// Check implements Filter. A sentence whose ID was kept before is kept
// again (checking a sentence twice does not make it its own duplicate).
func (d *Dedup) Check(s corpus.Sentence) (bool, Reason) {
	if d.exact == nil {
		d.exact = map[[16]byte]int32{}
		d.normalised = map[[16]byte]int32{}
		d.dups = map[int32][]string{}
		d.of = map[string]int32{}
		d.keptIndex = map[string]int32{}
	}
	ek := hash128(s.Text)
	if i, ok := d.exact[ek]; ok {
		return d.reject(i, s.ID, Duplicate)
	}
	norm := corpus.NormalizeSentence(s.Text)
	nk := hash128(norm)
	if norm != "" {
		if i, ok := d.normalised[nk]; ok {
			d.exact[ek] = i
			return d.reject(i, s.ID, NearDuplicate)
		}
	}
	i := int32(len(d.kept))
	d.kept = append(d.kept, s.ID)
	if _, dup := d.keptIndex[s.ID]; !dup {
		d.keptIndex[s.ID] = i
	}
	d.exact[ek] = i
	if norm != "" {
		d.normalised[nk] = i
	}
	return true, Kept
}

func (d *Dedup) reject(i int32, id string, why Reason) (bool, Reason) {
	if d.kept[i] == id {
		return true, Kept
	}
	if _, seen := d.of[id]; !seen {
		d.of[id] = i
		d.dups[i] = append(d.dups[i], id)
	}
	return false, why
}

// Original returns the id of the kept sentence that the rejected sentence
// id duplicates, and false when id was not rejected as a duplicate.
func (d *Dedup) Original(id string) (string, bool) {
	i, ok := d.of[id]
	if !ok {
		return "", false
	}
	return d.kept[i], true
}

// Duplicates returns the ids rejected as duplicates of the kept sentence
// id, in the order they were checked; nil when there are none.
func (d *Dedup) Duplicates(id string) []string {
	i, ok := d.keptIndex[id]
	if !ok || len(d.dups[i]) == 0 {
		return nil
	}
	return append([]string(nil), d.dups[i]...)
}

// Len returns the number of distinct texts kept.
func (d *Dedup) Len() int { return len(d.kept) }

func hash128(s string) [16]byte {
	h := fnv.New128a()
	h.Write([]byte(s))
	var k [16]byte
	h.Sum(k[:0])
	return k
}
