package lexical

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/krovetz"
	"github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// A StopList names the stop words an Analysis removes.
type StopList string

// Stop-word lists for Analysis.Stop.
const (
	StopNone     StopList = "none"     // keep every token
	StopLucene   StopList = "lucene"   // Lucene's 33-word English stop set (EnglishAnalyzer)
	StopEnglish  StopList = "english"  // the Snowball English list (174 words), as bleve's "stop_en" filter has it
	StopGlasgow  StopList = "glasgow"  // the Glasgow IR group's English list (318 words), as scikit-learn has it (nlp.IsGlasgowStopWord)
	StopFrequent StopList = "frequent" // the Analysis.StopFrequent most frequent collection terms
	// StopFrequentFields is two frequency lists joined: the
	// Analysis.StopFrequent most frequent terms of the argument texts (the
	// argument unit's conclusion and premise fields) and as many of their
	// contexts (the discussion titles), as the Daario Naharis system of
	// Touché 2022 built them. It needs the argument unit.
	StopFrequentFields StopList = "frequent-fields"
)

// A Stemmer names the stemmer of an Analysis.
type Stemmer string

// Stemmers for Analysis.Stem.
const (
	StemNone    Stemmer = "none"
	StemPorter  Stemmer = "porter"  // the original Porter (1980) algorithm, as Lucene's PorterStemFilter
	StemPorter2 Stemmer = "porter2" // the Snowball English (Porter2) stemmer
	// StemKrovetz is the Krovetz (KStem) stemmer in its corpus-vocabulary
	// variant (internal/krovetz, NewVocabulary): inflected forms are
	// conflated with base forms that occur in the collection at least
	// Analysis.KrovetzMinCF times. The collection decides the stems, so
	// Build indexes unstemmed terms, then merges each term's postings into
	// its stem's and records the vocabulary in the index, which stems
	// queries with it.
	StemKrovetz Stemmer = "krovetz"
	// StemKStem is Lucene 8's KStemFilter: Krovetz stemming with Lucene's
	// built-in dictionary (internal/krovetz, Lucene), the same stem for
	// every word as Lucene gives.
	StemKStem Stemmer = "kstem"
)

// defaultKrovetzMinCF is the Analysis.KrovetzMinCF used when it is 0.
const defaultKrovetzMinCF = 2

// maxShingles is the largest Analysis.Shingles.
const maxShingles = 5

// maxShingleTerms bounds the distinct terms of a build with shingles: each
// holds its postings head and statistics in every field while building,
// and shingles of 3 over args.me's 5.69 million sentences make far more
// than fit in memory (a build was killed at 24 GB; one stopped at 20
// million terms, after 51,200 of 365,408 arguments, held 13 GB). Without
// shingles args.me has 355,091 terms, the 2022 sample with shingles of 3
// about 350,000.
const maxShingleTerms = 5_000_000

