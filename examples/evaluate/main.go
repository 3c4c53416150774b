// Command evaluate scores TREC runs against relevance judgments, in one of
// two modes. Runs, qrels and -Z files may be gzipped (told by their first
// bytes, not their names); a truncated one is an error ("gzip: ...").
//
// trec_eval mode, chosen by giving at least one -m, or by giving just QRELS
// and RUN (without -year and -qrels):
//
//	evaluate [-q] [-c] [-J] [-M N] [-l LEVEL] [-Z FILE] [-pairs P] [-m MEASURE]... QRELS RUN
//
// prints exactly the lines trec_eval 10.0 prints for the same options:
// "measure<TAB>qid<TAB>value", the measure name padded to 22 columns, values
// with 4 decimals, counts (num_ret, num_rel, ...) as integers; with -q each
// topic's lines first, then the "all" lines. Every measure of trec_eval
// but its preference measures is computed (see package eval for the list),
// and MEASURE uses trec_eval's syntax (map, P.5,10, ndcg_cut.5,10,1000,
// bpref, infAP, unj.5, iprec_at_recall.0.1,0.5, utility.1,-1,0,0,
// ndcg.1=3,2=9, rbp.p=0.8, and the sets official, all_trec and set) or
// ir_measures' names (nDCG@5, P@10, R@10, AP, RR, Bpref). Without -m,
// trec_eval's default set, official, is computed. -c averages over all
// judged topics (a missing one is scored as trec_eval scores it), -J keeps
// only judged documents in each ranking, -M keeps at most N documents of
// each topic, -l makes labels of at least LEVEL relevant, and -Z prints
// z-scores, with each topic's mean and standard deviation of each measure
// read from FILE ("qid measure mean sd" lines). These flags are
// trec_eval's, and may be written as trec_eval takes them, joined to their
// value (-M100, -l2, -mP.5, -Zfile): -q means per-topic values here, not
// quiet. -pairs maps a run of sentence pairs onto arguments first (see
// below); the output is then what trec_eval prints for the mapped run. A
// run none of whose documents is judged gets trec_eval's zeros and a
// warning on stderr, which names -pairs for a run of sentence pairs (or
// sentences) against judgments of arguments.
//
// With -year, trec_eval mode takes RUN alone and scores it against the
// official judgments of that year embedded in the module, one dimension at
// a time (-dimension: relevance by default; quality, and for 2022
// coherence), exactly as against those judgments written to a qrels file:
//
//	evaluate -year 2022 [-dimension relevance|quality|coherence] -m ndcg_cut.5 RUN
//
// A -Z file that is not one of z-scores (a qrels file, say) is an error
// naming the line: a z-score line holds "qid measure mean sd", the mean and
// sd numbers.
//
// Runs and qrels are read as trec_eval reads them: comment lines (starting
// with '#'; in a run, after any white space) are skipped, text after a run
// line's sixth field is ignored, and runid is the tag of the run's last
// line. A document listed twice for a topic is an error (among the first N
// with -M, as trec_eval checks).
//
// Touché table mode, without -m:
//
//	evaluate (-year 2020|2021|2022 | -qrels FILE) [-pairs first|best] [-c] [-order score|rank]
//	         [-format table|tsv|json] [-wide] [-per-topic] [-baseline RUN]
//	         [-correction bonferroni|holm|none] [-test ttest|permutation|wilcoxon] [-min-judged X]
//	         [-judgments FILE]... [-predict=false] [-i DIR] [-name NAME]... [-seed N] [-resamples N] RUN...
//
// prints an experiment of the runs (package experiment; the experiment
// command prints the same numbers for the same runs): for each run and
// judged dimension, the mean nDCG@5 with its 95% percentile bootstrap
// interval, plain and on judged-only rankings (the variant of Touché's
// official tables), judged@5, the share of the run's top 5 documents
// that the judgments judge, and the depth of the judged-only figure: the
// mean and median rank of the judged documents it scored. Like trec_eval,
// the means are over the judged topics the run answers; -c averages over
// all judged topics, a missing topic scoring 0. With two or more runs, p is
// the two-sided paired test (-test: ttest, Student's t; permutation, the
// paired randomization test of Smucker, Allan and Carterette, exact up to
// 20 topics, else from 100,000 sign flips seeded by -seed; wilcoxon, the
// signed-rank test, zero differences dropped and ties given mean ranks,
// exact up to 50 non-zero differences, else the normal approximation) of
// each run's figures against the baseline run's (-baseline, or else the
// first RUN), over the topics both answer, corrected for the number of
// runs compared (-correction: Bonferroni by default, or Holm; the
// correction covers the p-values of one column on one dimension, as the
// line above the table says). The bootstrap takes -resamples resamples
// (10,000) seeded by -seed (0, as the experiment command's).
//
// For judgments of sentence pairs (2022) the table adds the estimated
// judged-only nDCG@5, which also counts the unjudged pairs both of whose
// sentences were judged in other pairs, each labelled from its sentences'
// judged pairs (eval.Estimate), with its p-value and its coverage,
// labelled@5 (the share of the top 5 that is judged or estimated), and it
// leads with the predicted nDCG@5, which labels every unjudged pair of the
// top 5 with a label predicted from the judged sentences of its topic
// (eval/unjudged, trained on the texts of the embedded 2022 sample, or of
// the TIRA input directory -i DIR): the figure that the simulation of
// hidden judgments (BENCHMARKS.md) found to keep the systems' order and not
// to move with the candidate pool. -predict=false leaves it out (training
// it encodes every judged sentence), and the estimate leads.
//
// Judged-only needs care: a new system's top 5 is mostly unjudged, and its
// judged-only figure then scores judged documents far down the ranking (the
// depth says how far), which a smaller pool of candidates "improves". A
// row whose judged@5 is below 0.5 warns that it "rests on ranks around N",
// and a judged-only p-value is computed only where both runs' judged@5
// reach -min-judged (0, the default, means 0.2, chosen by the simulation of
// hidden judgments in BENCHMARKS.md; a negative value tests every run, as
// experiment.Experiment.MinJudged does); its cell says why otherwise. A run
// of which nothing is judged is still scored, and its row ends with a
// warning (also on stderr). -year uses the official judgments embedded in
// package eval (2022: relevance, quality and coherence).
//
// -judgments FILE (repeatable) reads own judgments, as examples/judge
// writes them (package eval/own reads them), kept apart from the official
// ones: they add the columns "nDCG@5 official + N own" and "judged@5
// official + N own" (official labels, and the own ones of the pairs the
// official judgments leave unjudged; where two files label a pair, the
// first given counts), and change no other figure; with two files or
// more, their agreement follows the table (Cohen's kappa per dimension
// over the pairs both judged).
//
// Rows are labelled by -name (one per RUN, in order), else by the run's
// tag, else by the shortest part of its path that tells it from the other
// runs; no two rows share a label.
//
// A run whose tag is the one a command of the library's systems writes by
// default (argsearch-advanced; argsearch-NAME for advanced -recipe NAME)
// is taken for that system's: its rows and p-values that rest on topics
// the system learned from are marked in-sample, as experiment marks them
// (system.Pipeline.TrainedOn: Advanced's pair weights were learned on the
// 2022 sample's 25 topics). Other tags mark nothing.
//
// The table is aligned for people and fits a terminal of 120 columns:
// each row's run, judgments, headline figure with its interval and
// p-value, judged@5 and a short warning. -wide prints the aligned table
// with every figure. -format tsv prints it for programs, tab-separated,
// under a header of one-token column names (run, judgments, topics, ndcg5,
// ndcg5_low, ndcg5_high, judged_ndcg5, judged_ndcg5_low, judged_ndcg5_high,
// p, judged5, p_plain, estimated_judged_ndcg5, ..., warning, depth5,
// depth5_median, p_untested, ...: experiment.Table.Write lists them), with
// an empty field for what is not computed (the baseline's p-values,
// estimates for judgments of arguments). -format json prints one object
// with every topic's values; -per-topic prints them after the aligned
// table.
//
// The 2020 and 2021 judgments rate whole args.me arguments; a Touché 2022
// run ranks sentence pairs. -pairs maps such a run (or a run of single
// sentences) onto arguments before scoring it (eval.Options.Pairs): a pair
// stands for the argument of its first sentence (first) or for the
// better-judged argument of its two sentences (best), and an argument counts
// once, at its best pair.
//
// -order rank ranks each topic's documents by the run's rank column rather
// than by score, for the mapping and the measures. Some official Touché runs
// have scores that disagree with their ranks; the organisers' tables follow
// the ranks.
//
// In trec_eval mode runs are read as trec_eval reads them: any stance token
// and infinite scores are accepted (runfile.Reader's Lenient). Table mode
// reads them strictly (a stance PRO, CON, NEU, NO or Q0; finite scores), as
// runfile.ReadFile does: a table is no place for a score of +Inf.
//
//	evaluate -validate-estimated
//
// prints the leave-one-out validation of the estimates on the official 2022
// judgments: for each dimension, the judged pairs both of whose sentences
// occur in other judged pairs, estimated from those other pairs, against
// their true labels (Pearson correlation and mean absolute error), for the
// mean of the sentences' means and for the fitted estimate.
//
// Flags come before the files. The exit status is 0 on success (and for
// -h), 2 for a bad command line and 1 when a file cannot be read or
// evaluated.
package main

import (
	"os"
	"runtime/debug"
)

func main() {
	// evaluate holds its inputs in memory for one short computation:
	// collecting garbage less often saves a fifth of its time on a
	// 50,000-line run, and its peak memory stays where it is.
	debug.SetGCPercent(400)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
