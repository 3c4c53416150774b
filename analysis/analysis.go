package analysis

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/quote"
)

// The values of Analysis.Stop, documented there.
const (
	stopNone           = "none"
	stopLucene         = "lucene"
	stopEnglish        = "english"
	stopGlasgow        = "glasgow"
	stopFrequent       = "frequent"
	stopFrequentFields = "frequent-fields"
)

// The values of Analysis.Stem, documented there.
const (
	stemNone    = "none"
	stemPorter  = "porter"
	stemPorter2 = "porter2"
	stemKrovetz = "krovetz"
	stemKStem   = "kstem"
)

// defaultKrovetzMinCF is the Analysis.KrovetzMinCF used when it is 0.
const defaultKrovetzMinCF = 2

// maxShingles is the largest Analysis.Shingles.
const maxShingles = 5

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
	// Stop names the stop list; "" (or "none") keeps every token:
	//   - "lucene": Lucene's 33-word English stop set (EnglishAnalyzer);
	//   - "english": the Snowball English list (174 words), as bleve's
	//     "stop_en" filter has it;
	//   - "glasgow": the Glasgow IR group's English list (318 words), as
	//     scikit-learn has it;
	//   - "frequent": the StopFrequent most frequent collection terms;
	//   - "frequent-fields": two frequency lists joined, the StopFrequent
	//     most frequent terms of the argument texts (the argument unit's
	//     conclusion and premise fields) and as many of their contexts
	//     (the discussion titles), as the Daario Naharis system of Touché
	//     2022 built them. It needs the argument unit.
	Stop string `json:"stop"`
	// StopFrequent is N for Stop "frequent": after the collection is
	// indexed, the N terms with the highest collection frequency (summed
	// over all fields of all units) are removed from the index and from
	// document lengths, and dropped from queries. The list is recorded in
	// the index. For Stop "frequent-fields" the same is done with the
	// N most frequent terms of the argument texts and the N most frequent
	// of the discussion titles.
	StopFrequent int `json:"stop_frequent,omitempty"`
	// Stem names the stemmer; "" (or "none") stems nothing:
	//   - "porter": the original Porter (1980) algorithm, as Lucene's
	//     PorterStemFilter;
	//   - "porter2": the Snowball English (Porter2) stemmer;
	//   - "krovetz": the Krovetz (KStem) stemmer in its corpus-vocabulary
	//     variant (KrovetzStemmer): inflected forms are conflated with base
	//     forms that occur in the collection at least KrovetzMinCF times.
	//     The collection decides the stems, so lexical.Build indexes
	//     unstemmed terms, then merges each term's postings into its
	//     stem's and records the vocabulary in the index, which stems
	//     queries with it;
	//   - "kstem": Lucene 8's KStemFilter, Krovetz stemming with Lucene's
	//     built-in dictionary (internal/krovetz), the same stem for every
	//     word as Lucene gives.
	Stem string `json:"stem"`
	// KrovetzMinCF is, for Stem "krovetz", the collection frequency a
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
	// query), and a pair (lexical unit "pair"), scored from its sentences'
	// statistics, has no shingles across its two sentences. Shingles are
	// terms like any other: they count towards document length and
	// collection statistics, are matched by the shingles of queries
	// (analysed the same way) and may be chosen by PRF. Lucene stacks
	// shingles at the position of their first term, and its similarities
	// leave such tokens out of the length norm (discountOverlaps) while
	// its collection statistics count them, so its document lengths are
	// shorter than ours. 0 and 1 mean no shingles; at most 5. Shingles
	// cannot be combined with Stop "frequent" or "frequent-fields" or
	// Stem "krovetz", whose stop words and stems the collection decides after
	// analysis. (The D'Artagnan system of Touché 2022 ran KStem, stop
	// words and shingles of up to 3 terms.)
	Shingles int `json:"shingles,omitempty"`
}

// The names of the presets (lexical.Config.Analyzer).
const (
	presetLucene  = "lucene"
	presetEnglish = "en"
	presetPlain   = "plain"
	presetKrovetz = "krovetz"
)