// Analysis says how text becomes index terms. It is fixed when an index is
// built and recorded in it. The steps run in this order: optional Unicode
// folding of the whole text; UAX#29 word segmentation (bleve's unicode
// tokenizer); lower-casing (unicode.ToLower per rune) when Fold is off;
// removal of an English possessive 's (with ', ’ or ＇); the length bounds
// MinLength and MaxLength; stop-word removal; stemming; shingles. The zero
// Analysis lower-cases and keeps every token unstemmed.
type Analysis struct {
	// Fold applies x/text NFKC normalisation, Unicode case folding and
	// diacritic removal (NFKD, drop nonspacing marks) to the text before
	// tokenizing.
	Fold bool `json:"fold"`
	// Possessive removes a trailing 's from tokens.
	Possessive bool `json:"possessive"`
	// MinLength and MaxLength, if not 0, drop the tokens shorter than
	// MinLength or longer than MaxLength runes, as Lucene's LengthFilter
	// does (which counts UTF-16 code units). The length is counted after
	// the possessive is removed, before stop words and stemming, so a
	// stem may be shorter than MinLength. Lucene's StandardTokenizer limit
	// applies first: tokens over 255 runes are cut into pieces of 255.
	// (The General Grevious system of Touché 2022 kept tokens of 3 to 20
	// characters.)
	MinLength int `json:"min_length,omitempty"`
	MaxLength int `json:"max_length,omitempty"`
	// Stop is one of the Stop* constants; "" means StopNone.
	Stop StopList `json:"stop"`
	// StopFrequent is N for Stop == StopFrequent: after the collection is
	// indexed, the N terms with the highest collection frequency (summed
	// over all fields of all units) are removed from the index and from
	// document lengths, and dropped from queries. The list is recorded in
	// the index. For Stop == StopFrequentFields the same is done with the
	// N most frequent terms of the argument texts and the N most frequent
	// of the discussion titles.
	StopFrequent int `json:"stop_frequent,omitempty"`
	// Stem is one of the Stem* constants; "" means StemNone.
	Stem Stemmer `json:"stem"`
	// KrovetzMinCF is, for Stem == StemKrovetz, the collection frequency a
	// term needs to enter the stemmer's vocabulary (a base form a rule may
	// conflate to), to keep typos out; 0 means 2. A term's collection
	// frequency is its number of occurrences in the unit where it occurs
	// most (summed over that unit's fields), so that text indexed as both
	// sentences and arguments is not counted twice.
	// It is ignored (and recorded as 0) for other stemmers.
	KrovetzMinCF int `json:"krovetz_min_cf,omitempty"`
	// Shingles, if 2 or more, adds word shingles as Lucene's ShingleFilter
	// with outputUnigrams and maxShingleSize Shingles: after each term
	// come the terms made of it and the next 1 to Shingles−1 terms, joined
	// by a space ("death", "death penalty", "death penalty abolish",
	// "penalty", ...). Shingles are made of the terms that stop words,
	// the length bounds and stemming leave: where Lucene puts a filler
	// "_" in place of a removed token ("abolish _ death"), they join the
	// terms on either side of it ("abolish death"). They do not cross the
	// texts of a field (the premises of an argument, the parts of a
	// query), and a pair (UnitPair), scored from its sentences'
	// statistics, has no shingles across its two sentences. Shingles are
	// terms like any other: they count towards document length and
	// collection statistics, are matched by the shingles of queries
	// (analysed the same way) and may be chosen by PRF. Lucene stacks
	// shingles at the position of their first term, and its similarities
	// leave such tokens out of the length norm (discountOverlaps) while
	// its collection statistics count them, so its document lengths are
	// shorter than ours. 0 and 1 mean no shingles; at most 5. Shingles
	// cannot be combined with StopFrequent, StopFrequentFields or
	// StemKrovetz, whose stop words and stems the collection decides after
	// analysis. (The D'Artagnan system of Touché 2022 ran KStem, stop
	// words and shingles of up to 3 terms.)
	Shingles int `json:"shingles,omitempty"`
}

// Analyzer presets, for Config.Analyzer. Each names an Analysis, given
// here as a literal to start a Config.Analysis of one's own from.
const (
	// AnalyzerLucene is Lucene 8's EnglishAnalyzer: UAX#29 tokens, English
	// possessive filter, lower case, Lucene's 33 English stop words,
	// original Porter stemmer:
	// Analysis{Possessive: true, Stop: StopLucene, Stem: StemPorter}.
	AnalyzerLucene = "lucene"
	// AnalyzerEnglish (the default) folds Unicode (NFKC, case folding,
	// diacritics), removes possessives and the Snowball English stop words,
	// and stems with Porter2:
	// Analysis{Fold: true, Possessive: true, Stop: StopEnglish, Stem: StemPorter2}.
	AnalyzerEnglish = "en"
	// AnalyzerPlain folds Unicode and does nothing else:
	// Analysis{Fold: true, Stop: StopNone, Stem: StemNone}.
	AnalyzerPlain = "plain"
	// AnalyzerKrovetz is Lucene 8's EnglishAnalyzer with KStemFilter in
	// place of PorterStemFilter, the Krovetz chain Touché teams ran:
	// AnalyzerLucene with StemKStem,
	// Analysis{Possessive: true, Stop: StopLucene, Stem: StemKStem}.
	// (Before, it was AnalyzerEnglish with the corpus-vocabulary variant,
	// StemKrovetz, which stays available as an Analysis.)
	AnalyzerKrovetz = "krovetz"
)

// presetAnalysis returns the Analysis of a named analyzer preset.
func presetAnalysis(name string) (Analysis, error) {
	switch name {
	case AnalyzerLucene:
		return Analysis{Possessive: true, Stop: StopLucene, Stem: StemPorter}, nil
	case AnalyzerEnglish, "":
		return Analysis{Fold: true, Possessive: true, Stop: StopEnglish, Stem: StemPorter2}, nil
	case AnalyzerPlain:
		return Analysis{Fold: true, Stop: StopNone, Stem: StemNone}, nil
	case AnalyzerKrovetz:
		return Analysis{Possessive: true, Stop: StopLucene, Stem: StemKStem}, nil
	}
	return Analysis{}, fmt.Errorf("lexical: unknown analyzer %s (want %s, %s, %s or %s): %w",
		quote.Q(name), AnalyzerEnglish, AnalyzerLucene, AnalyzerPlain, AnalyzerKrovetz, ErrConfig)
}

