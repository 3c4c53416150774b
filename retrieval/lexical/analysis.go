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

// Analysis says how text becomes index terms. It is fixed when an index is
// built and recorded in it. The steps run in this order: optional Unicode
// folding of the whole text; UAX#29 word segmentation (bleve's unicode
// tokenizer); lower-casing (unicode.ToLower per rune) when Fold is off;
// removal of an English possessive 's (with ', ’ or ＇); stop-word removal;
// stemming. The zero Analysis lower-cases and keeps every token unstemmed.
type Analysis struct {
	// Fold applies x/text NFKC normalisation, Unicode case folding and
	// diacritic removal (NFKD, drop nonspacing marks) to the text before
	// tokenizing.
	Fold bool `json:"fold"`
	// Possessive removes a trailing 's from tokens.
	Possessive bool `json:"possessive"`
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
	case StopNone, StopLucene, StopEnglish:
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
	}
	return nil
}

// maxCache bounds an analyzer's memo of token → term.
const maxCache = 1 << 18

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
	terms   map[string]*termEntry
	dict    *dictionary // Build only
	buf     []byte
	toks    [][]byte
	types   []int
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
	if len(z.cache) >= maxCache {
		clear(z.cache)
		clear(z.terms)
	}
}

// each calls f with every term of text, in order.
func (z *analyzer) each(text string, f func(*termEntry)) {
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
