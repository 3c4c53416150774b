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
// judged documents in each ranking. These flags are trec_eval's: -q means
// per-topic values here, not quiet.
//
// Touché table mode, without -m:
//
//	evaluate (-year 2020|2021|2022 | -qrels FILE) [-pairs first|best] [-c] [-order score|rank]
//	         [-format table|tsv] [-baseline RUN] [-seed N] [-resamples N] RUN...
//
// prints, for each run and judged dimension, the mean nDCG@5 with its 95%
// percentile bootstrap interval, plain and on judged-only rankings (the
// variant of Touché's official tables), and judged@5, the share of the run's
// top 5 documents that the judgments judge. Like trec_eval, the means are
// over the judged topics the run answers; -c averages over all judged
// topics, a missing topic scoring 0. With two or more runs, p is the
// two-sided paired t-test of each run's judged-only nDCG@5 against the
// baseline run's (-baseline, or else the first RUN), over the topics both
// answer, Bonferroni-corrected for the number of runs compared. -year uses
// the official judgments embedded in package eval (2022: relevance, quality
// and coherence).
//
// The table is aligned for people. -format tsv prints it for programs:
// tab-separated, under a header of one-token column names (run, judgments,
// topics, ndcg5, ndcg5_low, ndcg5_high, judged_ndcg5, judged_ndcg5_low,
// judged_ndcg5_high, p, judged5), with an empty p for the baseline.
//
// The 2020 and 2021 judgments rate whole args.me arguments; a Touché 2022
// run ranks sentence pairs. -pairs maps such a run (or a run of single
// sentences) onto arguments with eval.ArgumentRun before scoring it: a pair
// stands for the argument of its first sentence (first) or for the
// better-judged argument of its two sentences (best), and an argument counts
// once, at its best pair. A run whose documents the judgments do not know
// gets a warning on stderr naming it, since its nDCG@5 is 0 by
// construction.
//
// -order rank ranks each topic's documents by the run's rank column rather
// than by score, for the mapping and the measures. Some official Touché runs
// have scores that disagree with their ranks; the organisers' tables follow
// the ranks.
//
// Runs are read as trec_eval reads them: any stance token and infinite
// scores are accepted (runfile.Reader's Lenient).
//
// Flags come before the files. The exit status is 0 on success (and for
// -h), 2 for a bad command line and 1 when a file cannot be read or
// evaluated.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
