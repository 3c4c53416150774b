package labeled

// Sources says where the labelled data comes from and how a data directory
// is laid out; the commands that read it print it in their -h and in the
// error for a missing file.
const Sources = `The labelled data is not part of the module (its licences differ from the code's); get it from its publishers and lay it out under the -data directory as follows:

  DIR/ukp-sentential/*.tsv  the UKP Sentential Argument Mining Corpus (Stab et al., EMNLP 2018; TU Darmstadt's UKP Lab; CC BY-NC), one tab-separated file per topic (abortion.tsv, cloning.tsv, ...) with the header columns topic, retrievedUrl, archivedUrl, sentenceHash, sentence, annotation (Argument_for, Argument_against, NoArgument) and set (train, val, test). The release leaves the sentence column empty for copyright reasons; its completion pipeline fills it in from the Wayback Machine.
  DIR/ibm-evidence/train.csv and test.csv  the IBM Debater Evidence Sentences (Shnarch et al., ACL 2018; CC BY-SA 3.0; https://research.ibm.com/haifa/dept/vst/debating_data.shtml), comma-separated with the header columns topic, "the concept of the topic", candidate, label (1 evidence, 0 not) and others, which are ignored.`
