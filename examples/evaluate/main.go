// Command evaluate scores TREC runs against relevance judgments, in one of
// two modes.
//
// trec_eval mode, chosen by giving at least one -m:
//
//	evaluate [-q] [-c] [-J] -m MEASURE [-m MEASURE]... QRELS RUN
//
// prints exactly the lines trec_eval 10.0 prints for the same options:
// "measure<TAB>qid<TAB>value", the measure name padded to 22 columns, values
// with 4 decimals, num_ret and num_rel_ret as integers; with -q each
// topic's lines first, then the "all" lines. MEASURE uses trec_eval's
// syntax: ndcg_cut.5,10,1000, P.5,10, map, recip_rank, num_ret, num_rel_ret.
// -c averages over all judged topics (missing ones score 0), -J keeps only
// judged documents in each ranking.
//
// Touché table mode, without -m:
//
//	evaluate [-year 2020|2021|2022 | -qrels FILE] [-seed N] [-resamples N] RUN...
//
// prints, for each run and judged dimension, the mean nDCG@5 with its 95%
// percentile bootstrap interval, plain and on judged-only rankings (the
// variant of Touché's official tables), averaged over all judged topics. With
// two or more runs, p is the two-sided paired t-test of each run's
// judged-only nDCG@5 against the first run's, Bonferroni-corrected for the
// number of runs compared. -year uses the official judgments embedded in
// package eval (2022: relevance, quality and coherence).
//
// Flags come before the files. The exit status is 0 on success, 1 on a
// usage error and 2 when a file cannot be read or evaluated.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
