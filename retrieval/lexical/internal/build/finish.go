package build

import (
	"cmp"
	"encoding/binary"
	"iter"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// finish gathers each field's complete posting lists (the runs' lists,
// once what is still held is written as the last run), conflates terms
// with their Krovetz stems, then applies a frequency-based stop list (to
// the stems).
func (b *builder) finish() error {
	if b.idErr != nil {
		return b.idErr
	}
	if b.idSort != nil {
		if err := b.idSort.end(); err != nil {
			return err
		}
	}
	if len(b.runs) > 0 {
		for _, ub := range b.units {
			if ub.docs > ub.runStart {
				if err := b.flush(); err != nil {
					return err
				}
				break
			}
		}
	}
	for ui, ub := range b.units {
		for fi, fb := range ub.fields {
			if len(b.runs) == 0 {
				fb.store = fb.memStore()
				continue
			}
			for g := range fb.terms {
				fb.terms[g].post = plist{}
			}
			fb.arena = arena{}
			if b.segTerms > 0 {
				fb.terms = nil
				continue // merged term by term as the unit is written (mergeField)
			}
			if _, err := b.fileStore(ui, fi); err != nil {
				return err
			}
		}
	}
	if err := b.conflate(); err != nil {
		return err
	}
	switch b.an.Stop {
	case "frequent":
		b.stopwords = b.frequent(b.an.StopFrequent, func(string, string) bool { return true })
	case "frequent-fields":
		texts := b.frequent(b.an.StopFrequent, func(u string, f string) bool {
			return u == "argument" && (f == index.FieldConclusion || f == index.FieldPremise)
		})
		contexts := b.frequent(b.an.StopFrequent, func(u string, f string) bool {
			return u == "argument" && f == index.FieldTitle
		})
		b.stopwords = append(texts, contexts...)
	default:
		return nil
	}
	slices.Sort(b.stopwords)
	b.stopwords = slices.Compact(b.stopwords)
	var list []byte
	for _, ub := range b.units {
		for _, fb := range ub.fields {
			for _, t := range b.stopwords {
				g, ok := b.dict.ids.GetString(t)
				if !ok || int(g) >= len(fb.terms) {
					continue
				}
				var err error
				if list, err = fb.store.list(list[:0], g); err != nil {
					return err
				}
				for doc, f := range listPostings(list) {
					fb.dl[doc] -= f
				}
				fb.store.n[g], fb.terms[g].df, fb.terms[g].ttf = 0, 0, 0
			}
		}
	}
	return nil
}

// frequent returns the n terms with the most occurrences in the fields
// in (by unit and field name), most frequent first, ties in byte order.
func (b *builder) frequent(n int, in func(u, field string) bool) []string {
	total := map[string]uint64{}
	for _, ub := range b.units {
		for _, fb := range ub.fields {
			if !in(ub.unit, fb.name) {
				continue
			}
			for g := range fb.terms {
				if n := fb.terms[g].ttf; n > 0 {
					total[b.dict.terms[g]] += n
				}
			}
		}
	}
	type tf struct {
		t string
		n uint64
	}
	all := make([]tf, 0, len(total))
	for t, n := range total {
		all = append(all, tf{t, n})
	}
	slices.SortFunc(all, func(a, b tf) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return strings.Compare(a.t, b.t)
	})
	out := make([]string, 0, min(n, len(all)))
	for _, x := range all[:min(n, len(all))] {
		out = append(out, x.t)
	}
	return out
}

// conflate, with Krovetz stemming, chooses the vocabulary (terms with a
// collection frequency of at least KrovetzMinCF), stems every term with
// it, and merges the postings of the terms of each stem into the stem's
// own list (summing frequencies within a document). The merged lists are
// added to the fields' list stores before any list is replaced, so a stem
// that is itself conflated to another keeps apart the postings of the
// terms stemmed to it. Document lengths do not change. The term vectors
// are remapped by freeze, through b.target.
func (b *builder) conflate() error {
	if b.an.Stem != "krovetz" {
		return nil
	}
	terms := b.dict.terms
	cf := make([]uint64, len(terms))
	unitCF := make([]uint64, len(terms))
	for _, ub := range b.units {
		clear(unitCF)
		for _, fb := range ub.fields {
			for g := range fb.terms[:min(len(fb.terms), len(terms))] {
				unitCF[g] += fb.terms[g].ttf
			}
		}
		for g, n := range unitCF {
			cf[g] = max(cf[g], n)
		}
	}
	for g, t := range terms {
		if cf[g] >= uint64(b.an.KrovetzMinCF) {
			b.vocabulary = append(b.vocabulary, t)
		}
	}
	slices.Sort(b.vocabulary)
	stem := analysis.KrovetzStemmer(b.vocabulary)
	b.target = make([]uint32, len(terms))
	groups := map[uint32][]uint32{} // stem → the other terms stemmed to it
	for g, t := range terms {
		b.target[g] = uint32(g)
		s := stem(t)
		if s == t {
			continue
		}
		// A stem is a vocabulary term, so it has an id.
		sg, ok := b.dict.ids.GetString(s)
		if !ok {
			continue
		}
		b.target[g] = sg
		groups[sg] = append(groups[sg], uint32(g))
	}
	stems := make([]uint32, 0, len(groups))
	for sg := range groups {
		stems = append(stems, sg)
	}
	slices.Sort(stems)
	for _, ub := range b.units {
		for _, fb := range ub.fields {
			if err := fb.conflate(stems, groups, b.target); err != nil {
				return err
			}
		}
	}
	return nil
}