// normalized fills in defaults and checks a.
func (a Analysis) normalized() (Analysis, error) {
	if a.Stop == "" {
		a.Stop = StopNone
	}
	if a.Stem == "" {
		a.Stem = StemNone
	}
	switch a.Stop {
	case StopNone, StopLucene, StopEnglish, StopGlasgow:
		a.StopFrequent = 0
	case StopFrequent, StopFrequentFields:
		if a.StopFrequent <= 0 {
			return a, fmt.Errorf("lexical: stop %s needs StopFrequent > 0: %w", quote.Q(a.Stop), ErrConfig)
		}
	default:
		return a, fmt.Errorf("lexical: unknown stop list %s: %w", quote.Q(a.Stop), ErrConfig)
	}
	switch a.Stem {
	case StemNone, StemPorter, StemPorter2, StemKStem:
		a.KrovetzMinCF = 0
	case StemKrovetz:
		if a.KrovetzMinCF < 0 {
			return a, fmt.Errorf("lexical: negative KrovetzMinCF %d: %w", a.KrovetzMinCF, ErrConfig)
		}
		if a.KrovetzMinCF == 0 {
			a.KrovetzMinCF = defaultKrovetzMinCF
		}
	default:
		return a, fmt.Errorf("lexical: unknown stemmer %s: %w", quote.Q(a.Stem), ErrConfig)
	}
	if a.MinLength < 0 || a.MaxLength < 0 {
		return a, fmt.Errorf("lexical: negative MinLength %d or MaxLength %d: %w", a.MinLength, a.MaxLength, ErrConfig)
	}
	if a.MaxLength > 0 && a.MinLength > a.MaxLength {
		return a, fmt.Errorf("lexical: MinLength %d > MaxLength %d: %w", a.MinLength, a.MaxLength, ErrConfig)
	}
	if a.Shingles < 0 || a.Shingles > maxShingles {
		return a, fmt.Errorf("lexical: Shingles %d not in 0 to %d: %w", a.Shingles, maxShingles, ErrConfig)
	}
	if a.Shingles == 1 {
		a.Shingles = 0
	}
	if a.Shingles > 1 && (a.Stop == StopFrequent || a.Stop == StopFrequentFields || a.Stem == StemKrovetz) {
		return a, fmt.Errorf("lexical: Shingles with stop %s and stem %s (the collection decides the stop words and stems, after shingling): %w",
			quote.Q(a.Stop), quote.Q(a.Stem), ErrConfig)
	}
	return a, nil
}

// stopWord returns the test for the fixed stop words of a list, or nil for
// a list that has none.
func stopWord(list StopList) func(string) bool {
	switch list {
	case StopLucene:
		return nlp.IsLuceneStopWord
	case StopEnglish:
		return nlp.IsSnowballStopWord
	case StopGlasgow:
		return nlp.IsGlasgowStopWord
	}
	return nil
}

// maxCache bounds an analyzer's memo of token → term, and maxTerms its
// entries, which shingles make more numerous than tokens.
const (
	maxCache = 1 << 18
	maxTerms = 2 * maxCache
)

// A termEntry is an analysed term as an analyzer memoizes it, with
// bookkeeping for Build.
type termEntry struct {
	term  string
	gid   uint32 // id in the build's shared dictionary
	stamp int64  // worker-local document number + 1 it was last counted in
	pos   int32  // its entry in that document
}

// A dictionary gives terms ids, shared by the workers of a Build. Ids are
// in order of first request, which depends on scheduling; the index renumbers
// terms in byte order, so it does not depend on them.
type dictionary struct {
	mu    sync.Mutex
	ids   map[string]uint32
	terms []string
}

// size returns the number of terms given ids so far.
func (d *dictionary) size() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.terms)
}

func (d *dictionary) id(t string) uint32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	g, ok := d.ids[t]
	if !ok {
		g = uint32(len(d.terms))
		d.ids[t] = g
		d.terms = append(d.terms, t)
	}
	return g
}

// An analyzer turns text into index terms according to an Analysis. It
// memoizes the terms of tokens it has seen. An analyzer is not safe for
// concurrent use; make one per goroutine.
type analyzer struct {
	a       Analysis
	stop    func(string) bool // nil for no fixed stop words
	fold    transform.Transformer
	cache   map[string]*termEntry // raw token → term; nil when dropped
	terms   map[string]*termEntry // term (shingles too) → its entry
	dict    *dictionary           // Build only
	buf     []byte
	toks    [][]byte
	types   []int
	ents    []*termEntry // the terms of a text, for shingles
	shingle []byte
	stemmer func(string) string
}

