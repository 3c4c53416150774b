package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/argsearch/argsearch/examples/internal/ownjudgments"

	"github.com/argsearch/argsearch/eval"
)

// ReadOwnJudgments reads own-judgments files (examples/judge writes them),
// the -judgments files of evaluate and experiment.
func ReadOwnJudgments(files []string) ([]*ownjudgments.Annotations, error) {
	var own []*ownjudgments.Annotations
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		a, err := ownjudgments.ReadAnnotations(f, path)
		f.Close()
		if err != nil {
			return nil, err
		}
		own = append(own, a)
	}
	return own, nil
}

// WriteAgreement writes the agreement of every two own-judgments files:
// Cohen's kappa per dimension over the pairs both judged.
func WriteAgreement(w io.Writer, own []*ownjudgments.Annotations) {
	for i := range own {
		for k := i + 1; k < len(own); k++ {
			kappa, items := ownjudgments.Agreement(own[i], own[k])
			fmt.Fprintf(w, "agreement of %s (%s) and %s (%s) over %d pairs both judged: Cohen's kappa", own[i].Judgments().Name,
				strings.Join(own[i].Annotators(), ", "), own[k].Judgments().Name, strings.Join(own[k].Annotators(), ", "), items)
			for n, d := range []eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence} {
				sep := ","
				if n == 0 {
					sep = ""
				}
				fmt.Fprintf(w, "%s %s %.2f", sep, d, kappa[d])
			}
			fmt.Fprintln(w)
		}
	}
}
