package labeled

// Layout is the layout of a data directory in short, for a command's -h:
// each file with its corpus, authors and licence, one line each. The
// commands' package documentation says the rest: the columns, and where to
// get each corpus.
const Layout = `  DIR/ukp-sentential/*.tsv              UKP Sentential (Stab et al.; CC BY-NC)
  DIR/ibm-evidence/train.csv, test.csv  IBM Evidence Sentences (Shnarch et al.; CC BY-SA 3.0)
  DIR/ibm-claim-stance/train.csv        IBM Claim Stance (Bar-Haim et al.; CC BY-SA 3.0)`
