// Package bleveindex is a retrieval.Retriever over a bleve (v2) index: a
// researcher's existing index, opened with Open or wrapped with New, or
// args.me indexed with a bleve mapping by Build. Queries are read in
// bleve's query-string syntax, or as plain text (Config.Plain), and hits
// carry bleve's own scores.
//
// Package lexical is the module's index for ranking: it keeps its own
// postings and computes textbook BM25, Dirichlet LM and TF-IDF. This
// package uses bleve's engine and scoring as they are, for comparison with
// work done in bleve and for bleve's query language.
//
// # Scores
//
// bleve's scoring models are neither textbook nor Lucene's. Its default,
// "tf-idf", keeps Lucene's classic shape: per matching term
// √f · (1/√dl) · idf, idf = 1 + ln(N/(df+1)), dl the number of tokens
// after stop words are dropped; in a query of several words each term's
// score is also multiplied by its query weight idf · queryNorm (so idf
// counts twice), and the sum by a coord factor, the share of the query's
// clauses the document matches. Its "bm25" (Config.Scoring)
// takes √f as the term frequency, sets avgdl to ceil(Σ distinct terms per
// segment / documents), about 1 or 2 instead of the mean length of about
// 20 tokens, and keeps the query norm and the coord factor. Because avgdl
// depends on the segments, bleve's bm25 scores change as scorch merges
// segments; tf-idf scores do not. Compare runs of this package with each
// other, not with textbook figures.
//
// # Determinism
//
// Retrieve asks bleve to sort by score descending, then by document id
// descending ("-_score", "-_id"), the order of retrieval.CompareHits and
// trec_eval, so the list is cut at k the same way every time. Equal
// scores are common: short sentences of the same length that match the
// same terms tie exactly. Build is
// deterministic: the same arguments give the same rankings. On disk it
// merges the index into one segment before it returns; in memory, where
// scorch does not merge, each batch stays a segment, so bleve's bm25
// scores of an index in memory depend on Config.BatchSize and differ
// from those of the same index on disk (tf-idf scores are the same).
// Opening an index read-only (Open) freezes its segments; an index that
// something else updates can change its bm25 scores between two calls.
//
// # Query-string syntax
//
// By default Query.Text is parsed as bleve's query-string syntax: words
// are optional clauses ("any of"), +word must and -word must not match,
// field:word searches one field, "a phrase" a phrase, word~1 a fuzzy word,
// word^2 boosts a clause, /re/ is a regular expression, and a word
// containing * or ? is a wildcard, which is not analysed (no lower case,
// no stemming). There are no AND, OR or NOT operators and no parentheses:
// those are read as words. Touché titles are natural-language questions, so the last
// word of "Should the death penalty be abolished?" becomes the wildcard
// abolished? (abolished followed by exactly one character), which matches
// no stemmed term: the query silently loses its most telling word. A
// colon makes a field name of the word before it, and an unbalanced quote
// is a syntax error ("malformed query"). Retrieve topic titles with Config.Plain
// set, which reads the text as a match query analysed like the field;
// keep query-string syntax for queries written for it.
//
// # Ownership and concurrency
//
// An Index is safe for concurrent use by several goroutines. An Index
// from Open or Build owns its bleve index and Close closes it; an Index
// from New does not, and the caller closes the index it passed.
package bleveindex
