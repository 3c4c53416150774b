package analysis

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/argsearch/argsearch/analysis/internal/krovetz"
	"github.com/argsearch/argsearch/internal/shortmap"
	"github.com/argsearch/argsearch/internal/stopwords"
)

// maxCache bounds an Analyzer's memo of token → term, and maxTerms its
// terms, which shingles make more numerous than tokens.
const (
	maxCache = 1 << 18
	maxTerms = 2 * maxCache
)

// An Analyzer turns text into terms according to an Analysis. It memoizes
// the terms of the tokens it has seen and numbers the terms it gives, so
// that a caller (an index being built) can keep its own data per term in a
// slice. An Analyzer is not safe for concurrent use; Clone makes one per
// goroutine.
type Analyzer struct {
	a       Analysis
	stop    func(string) bool // nil for no fixed stop words
	fold    transform.Transformer
	stemmer func(string) string
	cache   shortmap.Map[int32] // raw token → term id; -1 when dropped
	ids     shortmap.Map[int32] // term (shingles too) → its id
	terms   []string            // id → term
	buf     []byte
	toks    [][]byte
	types   []int
	hashes  []uint64 // the memo's hashes of a text's tokens
	tids    []int32  // their ids (-1: dropped)
	miss    []int32  // the places of those the memo lacks
	mterms  []string // the terms of those
	mhashes []uint64 // and their hashes in ids
	ents    []int32  // the term ids of a text
	touched int      // a sum of what words and Each read ahead, so the reads stay
	shingle []byte
	runes   []rune // the Porter stemmer's scratch
}

// NewAnalyzer returns an Analyzer for a (checked and completed as
// Normalized does). With Stem "kstem" it loads Lucene's KStem dictionary;
// Clone shares it.
func NewAnalyzer(a Analysis) (*Analyzer, error) {
	a, err := a.Normalized()
	if err != nil {
		return nil, err
	}
	z := &Analyzer{a: a, stop: stopWord(a.Stop)}
	switch a.Stem {
	case stemPorter:
		z.stemmer = porter
	case stemPorter2:
		z.stemmer = func(s string) string {
			env := snowballstem.NewEnv(s)
			english.Stem(env)
			return env.Current()
		}
	case stemKStem:
		kstem, err := krovetz.Lucene()
		if err != nil {
			return nil, fmt.Errorf("analysis: %w", err)
		}
		z.stemmer = kstem.Stem
	}
	return z.Clone(), nil
}

// Clone returns a new Analyzer of the same Analysis, with an empty memo,
// that shares z's stemmer (safe for concurrent use); the Porter stemmer,
// which works in a scratch buffer, it binds to a buffer of its own.
func (z *Analyzer) Clone() *Analyzer {
	c := &Analyzer{a: z.a, stop: z.stop, stemmer: z.stemmer}
	if c.a.Stem == stemPorter {
		// The Porter stemmer works in a scratch buffer of each Analyzer's
		// own.
		c.stemmer = func(s string) string {
			stem, buf := porterStem(c.runes, s)
			c.runes = buf
			return stem
		}
	}
	if c.a.Fold {
		c.fold = transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), cases.Fold(), norm.NFKC)
	}
	return c
}

// AppendTerms appends the terms of text to dst and returns the extended
// slice.
func (z *Analyzer) AppendTerms(dst []string, text string) []string {
	z.Each(text, func(_ int, term string) { dst = append(dst, term) })
	return dst
}

// Each calls f with every term of text, in order, each followed by the
// shingles that start with it (in order of size) when the analysis has
// shingles. The id numbers the term among those z has given since it was
// made or last trimmed (from 0, without gaps), so equal terms have equal
// ids.
func (z *Analyzer) Each(text string, f func(id int, term string)) {
	n := z.a.Shingles
	z.words(text)
	if n < 2 {
		// The terms are read ahead, as words reads the memo's slots.
		t := 0
		for _, id := range z.ents {
			t |= len(z.terms[id])
		}
		z.touched |= t
		for _, id := range z.ents {
			f(int(id), z.terms[id])
		}
		return
	}
	for i, id := range z.ents {
		f(int(id), z.terms[id])
		z.shingle = append(z.shingle[:0], z.terms[id]...)
		for _, next := range z.ents[i+1 : min(len(z.ents), i+n)] {
			z.shingle = append(append(z.shingle, ' '), z.terms[next]...)
			sid := z.id(z.shingle)
			f(int(sid), z.terms[sid])
		}
	}
}

