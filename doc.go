// Package argsearch is a library for argument retrieval research: the
// systems of the Touché shared task "Argument Retrieval for Controversial
// Questions", in Go. This package holds only documentation; the work is done
// by the packages below, which compose into pipelines.
//
//	corpus             read args.me (processed CSV, JSON; plain, gzip, tar.gz) as Arguments with Sentences
//	corpus/sample      643 real args.me arguments, embedded, in both formats
//	corpus/corpustest  a seeded generator of corpora in the official format, at any size
//	topics             topic files; the official Task 1 topics 2020-2023, embedded
//	retrieval          Query, Hit, Retriever; pipelines, fusion, cutoffs; retrievaltest checks any Retriever
//	retrieval/lexical  an index with textbook BM25, Dirichlet LM and TF-IDF, Lucene-compatible analysis, PRF
//	retrieval/chatnoir the ChatNoir search service (ClueWeb22, Touché 2023) as a Retriever
//	retrieval/argsme   the args.me search API as a Retriever
//	pairing            sentence filters (length, verb, noise, duplicates, argumentativeness), ArgsRank, pair builders
//	argumentative      a shipped model that scores how argumentative a sentence is
//	stance             stance labels and taggers (args.me labels, a trained linear model, baselines)
//	models             the shipped trained models, embedded
//	runfile            write valid TREC runs with the stance column (atomically, Touché rules); read real ones
//	runfile/tira       the TIRA calling convention, -i $inputDataset -o $outputDir
//	eval               qrels (official sets embedded), trec_eval 10.0 measures, bootstrap CIs, t-tests
//
// Data flows one way: corpus → index → retrieve → filter → pair → tag
// stance → run file → evaluation. The example of this package walks through
// the shortest such pipeline: it indexes the embedded sample, retrieves
// arguments for the Touché 2021 topics with BM25, writes a run and evaluates
// it against the official judgments. The runnable systems under examples/
// (go run ./examples/...) assemble complete ones.
package argsearch