// conflate merges the postings of a field as builder.conflate describes.
func (fb *fieldBuilder) conflate(stems []uint32, groups map[uint32][]uint32, target []uint32) error {
	type merged struct {
		at, n uint64
		df    uint32
		ttf   uint64
		maxTF uint32
		last  uint32
	}
	s := fb.store
	out := make([]merged, len(stems))
	var ents []uint64 // doc<<32 | f
	var buf, list []byte
	for i, sg := range stems {
		ents = ents[:0]
		for _, g := range append([]uint32{sg}, groups[sg]...) {
			if int(g) >= len(fb.terms) || target[g] != sg {
				continue
			}
			var err error
			if buf, err = s.list(buf[:0], g); err != nil {
				return err
			}
			fb.bytes -= len(buf) // the list is replaced or dropped below
			for doc, f := range listPostings(buf) {
				ents = append(ents, doc<<32|uint64(f))
			}
		}
		m := &out[i]
		list = appendMerged(list[:0], ents, func(doc uint64, f uint32) {
			m.df++
			m.ttf += uint64(f)
			m.maxTF = max(m.maxTF, f)
			m.last = uint32(doc)
		})
		var err error
		if m.at, err = s.add(list); err != nil {
			return err
		}
		m.n = uint64(len(list))
	}
	if len(stems) > 0 && int(stems[len(stems)-1]) >= len(fb.terms) {
		fb.grow(int(stems[len(stems)-1]) + 1)
		s.grow(len(fb.terms))
	}
	for g, sg := range target {
		if uint32(g) != sg && g < len(fb.terms) {
			st := &fb.terms[g]
			s.n[g], st.df, st.ttf, st.maxTF = 0, 0, 0, 0
		}
	}
	for i, sg := range stems {
		m := &out[i]
		fb.bytes += int(m.n)
		s.at[sg], s.n[sg] = m.at, m.n
		st := &fb.terms[sg]
		st.df, st.ttf, st.maxTF, st.last = m.df, m.ttf, m.maxTF, m.last
	}
	return nil
}

// appendMerged sorts ents (key<<32 | frequency), sums the frequencies of
// equal keys and appends the sums as postings with key deltas; each is
// also passed to each, if not nil.
func appendMerged(dst []byte, ents []uint64, each func(key uint64, f uint32)) []byte {
	slices.Sort(ents)
	prev := uint64(0)
	for j := 0; j < len(ents); {
		key := ents[j] >> 32
		f := uint32(0)
		for ; j < len(ents) && ents[j]>>32 == key; j++ {
			f += uint32(ents[j])
		}
		dst = appendPosting(dst, key-prev, f)
		prev = key
		if each != nil {
			each(key, f)
		}
	}
	return dst
}

// listPostings iterates over the documents and frequencies of a list in
// the builder's form (document deltas, see appendPosting).
func listPostings(list []byte) iter.Seq2[uint64, uint32] {
	return func(yield func(uint64, uint32) bool) {
		doc := uint64(0)
		for p := list; len(p) > 0; {
			var delta uint64
			var f uint32
			delta, f, p = readPosting(p)
			doc += delta
			if !yield(doc, f) {
				return
			}
		}
	}
}

// readPosting decodes one (v, f) pair written by appendPosting. The input
// must be well formed (checked when an index is opened).
func readPosting(p []byte) (v uint64, f uint32, rest []byte) {
	x, n := binary.Uvarint(p)
	p = p[n:]
	if x&1 == 1 {
		return x >> 1, 1, p
	}
	y, m := binary.Uvarint(p)
	return x >> 1, uint32(y), p[m:]
}