// Trim empties the memo when it has grown too large, and reports whether
// it did: term ids then start again from 0. Call it between texts whose
// ids must agree (an index build calls it between documents).
func (z *Analyzer) Trim() bool {
	if z.cache.Len() < maxCache && len(z.terms) < maxTerms {
		return false
	}
	z.cache.Clear()
	z.ids.Clear()
	z.terms = z.terms[:0]
	return true
}

// id returns the id of term t, given if new.
func (z *Analyzer) id(t []byte) int32 {
	id, ok := z.ids.Get(t)
	if !ok {
		id = z.add(string(t))
	}
	return id
}

// add gives the new term t the next id.
func (z *Analyzer) add(t string) int32 {
	id := int32(len(z.terms))
	z.terms = append(z.terms, t)
	z.ids.PutString(t, id)
	return id
}

// words sets z.ents to the ids of the terms of text (no shingles), in
// order. It looks the tokens up in the memo in passes: it hashes them all,
// reads the slot each is looked for in first, then looks them up, and
// analyses those the memo lacks. The slots, scattered over a
// memo larger than the caches, are then read together, their cache misses
// overlapping, instead of one at a time.
func (z *Analyzer) words(text string) {
	var in []byte
	if z.a.Fold {
		z.buf = z.appendFolded(z.buf[:0], text)
		in = z.buf
	} else {
		// Read only: the tokens are looked up and copied, never written.
		in = unsafe.Slice(unsafe.StringData(text), len(text))
	}
	z.toks, z.types = appendWords(z.toks[:0], z.types, in)
	toks, k := z.toks, 0
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if len(tok) > maxTokenRunes {
			if utf8.RuneCount(tok) > maxTokenRunes {
				// Rare: cut it, and analyse the pieces in its place.
				pieces := splitLong(nil, tok)
				toks = append(toks[:i], append(pieces, toks[i+1:]...)...)
				tok = toks[i]
			}
		}
		if tok[0] == '_' && onlyUnderscores(tok) {
			continue
		}
		toks[k] = tok
		k++
	}
	z.toks, toks = toks, toks[:k]
	hs := z.hashes[:0]
	for _, tok := range toks {
		hs = append(hs, z.cache.Hash(tok))
	}
	// A loop of its own, a few instructions a key, so that the processor
	// has the reads of all the keys under way at once.
	var t uint8
	for _, h := range hs {
		t |= z.cache.Touch(h)
	}
	z.hashes, z.touched = hs, z.touched|int(t)
	// The ids by place; -2 for a token the memo lacks.
	ids, miss := z.tids[:0], z.miss[:0]
	for i, tok := range toks {
		id, ok := z.cache.GetHash(tok, hs[i])
		if !ok {
			id = -2
			miss = append(miss, int32(i))
		}
		ids = append(ids, id)
	}
	if len(miss) > 0 {
		z.analyse(toks, hs, ids, miss)
	}
	z.tids, z.miss = ids, miss
	z.ents = z.ents[:0]
	for _, id := range ids {
		if id >= 0 {
			z.ents = append(z.ents, id)
		}
	}
}

// analyse analyses the tokens at places miss of toks (of memo hashes hs),
// which the memo lacks, sets their ids (ids, by place) and memoizes them,
// in the order of the places. It too works in passes: it analyses them
// all, hashes their terms and reads the term map's slots, then gives the
// terms their ids.
func (z *Analyzer) analyse(toks [][]byte, hs []uint64, ids []int32, miss []int32) {
	terms, ths := z.mterms[:0], z.mhashes[:0]
	for _, i := range miss {
		t := z.term(toks[i])
		terms = append(terms, t)
		ths = append(ths, z.ids.HashString(t))
	}
	var t uint8
	for _, h := range ths {
		t |= z.ids.Touch(h)
	}
	z.touched |= int(t)
	for j, i := range miss {
		tok := toks[i]
		// A token seen before in the text is memoized by now.
		id, ok := z.cache.GetHash(tok, hs[i])
		if !ok {
			id = -1
			if t := terms[j]; t != "" {
				id, ok = z.ids.GetHashString(t, ths[j])
				if !ok {
					// A new term keeps t itself, not a copy.
					id = int32(len(z.terms))
					z.terms = append(z.terms, t)
					z.ids.PutHashString(t, ths[j], id)
				}
			}
			z.cache.PutHash(tok, hs[i], id)
		}
		ids[i] = id
	}
	clear(terms)
	z.mterms, z.mhashes = terms[:0], ths
}