// newAnalyzer returns an analyzer for a, with a KStem stemmer to share
// (safe for concurrent use), or nil to load Lucene's KStem dictionary
// (about 12 ms) when a needs it.
func newAnalyzer(a Analysis, kstem *krovetz.Stemmer) (*analyzer, error) {
	a, err := a.normalized()
	if err != nil {
		return nil, err
	}
	z := &analyzer{a: a, stop: stopWord(a.Stop), cache: map[string]*termEntry{}, terms: map[string]*termEntry{}}
	if a.Fold {
		z.fold = transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), cases.Fold(), norm.NFKC)
	}
	switch a.Stem {
	case StemPorter:
		z.stemmer = porter
	case StemPorter2:
		z.stemmer = func(s string) string {
			env := snowballstem.NewEnv(s)
			english.Stem(env)
			return env.Current()
		}
	case StemKStem:
		if kstem == nil {
			if kstem, err = krovetz.Lucene(); err != nil {
				return nil, fmt.Errorf("lexical: %w", err)
			}
		}
		z.stemmer = kstem.Stem
	}
	return z, nil
}

// appendTerms appends the terms of text to dst and returns the extended
// slice.
func (z *analyzer) appendTerms(dst []string, text string) []string {
	z.each(text, func(e *termEntry) { dst = append(dst, e.term) })
	return dst
}

// trim empties the memo when it has grown too large. Build calls it between
// documents only, as the entries carry per-document counts.
func (z *analyzer) trim() {
	if len(z.cache) >= maxCache || len(z.terms) >= maxTerms {
		clear(z.cache)
		clear(z.terms)
	}
}

// each calls f with every term of text, in order, each followed by the
// shingles that start with it (in order of size) when the analysis has
// shingles.
func (z *analyzer) each(text string, f func(*termEntry)) {
	n := z.a.Shingles
	if n < 2 {
		z.words(text, f)
		return
	}
	z.ents = z.ents[:0]
	z.words(text, func(e *termEntry) { z.ents = append(z.ents, e) })
	for i, e := range z.ents {
		f(e)
		z.shingle = append(z.shingle[:0], e.term...)
		for _, next := range z.ents[i+1 : min(len(z.ents), i+n)] {
			z.shingle = append(append(z.shingle, ' '), next.term...)
			f(z.entry(z.shingle))
		}
	}
}

// entry returns the memo's entry of term t, made if new.
func (z *analyzer) entry(t []byte) *termEntry {
	e := z.terms[string(t)]
	if e == nil {
		e = &termEntry{term: string(t)}
		if z.dict != nil {
			e.gid = z.dict.id(e.term)
		}
		z.terms[e.term] = e
	}
	return e
}

// words calls f with every term of text (no shingles), in order.
func (z *analyzer) words(text string, f func(*termEntry)) {
	var in []byte
	if z.a.Fold {
		if isASCII(text) {
			z.buf = appendLowerASCII(z.buf[:0], text)
		} else {
			z.fold.Reset()
			out, _, err := transform.Append(z.fold, z.buf[:0], []byte(text))
			if err != nil {
				// The transformers only fail on invalid state; fall back
				// to lower case rather than lose the text.
				out = []byte(strings.ToLower(text))
			}
			z.buf = out
		}
		in = z.buf
	} else {
		in = []byte(text)
	}
	z.toks, z.types = appendWords(z.toks[:0], z.types, in)
	for i := 0; i < len(z.toks); i++ {
		tok := z.toks[i]
		if len(tok) > maxTokenRunes {
			if utf8.RuneCount(tok) > maxTokenRunes {
				// Rare: cut it, and analyse the pieces in its place.
				pieces := splitLong(nil, tok)
				z.toks = append(z.toks[:i], append(pieces, z.toks[i+1:]...)...)
				tok = z.toks[i]
			}
		}
		if tok[0] == '_' && onlyUnderscores(tok) {
			continue
		}
		e, ok := z.cache[string(tok)]
		if !ok {
			if t := z.term(tok); t != "" {
				if e = z.terms[t]; e == nil {
					e = &termEntry{term: t}
					if z.dict != nil {
						e.gid = z.dict.id(t)
					}
					z.terms[t] = e
				}
			}
			z.cache[string(tok)] = e
		}
		if e != nil {
			f(e)
		}
	}
}

// term analyzes one token; "" means the token is dropped.
func (z *analyzer) term(tok []byte) string {
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
		return string(appendLowerASCII(make([]byte, 0, len(b)), string(b)))
	}
	return string(bytes.Map(unicode.ToLower, b))
}

// sharedKStem returns Lucene's KStem stemmer when a stems with it, for
// analyzers to share, and nil otherwise.
func sharedKStem(a Analysis) (*krovetz.Stemmer, error) {
	if a.Stem != StemKStem {
		return nil, nil
	}
	s, err := krovetz.Lucene()
	if err != nil {
		return nil, fmt.Errorf("lexical: %w", err)
	}
	return s, nil
}
