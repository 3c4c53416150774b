// Command evaltaggers measures the stance taggers and the argumentativeness
// model on labelled data and prints a Markdown table: accuracy and macro-F1
// on UKP Sentential in-topic
// (its split column) and cross-topic (leave one topic out), of sentences
// and of pairs of consecutive sentences; the shipped models
// (classify/stance.lin and classify/argumentative.lin) on the in-topic test
// split; for argumentativeness, on the IBM
// Debater evidence test split; and, when the IBM Debater Claim Stance train
// split is there, the side (PRO or CON) of the shipped configuration on its
// 25 motions, each left out of training in turn. Then whether two
// consecutive arguing sentences agree, and document stance
// (stance.Document): on UKP test pages (PRO, CON, NEU, NO as the sentence
// labels decide, cross-topic), on the arguments of the embedded args.me
// sample (the conclusion as topic, PRO or CON), and, when
// DIR/webis-argquality20/webis-argquality20-full.csv is there, whether two
// Webis-ArgQuality-20 arguments of one topic agree (the corpus has no topic
// titles, so agreement is what can be checked).
//
// Run it from the repository root:
//
//	go run ./examples/evaltaggers [-data ../shared/data/labeled] [-split test|val] [-seed 1]
//
// -split is the UKP split evaluated on: test (the default), or val for
// tuning. -seed is the training seed (1).
//
// # The labelled data
//
// The data is not part of the module (its licences differ from the code's).
// Get it from its publishers and lay it out under the -data directory
// (default ../shared/data/labeled):
//
//   - DIR/ukp-sentential/*.tsv: the UKP Sentential Argument Mining Corpus
//     (Stab et al., EMNLP 2018; TU Darmstadt's UKP Lab; CC BY-NC; from
//     https://tudatalib.ulb.tu-darmstadt.de/handle/tudatalib/2345), one
//     tab-separated file per topic (abortion.tsv, cloning.tsv, ...) with the
//     header columns topic, retrievedUrl, archivedUrl, sentenceHash,
//     sentence, annotation (Argument_for, Argument_against, NoArgument) and
//     set (train, val, test). The release leaves the sentence column empty
//     for copyright reasons; its completion pipeline fills it in from the
//     Wayback Machine, and evaltaggers refuses empty sentences.
//   - DIR/ibm-evidence/train.csv and test.csv: the IBM Debater Evidence
//     Sentences (Shnarch et al., ACL 2018; CC BY-SA 3.0; from
//     https://research.ibm.com/haifa/dept/vst/debating_data.shtml),
//     comma-separated with the header columns topic, "the concept of the
//     topic", candidate and label (1 evidence, 0 not); other columns are
//     ignored.
//   - optionally, DIR/ibm-claim-stance/train.csv: the IBM Debater Claim
//     Stance train split (Bar-Haim et al., EACL 2017; CC BY-SA 3.0; from the
//     same page), with the columns topicId, topicText, claims.stance (PRO,
//     CON) and claims.claimCorrectedText among others. Without it the claim
//     rows are left out, with a line saying so.
//   - optionally, DIR/webis-argquality20/webis-argquality20-full.csv:
//     Webis-ArgQuality-20 (Gienapp et al., ACL 2020), with the columns
//     Topic ID, Premise, Is Argument? and Stance. Without it its rows are
//     left out.
//
// Nothing else under DIR is read. When a required file is missing, the
// error names it and says which corpus goes there; -h prints the layout
// in short.
//
// A bad command line exits 2, a failure 1.
package main
