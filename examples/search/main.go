// Command search indexes an args.me corpus and writes a TREC run for a set
// of topics:
//
//	search -corpus FILE -index DIR (-topics FILE | -year YEAR) -o RUN
//	       [-unit sentence|argument|pair] [-model bm25|dirichlet|lucene-dirichlet|tfidf|tfidf-ic|dph]
//	       [-analyzer en|lucene|krovetz|plain] [-build both|sentence|argument] [-no-vectors] [-k 1000]
//
// If DIR holds no index, search builds one from FILE (any format package
// corpus opens: the processed CSV or args.me JSON, plain, gzipped or
// tar.gz), with a progress display on stderr (-quiet silences it), and
// records FILE (its path, size and time) in DIR; otherwise it opens DIR,
// FILE is not read, and a FILE that is missing, or is not the file DIR was
// built from as it was then, is an error naming both (without -corpus, DIR
// is searched as it is). A build that fails (a
// repeated argument id, say) leaves no index behind, so the next run
// builds again. It then retrieves the top k documents for each topic and
// writes them to the run file RUN (here -o is a file; the systems' -o is a
// directory), with "Q0" in the stance column. An existing run file is
// replaced, with a line on stderr saying so.
//
// -unit is what is retrieved: sentence (the default), argument, or pair,
// every two sentences of an argument as one document (it needs the
// sentence unit in the index). -topics takes a Touché topics XML file, or
// a tab-separated file of "qid<TAB>query" lines (as gencorpus -queries
// writes). -year takes the official Task 1 topics of that year (2020 to
// 2023). -k is the number of hits per topic (1000 by default).
//
// -model is the scoring model: bm25 (the default), dirichlet,
// lucene-dirichlet, tfidf, tfidf-ic or dph; -k1 and -b are BM25's
// parameters (0 means 1.2 and 0.75), -mu the Dirichlet μ (0 means 2000),
// and -quantize quantizes document lengths as Lucene 8 does (one byte).
// -prf chooses pseudo-relevance feedback: none (the default), rm3 or bo1.
// -qweights are the weights of a topic's title,description,narrative in
// the query (1,0,0 by default), -fweights those of an argument's
// conclusion,premise,title fields (1,1,1). -tag is the run tag
// (argsearch-MODEL by default).
//
// -analyzer is the analyzer preset, en, lucene, krovetz or plain: building
// defaults to en, opening to the index's own, and a different one is an
// error. -build says which units a build indexes, both (the default),
// sentence or argument (-units is its old name); -no-vectors builds
// without the per-document term vectors that -prf needs (about half of a
// sentence index). -memory sets the soft limit of the Go heap
// while building, in MiB (536 by default, 0 for none; the GOMEMLIMIT
// environment variable overrides it): the garbage collector works harder
// near it instead of letting the heap grow to twice the live data, which
// halves the peak memory of a full-scale build for a few percent more
// CPU (BENCHMARKS.md). -h lists them all.
//
// A topics file without topics, a corpus without arguments, or a run in
// which no topic matched anything, is an error, and no run file is
// written. The run file's directory is checked before any work: it must
// exist and be writable. An interrupt (SIGINT, SIGTERM) stops a build,
// which removes what it wrote. Bad command lines exit 2, failures 1.
//
// It prints the build (or open) time and the configuration, then the query
// latencies: one untimed warm-up pass over all topics, then a timed pass
// (mean, median, p95, max); -no-warmup runs the timed pass alone, whose
// latencies then include the first reads of the index.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	// An interrupt cancels the work, so that a build removes its temporary
	// files before the command exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if ctx.Err() != nil {
		code = 130 // as a shell reports a command an interrupt ended
	}
	stop()
	os.Exit(code)
}
