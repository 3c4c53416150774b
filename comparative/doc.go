// Package comparative is Touché Task 2, argument retrieval for comparative
// questions ("Which is better, a laptop or a desktop?"): its passage corpus,
// its topics with two comparison objects, its judgments and the stance
// measure, a comparative stance tagger, and systems built from the library's
// parts.
//
// # Data
//
// Load returns a year's topics and judgments, embedded:
//
//   - 2022: 50 topics, each with <objects>, and the relevance, quality and
//     stance judgments of 2,107 passages. They are by the Touché organisers
//     (Webis), published in Zenodo record 6873567 under CC BY 4.0; the copies
//     embedded here come from the repository
//     webis-de/argmining23-stance-aware-re-ranking (MIT), and their MD5 sums
//     match those ir_datasets lists for the Zenodo files.
//   - 2020: 50 topics without objects (Topic.Objects is nil) and the
//     relevance of 1,783 ClueWeb12 documents (Zenodo record 6797876, CC BY
//     4.0; the qrels' MD5 matches ir_datasets'). The 2020 lab judged neither
//     quality nor stance.
//   - 2021 (Zenodo record 6798217) is not embedded: no copy of its files
//     could be found and checked. topics.Parse reads its topic file (no
//     objects, like 2020's) and eval.ReadQrels its judgments.
//
// data/README.md says where each file comes from. The 2020 and 2021 corpus is
// ClueWeb12, searched through ChatNoir (package retrieval/chatnoir, index
// "cw12"); examples/comparative -year 2020 runs it.
//
// The 2022 corpus, touche-task2-passages-version-002.jsonl (868,655
// passages, 0.94 GB; Zenodo record 6873567), is not embedded: ReadPassages
// streams it, a JSON object per line with the keys "id", "contents" and
// "chatNoirUrl" (ir_datasets' TouchePassageDocs reads the same three).
//
// # Judging
//
// Relevance and quality are scored by nDCG@5 over judged passages only
// (eval.Options.JudgedOnly, trec_eval -J) in the run's rank order
// (eval.Options.ByRank), as the Touché 2022 overview's Tables 9 and 10; the
// embedded 2020 judgments are scored the same way (relevance only).
//
// Stance is scored as the overview's Table 11 does, by StanceJudgments.F1:
// every judged passage to which a run gives a stance (FIRST, SECOND, NEUTRAL
// or NO; Q0 is none), at any rank, is compared with its judgment; the score
// is the macro-averaged F1 over the labels that occur among the judgments or
// the predictions (scikit-learn's f1_score with average="macro", a label
// whose precision or recall is undefined counting 0), and N the number of
// passages compared. Package experiment shows it as the columns "stance F1"
// and "stance N" (Experiment.Stances).
//
// Unjudged passages: eval.Estimate labels a passage "DOCUMENT___N" that the
// judgments leave out from the judged passages of the same document and
// topic (their mean), as it labels a sentence pair from its sentences; the
// experiment tables show that estimated judged-only nDCG@5 beside the exact
// one (see eval.Estimate for how well it agrees with the judgments: weaker
// than for pairs). The predicted figure (Experiment.Predicted, package
// eval/unjudged) needs the texts of the passages a run retrieves, which the
// evaluation of run files does not have: give it an Experiment whose systems
// run over the corpus read with ReadPassages. It has not been validated on
// Task 2.
//
// Run files of Task 2 are read with runfile.Reader.Comparative and written with
// runfile.Rules.Comparative (stance labels FIRST, SECOND, NEUTRAL, NO, or Q0).
package comparative
