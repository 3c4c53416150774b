// Package comparative is Touché Task 2, argument retrieval for comparative
// questions ("Which is better, a laptop or a desktop?"): its passage corpus,
// its topics with two comparison objects, its judgments and the stance
// measure, a comparative stance tagger, and systems built from the library's
// parts.
//
// # Data
//
// The 2022 topics (50, each with <objects>) and the relevance, quality and
// stance judgments are embedded: Topics, Judgments and Stances return fresh
// copies. They are by the Touché organisers (Webis), published in Zenodo
// record 6873567 under CC BY 4.0; the copies embedded here come from the
// repository webis-de/argmining23-stance-aware-re-ranking (MIT), and their
// MD5 sums match those ir_datasets lists for the Zenodo files (see
// data/README.md).
//
// The corpus, touche-task2-passages-version-002.jsonl (868,655 passages,
// 0.94 GB; Zenodo record 6873567), is not embedded: PassageReader streams it,
// a JSON object per line with the keys "id", "contents" and "chatNoirUrl"
// (ir_datasets' TouchePassageDocs reads the same three).
//
// # Judging
//
// Relevance and quality are scored by nDCG@5 over judged passages only
// (eval.Options.JudgedOnly, trec_eval -J), as the Touché 2022 overview's
// Tables 9 and 10. Stance is scored as its Table 11: StanceJudgments.F1.
//
// Run files of Task 2 are read with runfile.Reader.Comparative and written with
// runfile.Rules.Comparative (stance labels FIRST, SECOND, NEUTRAL, NO, or Q0).
package comparative
