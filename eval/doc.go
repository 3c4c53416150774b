// Package eval scores rankings against relevance judgments the way the
// Touché shared task and trec_eval 10.0 do.
//
// It holds five things:
//
//   - Judgments: a Qrels per judged dimension (ReadQrels, NewJudgments, and
//     the embedded official sets of a year through Official: relevance for
//     2020 and 2021, relevance, quality and coherence of sentence pairs for
//     2022).
//   - Evaluate: every measure of trec_eval 10.0 but its preference
//     measures, named as trec_eval names them (and some as ir_measures
//     does: nDCG@k, P@k, R@k, AP, RR, Bpref), with trec_eval 10.0
//     semantics over a runfile.Run, per topic and averaged, with
//     trec_eval's options -c (average over all judged topics), -J (judged
//     documents only), -M (at most n documents), -l (the least relevant
//     label) and -Z (z-scores, ReadZScores), and optionally in the run's
//     rank order. Evaluation.WriteTrecEval prints trec_eval's lines byte for
//     byte. Judged gives the share of judged documents at a cutoff, which
//     tells whether judgments can score a run at all, and where the
//     documents a judged-only figure scores sit in the run (far below the
//     cutoff when most of the top is unjudged); a run of which nothing
//     is judged comes with ErrNothingJudged, never as a silent 0.
//   - Options.Pairs: a run of sentence pairs (Touché 2022) or of sentences
//     mapped onto args.me arguments, so that the argument-level judgments
//     of 2020 and 2021 can score it.
//   - Estimate: labels for the unjudged sentence pairs whose sentences were
//     judged in other pairs of the topic, and judged-only nDCG over exact
//     and estimated labels with its coverage, validated on the official
//     2022 judgments (see Estimate for its assumption and limits).
//   - Statistics over topics: percentile bootstrap confidence intervals
//     (Bootstrap) and paired tests (PairedTest: Student's t, the
//     randomization test, Wilcoxon's signed-rank test) with the Bonferroni
//     and Holm corrections (Adjust).
//
// Package experiment puts these together: several systems or runs, every
// dimension, one table.
//
// Runs are read by package runfile; runfile.Reader's Lenient option accepts
// what trec_eval accepts (any stance token, infinite scores).
//
// # Stance scores
//
// eval scores rankings; stance is scored beside them, where its judgments
// are embedded. Touché Task 2's stance measure is in package comparative
// (StanceJudgments.F1, over the 2022 stance judgments that comparative.Load
// returns): the macro-averaged F1 of the Touché 2022 overview's Table 11,
// over every judged passage a run gives a stance (FIRST, SECOND, NEUTRAL or
// NO; Q0 is none) at any rank, each label's F1 averaged over the labels that
// occur among the judgments or the predictions, with the number of passages
// compared (N). Package experiment adds it as columns (Experiment.Stances).
// Touché 2023 Task 1's document stance (PRO, CON, NEU, NO of ClueWeb22
// documents, package stance's Document) cannot be scored: its judgments are
// not embedded (ir_datasets defines clueweb22/b/touche-2023-task-1 with its
// topics alone, and no public copy of its qrels was found), and the 2020 to
// 2022 Task 1 judgments have no stance.
//
// # trec_eval's measures
//
// In trec_eval's order (the order Evaluate computes and prints them in),
// with their parameters' defaults:
//
//	runid                  the run's tag (printed only)
//	num_q                  the number of topics
//	num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret  counts, summed over topics
//	map, gm_map            average precision; gm_map averages it geometrically
//	Rprec                  precision at R, the number of relevant documents
//	bpref, gm_bpref        binary preference (Buckley and Voorhees), for incomplete judgments
//	recip_rank             the reciprocal rank of the first relevant document
//	iprec_at_recall.0,.1,...,1   interpolated precision at recall levels
//	P.5,10,15,20,30,100,200,500,1000   precision at cutoffs
//	relstring.10           the labels of the first documents, as a string (printed only)
//	recall.5,10,...,1000   recall at cutoffs
//	infAP                  inferred AP (Yilmaz and Aslam): a negative label is "pooled, not judged"
//	Rprec_mult.0.2,0.4,...,2.0   precision at multiples of R
//	utility.1,-1,0,0       a weighted count of relevant and nonrelevant, retrieved or not
//	11pt_avg.0.0,.1,...,1.0      interpolated precision averaged over recall levels
//	binG, G                experimental gain measures
//	dcg, ideal_dcg, ndcg, ndcg_rel, Rndcg   nDCG over the whole ranking (gains "label=gain,...")
//	ndcg_cut.5,10,...,1000 nDCG at cutoffs, the label as gain
//	map_cut.5,10,...,1000  average precision at cutoffs
//	relative_P.5,...,1000  precision over the best precision possible at a cutoff
//	success.1,5,10         1 if a relevant document is among the first k
//	set_P, set_relative_P, set_recall, set_map, set_F.1.0   measures of the retrieved set
//	yaap                   Robertson's "yet another AP"
//	rbp, rbp_resid         rank-biased precision (gains and "p=0.9") and its residual
//	unj.5,10,20            the share of unjudged documents among the first k
//
// The sets official (trec_eval's default), all_trec and set name several.
// For Touché's shallow, incomplete judgments, bpref, infAP and unj are the
// measures that say how far unjudged documents matter.
//
// # trec_eval semantics
//
// These rules follow trec_eval 10.0 and are checked against its output on
// real Touché runs, on trec_eval's own test files, and on random inputs
// against the real program:
//
//   - The rank column of a run is ignored (unless Options.ByRank is set).
//     Each topic's results are sorted by score, highest first;
//     equal scores are ordered by document id, highest first (byte order,
//     as strcmp).
//   - A document id that occurs twice in one topic of a run, or a (topic,
//     document) pair judged twice in the qrels, is an error.
//   - A document is relevant when its label is at least 1 (trec_eval's
//     default relevance level; Options.RelevanceLevel, trec_eval -l). This
//     counts for every measure but the nDCG ones; map divides by the number
//     of relevant judged documents.
//   - nDCG uses the label as gain (labels of 0 or below give none) and the
//     discount log2(rank+1). The ideal ranking holds every judged document
//     with a positive label, retrieved or not, and is cut at the same k.
//   - P.k divides by k even when fewer than k documents were retrieved.
//   - Topics are reported in byte order of their ids. Only topics that have
//     judgments are evaluated; a run's topics without judgments are skipped.
//     By default the mean is over the judged topics the run answers. With
//     Options.Complete (trec_eval -c) every judged topic counts, and a topic
//     the run misses is scored, as in trec_eval, as a ranking of one
//     unjudged document with num_ret 0: 0 on every measure but num_rel and
//     the geometric means, and it is reported as well. (trec_eval 10.0
//     refuses to run without -c when a judged topic has no results;
//     Evaluate skips the topic, as trec_eval 9 did and every published
//     figure assumes.)
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
// topic). Blank lines are skipped (trec_eval refuses them), and so are
// comment lines starting with '#' (trec_eval takes a comment line that
// follows another for a judgment).
//
// Where trec_eval 10.0's own behaviour is undefined, Evaluate does what it
// does on its test files: rbp rescales gains outside [0, 1] with a minimum
// and a maximum that trec_eval starts from uninitialized memory (here 0),
// so its rbp can differ from Evaluate's with graded labels or gains once
// other measures ran before it; requesting dcg with gains together with
// ideal_dcg or ndcg makes trec_eval free their shared parameters twice and
// crash (dcg, ideal_dcg and ndcg share their gains here as there).
// Logarithms are computed as glibc's (correctly rounded), not as math.Log2,
// which is an ulp off for some arguments; ndcg_cut keeps math.Log2's, as
// Estimate.NDCG does.
//
// Nothing in this package is safe for concurrent mutation, but Qrels and
// Evaluation values are never modified after they are built, and Evaluate
// does not modify the run, so they can be shared by goroutines that only
// read them.
package eval
