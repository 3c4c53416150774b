// Package eval scores rankings against relevance judgments the way the
// Touché shared task and trec_eval 10.0 do.
//
// It holds five things:
//
//   - Judgments: a Qrels per judged dimension (ReadQrels, NewJudgments, and
//     the embedded official sets of a year through Official: relevance for
//     2020 and 2021, relevance, quality and coherence of sentence pairs for
//     2022).
//   - Evaluate: the measures ndcg_cut.k, P.k, map, recip_rank, num_ret and
//     num_rel_ret (also named as ir_measures names them: nDCG@k, P@k, AP,
//     RR) with trec_eval 10.0 semantics over a runfile.Run, per topic and
//     averaged, with trec_eval's -c (average over all judged topics) and -J
//     (judged documents only) options, and optionally in the run's rank
//     order. Evaluation.WriteTrecEval prints trec_eval's lines byte for
//     byte. Judged gives the share of judged documents at a cutoff, which
//     tells whether judgments can score a run at all; a run of which nothing
//     is judged comes with ErrNothingJudged, never as a silent 0.
//   - Options.Pairs: a run of sentence pairs (Touché 2022) or of sentences
//     mapped onto args.me arguments, so that the argument-level judgments
//     of 2020 and 2021 can score it.
//   - Estimate: labels for the unjudged sentence pairs whose sentences were
//     judged in other pairs of the topic, and judged-only nDCG over exact
//     and estimated labels with its coverage, validated on the official
//     2022 judgments (see Estimate for its assumption and limits).
//   - Statistics over topics: percentile bootstrap confidence intervals
//     (Bootstrap) and the paired t-test (PairedTTest) with the Bonferroni
//     and Holm corrections.
//
// Package experiment puts these together: several systems or runs, every
// dimension, one table.
//
// Runs are read by package runfile; runfile.Reader's Lenient option accepts
// what trec_eval accepts (any stance token, infinite scores).
//
// # trec_eval semantics
//
// These rules follow trec_eval 10.0 and are checked against its output on
// real Touché runs:
//
//   - The rank column of a run is ignored (unless Options.ByRank is set).
//     Each topic's results are sorted by score, highest first;
//     equal scores are ordered by document id, highest first (byte order,
//     as strcmp).
//   - A document id that occurs twice in one topic of a run, or a (topic,
//     document) pair judged twice in the qrels, is an error.
//   - A document is relevant when its label is at least 1 (trec_eval's
//     default relevance level). This counts for P, map, recip_rank and
//     num_rel_ret; map divides by the number of relevant judged documents.
//   - nDCG uses the label as gain (labels of 0 or below give none) and the
//     discount log2(rank+1). The ideal ranking holds every judged document
//     with a positive label, retrieved or not, and is cut at the same k.
//   - P.k divides by k even when fewer than k documents were retrieved.
//   - Topics are reported in byte order of their ids. Only topics that have
//     judgments are evaluated; a run's topics without judgments are skipped.
//     By default the mean is over the judged topics the run answers. With
//     Options.Complete (trec_eval -c) every judged topic counts, and a topic
//     the run misses scores 0 on every measure and is reported as well.
//   - With Options.JudgedOnly (trec_eval -J) unjudged documents are removed
//     from each ranking before any cut. Documents with a negative label (the
//     Touché qrels use -2 for spam) are removed too, as trec_eval treats a
//     negative label as "in the pool but not judged". A label-0 document
//     stays. num_ret then counts the remaining documents.
//   - The mean of num_ret and num_rel_ret is their sum, as in trec_eval.
//
// The qrels reader is stricter than trec_eval where it would silently
// misread: a label that is not an integer is an error (trec_eval's atol
// reads a prefix or 0), and a duplicate judgment is reported when the qrels
// are read, with its line (trec_eval reports it only when it evaluates that
// topic). Blank lines are skipped.
//
// Nothing in this package is safe for concurrent mutation, but Qrels and
// Evaluation values are never modified after they are built, and Evaluate
// does not modify the run, so they can be shared by goroutines that only
// read them.
package eval
