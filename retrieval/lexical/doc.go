// Package lexical is an inverted index over args.me sentences and
// arguments with our own scoring: Lucene 8's BM25, Dirichlet-smoothed query
// likelihood (textbook and Lucene's variant) and Lucene's classic TF-IDF,
// computed from exact document lengths and collection statistics.
//
// Its text analysis is package analysis (bleve's English analyzer and
// Lucene's, made of small modules of the bleve project); this package does
// not import bleve's engine (retrieval/bleveindex searches bleve indexes).
// The postings are ours: bleve's scorch segments index args.me far more
// slowly (see BENCHMARKS.md, section "The lexical index at full scale
// (issue 3)"), and its scoring cannot be used (its
// "bm25" takes √tf and an avgdl of distinct terms per document), so the
// index stores its own files (see internal/index): postings in bit-packed
// blocks of 128 with each block's last document and maxima, exact
// document lengths (a byte each, whole ones only where needed) and
// per-document term vectors. They are built in one deterministic pass with the text
// analysed on all cores; a build to a directory holds at most
// Config.BuildMemory of postings and term vectors, writing sorted runs to
// the directory beyond it and concatenating them at the end, so its memory
// does not grow with the corpus. Files are mapped, not read, and checked
// as far as they are used: Open checks the checksums of the small sections
// (term dictionary, statistics, lengths), and the postings, term vectors
// and document ids are checked against their own checksums, per term and
// per chunk of documents, by the first query that reads them (see Open).
//
// # Scoring
//
// Retrieve scores the documents in windows of consecutive ids, with
// MaxScore pruning (per-term upper bounds, exact for frequent terms):
// the terms that can still lift a document into the top k ("essential")
// add their contributions to the window's documents, and the other terms
// are only probed for the documents found, through the blocks of 128
// postings each list is stored in: a block's last document lets a probe
// skip it undecoded, and its largest frequency and shortest document bound
// its contributions (block-max pruning).
// Documents that cannot enter the top k are never fully scored. A query
// whose terms hold many postings (65,536 or more) in a large index is
// scored on all cores, in one range of document ids per core, the ranges
// sharing the best k-th score any of them has reached; the best k of the
// ranges' top k are the result. Scores do not depend on k, on the pruning
// or on the ranges: contributions are summed in a fixed order, so the
// result is the same on any number of cores. Equal scores are ordered by
// id descending, through id ranks computed at build time.
//
// # Units and fields
//
// One build indexes two units: sentences (one field, the sentence text)
// and arguments (three fields: conclusion, premise texts, discussion
// title). An argument's score is the weighted sum of its fields' scores
// (FieldWeights), each field scored with its own statistics.
//
// # Configuration
//
// The analysis.Analysis is fixed at build time and recorded in the index;
// Open refuses a different one. Two of its steps are decided by the
// collection, after analysis: frequency stop lists (Stop "frequent",
// "frequent-fields") and the corpus-vocabulary Krovetz stemmer
// (Stem "krovetz"). For the latter Build indexes unstemmed terms,
// then chooses a vocabulary (the terms occurring at least KrovetzMinCF
// times), merges each term's postings into those of its stem
// (analysis.KrovetzStemmer), and records the vocabulary in
// index.json, with which queries are stemmed. The merge costs, at its
// peak, one stem's postings decoded at a time.
//
// The Ranking (unit, scoring model and parameters,
// query parts, PRF) is chosen at query time: Index.With returns a view of
// the same index with another Ranking, without re-indexing.
//
// # Concurrency
//
// Build uses Config.Workers goroutines and returns when they are done. An
// Index is safe for concurrent use by several goroutines.
//
// # Layout
//
// This package is the API; as in bleve, the index and the search are
// rooms of their own, internal packages: internal/index (the files, their
// checks, postings blocks and ids), internal/build (building one) and
// internal/search (scoring, pairs, feedback, Boolean queries).
package lexical
