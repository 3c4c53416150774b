// Command trainmodels trains the two models shipped in classify/
// (argumentative.lin and stance.lin), reproducibly: the same data and seed
// give byte-identical files.
//
// Run it from the repository root:
//
//	go run ./examples/trainmodels [-data ../shared/data/labeled] [-out models] [-sources ukp+ibm|ibm]
//
// With the default -sources ukp+ibm it trains the shipped files:
// argumentative.lin on the train and val splits of all eight UKP Sentential
// topics, and stance.lin on the same UKP sentences (PRO, CON, NO) and the
// 1,038 claims of the IBM Debater Claim Stance train split (PRO, CON), with
// seed 1; it prints each file's size and SHA-256. The UKP test split stays
// held out for evaluation. The files are written to the -out directory
// (models by default), which is created if it does not exist; -out
// classify reproduces the shipped files.
//
// UKP Sentential is CC BY-NC (non-commercial) and IBM Claim Stance CC
// BY-SA 3.0 (share-alike), so the shipped stance.lin is under both:
// non-commercial and share-alike, and models trained on UKP data are for
// non-commercial research. -sources ibm trains both models without it,
// from IBM data alone (CC BY-SA 3.0, which allows commercial use under
// share-alike): argumentative.lin on the IBM Debater Evidence Sentences
// train split (evidence → argument), stance.lin on the IBM Claim Stance
// train split. docs/data-and-licences.md and
// classify/MODELS.md say what each source's licence means for the models.
//
// # The labelled data
//
// The data is not part of the module (its licences differ from the
// code's). Get it from its publishers and lay it out under the -data
// directory (default ../shared/data/labeled):
//
//   - DIR/ukp-sentential/*.tsv: the UKP Sentential Argument Mining Corpus
//     (Stab et al., EMNLP 2018; TU Darmstadt's UKP Lab; CC BY-NC; from
//     https://tudatalib.ulb.tu-darmstadt.de/handle/tudatalib/2345), one
//     tab-separated file per topic (abortion.tsv, cloning.tsv, ...) with the
//     header columns topic, retrievedUrl, archivedUrl, sentenceHash,
//     sentence, annotation (Argument_for, Argument_against, NoArgument) and
//     set (train, val, test). The release leaves the sentence column empty
//     for copyright reasons; its completion pipeline fills it in from the
//     Wayback Machine, and an empty sentence is an error here.
//   - DIR/ibm-evidence/train.csv (and test.csv, which trainmodels does not
//     read): the IBM Debater Evidence Sentences (Shnarch et al., ACL 2018;
//     CC BY-SA 3.0; from
//     https://research.ibm.com/haifa/dept/vst/debating_data.shtml),
//     comma-separated with the header columns topic, "the concept of the
//     topic", candidate and label (1 evidence, 0 not); other columns are
//     ignored.
//   - DIR/ibm-claim-stance/train.csv: the IBM Debater Claim Stance train
//     split (Bar-Haim et al., EACL 2017; CC BY-SA 3.0; from the same page),
//     comma-separated with the columns topicId, topicText, claims.stance
//     (PRO, CON) and claims.claimCorrectedText among others.
//
// Training reads DIR/ukp-sentential/ and DIR/ibm-claim-stance/train.csv
// (ukp+ibm), or DIR/ibm-claim-stance/train.csv and
// DIR/ibm-evidence/train.csv (ibm), and nothing else under DIR. Without
// the files, the error says what goes where; -h prints the layout in
// short. A bad command line exits 2, a failure 1.
package main