// Preset returns the Analysis of a named preset, to use as it is or to
// start an Analysis of one's own from; "" is "en". The presets are
//   - "lucene", Lucene 8's EnglishAnalyzer: UAX#29 tokens, English
//     possessive filter, lower case, Lucene's 33 English stop words,
//     original Porter stemmer:
//     Analysis{Possessive: true, Stop: "lucene", Stem: "porter"};
//   - "en" (the default), which folds Unicode (NFKC, case folding,
//     diacritics), removes possessives and the Snowball English stop
//     words, and stems with Porter2:
//     Analysis{Fold: true, Possessive: true, Stop: "english", Stem: "porter2"};
//   - "plain", which folds Unicode and does nothing else:
//     Analysis{Fold: true};
//   - "krovetz", Lucene 8's EnglishAnalyzer with KStemFilter in place of
//     PorterStemFilter, the Krovetz chain Touché teams ran:
//     Analysis{Possessive: true, Stop: "lucene", Stem: "kstem"}. (Before,
//     it was "en" with the corpus-vocabulary variant, Stem "krovetz",
//     which stays available as an Analysis.)
func Preset(name string) (Analysis, error) {
	switch name {
	case presetLucene:
		return Analysis{Possessive: true, Stop: stopLucene, Stem: stemPorter}, nil
	case presetEnglish, "":
		return Analysis{Fold: true, Possessive: true, Stop: stopEnglish, Stem: stemPorter2}, nil
	case presetPlain:
		return Analysis{Fold: true, Stop: stopNone, Stem: stemNone}, nil
	case presetKrovetz:
		return Analysis{Possessive: true, Stop: stopLucene, Stem: stemKStem}, nil
	}
	return Analysis{}, fmt.Errorf("analysis: unknown analyzer %s (want %s, %s, %s or %s)",
		quote.Q(name), presetEnglish, presetLucene, presetPlain, presetKrovetz)
}

// Normalized fills in the defaults of a (Stop and Stem "" become "none",
// KrovetzMinCF 0 means 2 and is 0 for other stemmers, Shingles 1 means 0)
// and checks it: an unknown list or stemmer, negative or crossed length
// bounds, or shingles with a list or stemmer the collection decides are
// errors. An index records the normal form, and two analyses are the same
// when their normal forms are equal.
func (a Analysis) Normalized() (Analysis, error) {
	if a.Stop == "" {
		a.Stop = stopNone
	}
	if a.Stem == "" {
		a.Stem = stemNone
	}
	switch a.Stop {
	case stopNone, stopLucene, stopEnglish, stopGlasgow:
		a.StopFrequent = 0
	case stopFrequent, stopFrequentFields:
		if a.StopFrequent <= 0 {
			return a, fmt.Errorf("analysis: stop %s needs StopFrequent > 0", quote.Q(a.Stop))
		}
	default:
		return a, fmt.Errorf("analysis: unknown stop list %s", quote.Q(a.Stop))
	}
	switch a.Stem {
	case stemNone, stemPorter, stemPorter2, stemKStem:
		a.KrovetzMinCF = 0
	case stemKrovetz:
		if a.KrovetzMinCF < 0 {
			return a, fmt.Errorf("analysis: negative KrovetzMinCF %d", a.KrovetzMinCF)
		}
		if a.KrovetzMinCF == 0 {
			a.KrovetzMinCF = defaultKrovetzMinCF
		}
	default:
		return a, fmt.Errorf("analysis: unknown stemmer %s", quote.Q(a.Stem))
	}
	if a.MinLength < 0 || a.MaxLength < 0 {
		return a, fmt.Errorf("analysis: negative MinLength %d or MaxLength %d", a.MinLength, a.MaxLength)
	}
	if a.MaxLength > 0 && a.MinLength > a.MaxLength {
		return a, fmt.Errorf("analysis: MinLength %d > MaxLength %d", a.MinLength, a.MaxLength)
	}
	if a.Shingles < 0 || a.Shingles > maxShingles {
		return a, fmt.Errorf("analysis: Shingles %d not in 0 to %d", a.Shingles, maxShingles)
	}
	if a.Shingles == 1 {
		a.Shingles = 0
	}
	if a.Shingles > 1 && (a.Stop == stopFrequent || a.Stop == stopFrequentFields || a.Stem == stemKrovetz) {
		return a, fmt.Errorf("analysis: Shingles with stop %s and stem %s (the collection decides the stop words and stems, after shingling)",
			quote.Q(a.Stop), quote.Q(a.Stem))
	}
	return a, nil
}
