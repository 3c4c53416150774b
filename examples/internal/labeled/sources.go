package labeled

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Where the corpora come from.
const (
	UKPURL = "https://tudatalib.ulb.tu-darmstadt.de/handle/tudatalib/2345"
	IBMURL = "https://research.ibm.com/haifa/dept/vst/debating_data.shtml"
)

// Sources says where the labelled data comes from and how a data directory
// is laid out; the commands that read it print it in their -h.
const Sources = `The labelled data is not part of the module (its licences differ from the code's); get it from its publishers and lay it out under the -data directory as follows:

  DIR/ukp-sentential/*.tsv  the UKP Sentential Argument Mining Corpus (Stab et al., EMNLP 2018; TU Darmstadt's UKP Lab; CC BY-NC; ` + UKPURL + `), one tab-separated file per topic (abortion.tsv, cloning.tsv, ...) with the header columns topic, retrievedUrl, archivedUrl, sentenceHash, sentence, annotation (Argument_for, Argument_against, NoArgument) and set (train, val, test). The release leaves the sentence column empty for copyright reasons; its completion pipeline fills it in from the Wayback Machine, and an empty sentence is an error here.
  DIR/ibm-evidence/train.csv and test.csv  the IBM Debater Evidence Sentences (Shnarch et al., ACL 2018; CC BY-SA 3.0; ` + IBMURL + `), comma-separated with the header columns topic, "the concept of the topic", candidate, label (1 evidence, 0 not) and others, which are ignored.
  DIR/ibm-claim-stance/train.csv  the IBM Debater Claim Stance train split (Bar-Haim et al., EACL 2017; CC BY-SA 3.0; ` + IBMURL + `), comma-separated with the columns topicId, topicText, claims.stance (PRO, CON) and claims.claimCorrectedText among others.`

// Parts of a data directory, for Missing.
const (
	UKP         = "ukp-sentential" // DIR/ukp-sentential/*.tsv
	IBMEvidence = "ibm-evidence"   // DIR/ibm-evidence/train.csv and test.csv
	// IBMClaimStance is DIR/ibm-claim-stance/train.csv, the IBM Debater
	// Claim Stance train split (ReadClaims reads it).
	IBMClaimStance = "ibm-claim-stance"
)

// Missing returns nil when dir holds the parts named (UKP, IBMEvidence,
// IBMClaimStance), and
// otherwise an error, wrapping fs.ErrNotExist, that names every missing
// file and says which corpus goes there and where it comes from.
func Missing(dir string, parts ...string) error {
	var missing []string
	for _, part := range parts {
		switch part {
		case UKP:
			ukp := filepath.Join(dir, UKP)
			if names, _ := filepath.Glob(filepath.Join(ukp, "*.tsv")); len(names) == 0 {
				missing = append(missing, fmt.Sprintf("no .tsv files in %s: the UKP Sentential Argument Mining Corpus goes there, one file per topic (Stab et al., EMNLP 2018; %s)", ukp, UKPURL))
			}
		case IBMEvidence:
			var absent []string
			for _, name := range []string{"train.csv", "test.csv"} {
				if path := filepath.Join(dir, IBMEvidence, name); !exists(path) {
					absent = append(absent, path)
				}
			}
			if len(absent) > 0 {
				missing = append(missing, fmt.Sprintf("no %s: the IBM Debater Evidence Sentences go there (Shnarch et al., ACL 2018; %s)", strings.Join(absent, " or "), IBMURL))
			}
		case IBMClaimStance:
			if path := filepath.Join(dir, IBMClaimStance, "train.csv"); !exists(path) {
				missing = append(missing, fmt.Sprintf("no %s: the IBM Debater Claim Stance train split goes there (Bar-Haim et al., EACL 2017; %s)", path, IBMURL))
			}
		default:
			return fmt.Errorf("labeled: unknown part %q of a data directory", part)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("labeled: %s: %w", strings.Join(missing, "; "), fs.ErrNotExist)
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