// appendFolded appends text folded (Analysis.Fold) to dst: ASCII spans
// (nextSpan) lower-cased directly, the others through the fold
// transformers. Normalization and case folding carry nothing across the
// spans' ends, so this is text folded whole, at the cost of the few
// non-ASCII spans.
func (z *Analyzer) appendFolded(dst []byte, text string) []byte {
	if isASCII(text) {
		return appendLowerASCII(dst, text)
	}
	if !utf8.ValidString(text) {
		// Folded whole, as before spans (the corpus readers repair invalid
		// UTF-8, so this is rare).
		return z.appendFoldedSpan(dst, text)
	}
	b := unsafe.Slice(unsafe.StringData(text), len(text)) // read only
	for i := 0; i < len(b); {
		ascii, end := nextSpan(b, i)
		if ascii {
			dst = appendLowerASCII(dst, text[i:end])
		} else {
			dst = z.appendFoldedSpan(dst, text[i:end])
		}
		i = end
	}
	return dst
}

// appendFoldedSpan appends text folded by the fold transformers to dst.
func (z *Analyzer) appendFoldedSpan(dst []byte, text string) []byte {
	z.fold.Reset()
	out, _, err := transform.Append(z.fold, dst, unsafe.Slice(unsafe.StringData(text), len(text)))
	if err != nil {
		// The transformers only fail on invalid state; fall back to lower
		// case rather than lose the text.
		out = append(dst, strings.ToLower(text)...)
	}
	return out
}

// term analyzes one token; "" means the token is dropped.
func (z *Analyzer) term(tok []byte) string {
	var s string
	if z.a.Fold {
		s = string(tok)
	} else {
		s = lower(tok)
	}
	if z.a.Possessive {
		s = stripPossessive(s)
	}
	if z.a.MinLength > 0 || z.a.MaxLength > 0 {
		n := utf8.RuneCountInString(s)
		if n < z.a.MinLength || z.a.MaxLength > 0 && n > z.a.MaxLength {
			return ""
		}
	}
	if s == "" || z.stop != nil && z.stop(s) {
		return ""
	}
	if z.stemmer != nil {
		s = z.stemmer(s)
	}
	return s
}

// stopWord returns the test for the fixed stop words of a list, or nil for
// a list that has none.
func stopWord(list string) func(string) bool {
	switch list {
	case stopLucene:
		return stopwords.Lucene
	case stopEnglish:
		return stopwords.Snowball
	case stopGlasgow:
		return stopwords.Glasgow
	}
	return nil
}

// stripPossessive removes a trailing 's, 'S, ’s or ＇s, as Lucene's
// EnglishPossessiveFilter does.
func stripPossessive(s string) string {
	if len(s) < 2 || (s[len(s)-1] != 's' && s[len(s)-1] != 'S') {
		return s
	}
	r, n := utf8.DecodeLastRuneInString(s[:len(s)-1])
	if r == '\'' || r == '’' || r == '＇' {
		return s[:len(s)-1-n]
	}
	return s
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func appendLowerASCII(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// lower lower-cases rune by rune, as Lucene's LowerCaseFilter does.
func lower(b []byte) string {
	ascii := true
	for _, c := range b {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		// One allocation: the string is made of the bytes in place.
		l := appendLowerASCII(make([]byte, 0, len(b)), unsafe.String(unsafe.SliceData(b), len(b)))
		return unsafe.String(unsafe.SliceData(l), len(l))
	}
	return string(bytes.Map(unicode.ToLower, b))
}

// KrovetzStemmer returns the Krovetz stemmer of Stem "krovetz", whose base
// forms are the given vocabulary (the collection's terms), as a function
// safe for concurrent use.
func KrovetzStemmer(vocabulary []string) func(string) string {
	return krovetz.NewVocabulary(krovetz.NewWords(vocabulary...)).Stem
}
