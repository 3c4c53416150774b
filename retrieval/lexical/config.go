package lexical

import (
	"errors"
	"fmt"
	"time"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// Errors of an index that is not there to search. errNoIndex is wrapped
// with fs.ErrNotExist, which callers test for; errClosed says "index
// closed" in the message.
var (
	// errNoIndex: the directory holds no index.
	errNoIndex = errors.New("no index")
	// errClosed: the index was closed.
	errClosed = errors.New("index closed")
)

// Errors the package wraps and branches on (Cache.Open rebuilds an index
// that gives one), which callers need not tell apart. The first two are
// those of the internal packages too.
var (
	// errConfig: an invalid configuration, or one that contradicts what
	// the index was built with (another analyzer, a missing unit).
	errConfig = index.ErrConfig
	// errCorrupt: an index file is truncated, altered or unreadable.
	errCorrupt = index.ErrCorrupt
	// errExists: Build was given a directory that already holds an index.
	errExists = errors.New("index already exists")
)

// Scoring selects the scoring model and its parameters. It applies at query
// time: changing it needs no re-index. The zero value is BM25 with k1 = 1.2,
// b = 0.75.
//
// In every model a query term's contribution is multiplied by its query
// weight (how often it occurs in the query, times the weight of the topic
// part it came from, or its PRF weight). N is the number of documents with
// at least one term in the field, sumTTF the field's number of tokens,
// avgdl = sumTTF/N, df the number of documents containing the term, ttf its
// number of occurrences, f its frequency in the document and dl the
// document's length in tokens (after stop-word removal), as Lucene counts
// them.
type Scoring struct {
	// Model names the scoring model; "" means "bm25":
	//
	//   - "bm25" is Lucene 8's BM25: per query term
	//     idf · f / (f + k1·(1 − b + b·dl/avgdl)), idf = ln(1 + (N − df + 0.5)/(df + 0.5)),
	//     without the constant (k1+1) factor of the textbook formula (the
	//     ranking is the same).
	//   - "dirichlet" is textbook query likelihood with Dirichlet
	//     smoothing (Zhai & Lafferty 2001): the score is
	//     log P(q|d) = Σ_{t∈q} c(t,q)·log((f + μ·P(t|C)) / (dl + μ)),
	//     P(t|C) = ttf/sumTTF. Query terms absent from the collection are
	//     skipped; only documents matching a query term are returned.
	//   - "lucene-dirichlet" is Lucene's LMDirichletSimilarity: per matching
	//     term max(0, log(1 + f/(μ·P(t|C))) + log(μ/(dl + μ))),
	//     P(t|C) = (ttf+1)/(sumTTF+1).
	//   - "tfidf" is Lucene 8's ClassicSimilarity: per query term
	//     √f · idf · 1/√dl, idf = 1 + ln((N+1)/(df+1)).
	//   - "dph" is Terrier's DPH, the parameter-free divergence-from-
	//     randomness model (Amati et al., TREC 2007): per matching term, with
	//     p = f/dl, (1−p)²/(f+1) · (f·log2(f·avgdl/dl · N/ttf) +
	//     ½·log2(2π·f·(1−p))). A term that is the whole document (p = 1)
	//     contributes 0, where Terrier's arithmetic gives NaN. Contributions
	//     can be negative (a term more common in the document's collection
	//     than in the document).
	//   - "tfidf-ic" is "tfidf" with an "ICoefficient", the term weight
	//     of the Daario Naharis system of Touché 2022 (Bahrami et al., CLEF
	//     2022 working notes), in which the number of documents containing
	//     the term complements its idf: per query term
	//     √f · idf · ic · 1/√dl, ic = ln(1 + df)/ln(1 + N). Where idf alone
	//     favours the rarest terms (often typos and names), ic tempers it
	//     towards terms many documents share; ic is 1 for a term in every
	//     document. The working notes' own formula could not be consulted
	//     when this was written; this is the library's reading of its
	//     published description.
	Model string
	// K1 is BM25's k1; 0 means 1.2.
	K1 float64
	// B is BM25's b; 0 means 0.75 (use a tiny value such as 1e-9 for no
	// length normalisation).
	B float64
	// Mu is Dirichlet's μ; 0 means 2000.
	Mu float64
	// QuantizeLengths replaces each document length by its Lucene 8
	// one-byte approximation (SmallFloat.intToByte4, exact below 24), as
	// Lucene's norms do, so that Lucene's scores are reproduced exactly.
	QuantizeLengths bool
}

func (s Scoring) normalized() (Scoring, error) {
	if s.Model == "" {
		s.Model = "bm25"
	}
	if s.K1 == 0 {
		s.K1 = 1.2
	}
	if s.B == 0 {
		s.B = 0.75
	}
	if s.Mu == 0 {
		s.Mu = 2000
	}
	switch s.Model {
	case "bm25", "dirichlet", "lucene-dirichlet", "tfidf", "tfidf-ic", "dph":
	default:
		return s, fmt.Errorf("lexical: unknown scoring model %s: %w", quote.Q(s.Model), errConfig)
	}
	if s.K1 < 0 || s.B < 0 || s.B > 1 || s.Mu < 0 {
		return s, fmt.Errorf("lexical: scoring parameters out of range (k1 %g, b %g, mu %g): %w", s.K1, s.B, s.Mu, errConfig)
	}
	return s, nil
}

// FieldWeights weighs the fields of the argument unit. An argument's score
// is the weighted sum of the scores its fields get, each field scored as a
// document of its own with its own statistics. All zero means 1, 1, 1.
type FieldWeights struct {
	Conclusion, Premise, Title float64
}

// QueryWeights says which parts of a topic make the query, and their
// weights: each term of a part counts with the part's weight. All zero
// means the title (Query.Text) alone with weight 1.
type QueryWeights struct {
	Title, Description, Narrative float64
}

// The values of PRF.Method, documented there.
const (
	prfNone = ""
	prfRM3  = "rm3"
	prfBo1  = "bo1"
)

// PRF configures pseudo-relevance feedback: a first retrieval, query
// expansion from its top documents, and a second retrieval with the
// expanded query. Feedback terms come from the documents' stored term
// vectors (the sentence text, or all fields of an argument).
type PRF struct {
	// Method names the feedback method; "" means none:
	//   - "rm3": relevance model 3 (Lavrenko & Croft's RM1 interpolated
	//     with the query, as in Anserini/Indri):
	//     P(t|R) ∝ Σ_{d∈F} w(d)·f(t,d)/dl, w(d) the first-stage score of d
	//     normalised to sum 1 (exp of the log-likelihood for
	//     "dirichlet"); the Terms best terms are kept, renormalised, and
	//     mixed as λ·q(t) + (1−λ)·P(t|R) with the query's own weights
	//     normalised to sum 1; λ = OriginalWeight;
	//   - "bo1": Amati's Bose-Einstein 1 model as in Terrier: for each term
	//     of the feedback documents, tfx = Σ_{d∈F} f(t,d), Pn = ttf/N and
	//     w(t) = tfx·log2((1+Pn)/Pn) + log2(1+Pn); the Terms best terms get
	//     weight w(t)/max w added to their query weight, after the query's
	//     weights are divided by their maximum.
	Method string
	// Docs is the number of feedback documents; 0 means 10 for RM3, 3
	// for Bo1.
	Docs int
	// Terms is the number of expansion terms; 0 means 10.
	Terms int
	// OriginalWeight is RM3's λ, the weight of the original query; 0
	// means 0.5.
	OriginalWeight float64
}

// Ranking is the query-time configuration: which unit to search, how to
// score, how to build the query. Its zero value searches sentences with
// BM25 (k1 1.2, b 0.75) using topic titles.
type Ranking struct {
	// Unit is what the index retrieves; "" means "sentence", or
	// "argument" for an index of arguments only. Sentences and arguments
	// are built; pairs are computed from sentences.
	//
	//   - "sentence" retrieves sentences (ids <argId>__PREMISE__k,
	//     <argId>__CONC__1) from one field, the sentence text.
	//   - "argument" retrieves arguments from three fields: the conclusion,
	//     the premise texts and the discussion title of the argument's context.
	//   - "pair" retrieves every pair of two sentences of one argument as
	//     one document (ids "first,second", the first before the second in
	//     the argument), as the Bruce Banner system of Touché 2022 indexed
	//     them; with Ranking.PairTitle the argument's discussion title is part
	//     of the document too. It is not built: pairs are scored from the
	//     sentence unit (and the argument unit's titles) with exactly the
	//     statistics an index of the pair texts would give them (N, lengths,
	//     df and collection frequencies of the pair documents), since such an
	//     index grows with the square of an argument's length: at full args.me
	//     scale it would hold 121.9 million documents. Every model but
	//     "dirichlet" applies; PRF and Boolean do not. It groups sentences by
	//     the argument their id names (<argId>__PREMISE__k, <argId>__CONC__1);
	//     an index of other sentence ids, or of an argument's sentences not
	//     indexed together, makes a pair search fail with an error.
	Unit    string
	Scoring Scoring
	Fields  FieldWeights // argument unit only
	Query   QueryWeights
	PRF     PRF
	// Boolean reads a query's title (Query.Text) as groups of words
	// joined by " AND " ("teachers AND tenure"): only documents that contain
	// a term of every group match, and they are scored as usual, on the
	// terms of all groups (and of the other parts Query weighs). A group
	// whose words are all stop words constrains nothing.
	Boolean bool
	// PairTitle, for "pair", makes the discussion title of a pair's
	// argument part of the pair's document (Bruce Banner's second
	// variant).
	PairTitle bool
}

// Progress reports how far a Build is.
type Progress struct {
	Arguments int           // arguments read so far
	Documents int           // documents (sentences and arguments) indexed so far
	Elapsed   time.Duration // since Build started
	Rate      float64       // arguments per second so far
	Runs      int           // sorted runs written so far (see Config.BuildMemory)
	// ETA is the estimated time left, when Config.ExpectedArguments is
	// set; otherwise 0.
	ETA  time.Duration
	Done bool // the final report, after the index is written
}

// Analysis is package analysis's Analysis, the text analysis of an index
// (Config.Analysis), named here so that a configuration of an index, or
// of a system built on one, needs no second import.
type Analysis = analysis.Analysis

// Config configures Build and Open. The zero value builds both units with
// the analysis preset "en", and searches sentences with BM25.
type Config struct {
	// Analyzer names an analysis preset (analysis.Preset: "en", "lucene",
	// "plain", "krovetz"). At Build, "" means "en"; at Open, ""
	// accepts whatever the index was built with, and a name that does not
	// match the recorded analysis is an error.
	Analyzer string
	// Analysis, if not nil, is used instead of Analyzer.
	Analysis *analysis.Analysis
	// Units lists the units Build indexes; nil means both.
	Units []string
	// NoTermVectors skips the per-document term vectors that PRF needs
	// (they cost about a third of the index size).
	NoTermVectors bool
	// BuildMemory bounds the bytes of postings and term vectors a Build
	// to a directory holds in memory: beyond it, they are written to a
	// sorted run in the directory, and the runs are merged at the end (the
	// index is the same for any value). 0 means 256 MiB. A
	// Build in memory (dir "") holds everything.
	BuildMemory int
	// Workers is the number of goroutines analysing text during Build;
	// 0 means GOMAXPROCS. The index is the same for any value.
	Workers int
	// Progress, if not nil, is called from Build about twice a second
	// and once at the end (Done set). It must not block for long.
	Progress func(Progress)
	// ExpectedArguments, if positive, lets Progress estimate the ETA.
	ExpectedArguments int
	// Ranking is the query-time configuration Retrieve uses (see
	// Index.With to change it).
	Ranking Ranking

	// maxShingleTerms, if positive, replaces the bound of distinct terms
	// a build with shingles holds before it writes a segment (for tests).
	maxShingleTerms int
}

// analysis resolves the analysis a Config asks for; ok is false
// when it asks for none in particular. An unknown preset or an invalid
// Analysis is an error wrapping errConfig.
func (c Config) analysis() (a analysis.Analysis, ok bool, err error) {
	switch {
	case c.Analysis != nil:
		a, err = c.Analysis.Normalized()
		ok = true
	case c.Analyzer == "":
		a, err = analysis.Preset("en")
	default:
		a, err = analysis.Preset(c.Analyzer)
		ok = true
	}
	if err != nil {
		return a, ok, fmt.Errorf("lexical: %w: %w", err, errConfig)
	}
	return a, ok, nil
}
