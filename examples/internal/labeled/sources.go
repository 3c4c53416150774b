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
