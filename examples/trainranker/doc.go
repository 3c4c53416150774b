// Command trainranker learns the pair-scoring weights of system.Advanced,
// reproducibly: the same data and flags give a byte-identical weights file.
//
// Run it from the repository root:
//
//	go run ./examples/trainranker [-out system/ranker_weights.go] [-encoder glove|use|none] [-rerank=false]
//	        [-features NAME,...] [-stages advanced|advanced+pearl] [-grid coarse|fine|positive] [-with2021 [-weigh year|topic]] [-workers N]
//	go run ./examples/trainranker -cv [-runs DIR] [-run FILE] [flags]
//
// The ranker is pairing.Builder's pair score, a weighted mean of the pair's
// features (pairing.Weights): its sentences' retrieval score,
// argumentativeness, centrality, similarity to the topic's title, stance
// confidence, length, position in their argument and rank in the retrieved
// list, and the pair's coherence, whether its sentences share an argument
// and whether they are consecutive. The weights are learned by coordinate
// ascent (Metzler and Croft, 2007; internal/coordascent) from today's
// advanced weights, maximising the mean over relevance, quality and
// coherence of the predicted nDCG@5 (eval/unjudged: the official judgments,
// and labels predicted from them for the pairs they leave unjudged) on the
// embedded 2022 sample: the 25 odd-numbered Touché 2022 topics and their
// official judgments (Touché 2022, CC BY 4.0). With -with2021 the objective
// is the mean of that figure and of the judged-only nDCG@5 on the embedded
// 2021 sample (its 10 topics and the official Touché 2021 relevance
// judgments of arguments, CC BY 4.0; the run's pairs mapped to their first
// sentence's argument, eval.FirstSentence, as evaluate -year 2021 -pairs
// first scores), each year weighing a half (-weigh year) or each topic
// alike (-weigh topic). Each topic's candidates,
// with every feature, are computed once by the advanced pipeline (-encoder
// and -rerank choose its encoder and re-ranking); only the Builder runs for
// each weight vector.
//
// Without -cv it trains on all 25 topics and writes the weights as a Go
// file of package system (-out), the file Advanced reads: run with the
// default flags, it reproduces the shipped system/ranker_weights.go byte for
// byte. With -cv it runs 5-fold leave-topics-out cross-validation instead
// (each year's topics by number, topic i in fold i mod 5): per fold, the predictor is
// trained on the four training folds' judgments only and the weights on
// their topics, and the advanced pipeline with those weights answers the
// held-out topics. The held-out runs, put together, are scored with the
// predictor trained on all judgments (as the experiment command scores),
// and compared per dimension with today's advanced and with every run in
// -runs DIR (NAME.txt, as experiment -o writes them) by the paired t-test
// (uncorrected), with 95% bootstrap intervals. The 2021 sample's topics
// are answered held out in their folds as well (with -with2021 the
// training folds' 2021 topics also train), and their judged-only nDCG@5
// is printed beside today's advanced. Nothing is written but, with -run
// FILE, the held-out run of the 2022 topics, tagged "learned-cv": a run
// that no topic's own judgments trained, for evaluate, or for a
// system.Fusion whose member is a system.Func answering each topic from
// the run (as system's ExampleFusion answers from lists).
//
// # Flags
//
// -out is the Go file the weights are written to
// (system/ranker_weights.go by default). -encoder chooses the sentence
// vectors of the similarity feature: glove (averaged GloVe, the default),
// use (Universal Sentence Encoder lite) or none, which leaves the
// similarity feature out of -features. -rerank=false leaves out the
// re-ranking of the candidates by similarity to the title before pairing
// (pairing.Mix's Similarity). -features names the weights learned, comma-separated
// (retrieval,argumentativeness,coherence,similarity,length by default);
// the others keep today's advanced value. -stages chooses the retrieval
// stages: advanced (today's, the default) or advanced+pearl (with the
// pearl recipe's two, fused half and half). -grid is the values tried for
// each weight: coarse (the default: -0.5, -0.25, 0, 0.25, 0.5, 1), fine
// (13 signed values from 0.02 to 1) or positive (0, 0.25, 0.5, 1: no
// feature may count against a pair). -workers is the number of topics
// paired at once while training (1 by default; the weights do not depend
// on it).
//
// A bad command line exits 2, a failure 1.
package main
