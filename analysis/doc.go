// Package analysis turns text into the terms an index holds and a query is
// matched by, as bleve's analysis packages and Lucene's analyzers do, apart
// from the index that stores the terms (retrieval/lexical).
//
// An Analysis names the steps; an Analyzer applies them. The steps follow
// bleve's English analyzer and Lucene's: optional Unicode folding, UAX#29
// word segmentation (blevesearch/segment, with Lucene's emoji tokens and
// its 255-character limit), lower case, the English possessive rule,
// Lucene's length filter, the stop lists of internal/stopwords (Lucene's,
// Snowball's and the Glasgow IR group's), the Porter and Porter2 stemmers
// (blevesearch/go-porterstemmer, blevesearch/snowballstem), Krovetz (KStem,
// with Lucene's dictionary or the collection's vocabulary), and word
// shingles as Lucene's ShingleFilter makes them. These are small modules of
// the bleve project, not bleve's engine, which this package does not
// import. The presets (Preset: "en", "lucene", "krovetz", "plain") are
// the chains the library's systems use; the lucene and krovetz presets give the terms Lucene 8 gives (tested against its output
// in testdata).
//
// An index records its Analysis, in normal form (Normalized), and the
// index caches of lexical.Cache are keyed by it: a change to what an
// Analysis describes, or to the terms an Analyzer gives for one, changes
// every index built with it.
//
// # One tokenizer per purpose
//
// The module splits text into words in four places, each for a purpose
// the others cannot serve without changing results that are pinned:
//
//   - this package: index terms, Lucene-compatible (UAX#29), so that the
//     published Touché systems the library reproduces see the terms their
//     Lucene or bleve indexes saw;
//   - nlp.Words and nlp.Terms: every lower-case word of a text (split
//     where scraping glued words, "PrivateMy") for matching phrases (debate
//     noise, discourse markers) and GloVe look-ups, and its content terms
//     (no function words, plurals folded) for the TF-IDF similarity of
//     pairing and coherence: cheap, as they run over every candidate
//     sentence;
//   - internal/textfeat: words and punctuation tokens for the linear models
//     (package classify, stance's rule taggers), and for the features
//     package comparative computes from query terms and compared objects,
//     with the same stems; the shipped models were trained on exactly these
//     tokens, so another tokenizer means retraining;
//   - semantic/use: the SentencePiece pieces of the Universal Sentence
//     Encoder's vocabulary, the only input the model reads.
//
// Sentences are split by nlp's Splitter, and part-of-speech tags come from
// nlp/pos.
//
// # Concurrency
//
// An Analysis is a value. An Analyzer memoizes terms and is not safe for
// concurrent use: Clone gives each goroutine its own, sharing the stemmer.
package analysis
