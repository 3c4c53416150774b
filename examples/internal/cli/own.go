package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
)

// ReadOwnJudgments reads own-judgments files (examples/judge writes them;
// package eval/own reads them), the -judgments files of evaluate and
// experiment.
func ReadOwnJudgments(files []string) ([]*own.Annotations, error) {
	var as []*own.Annotations
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		a, err := own.Read(f, path)
		f.Close()
		if err != nil {
			return nil, err
		}
		as = append(as, a)
	}
	return as, nil
}

// WriteAgreement writes the agreement of every two own-judgments files:
// Cohen's kappa per dimension over the pairs both judged.
func WriteAgreement(w io.Writer, as []*own.Annotations) {
	for i := range as {
		for k := i + 1; k < len(as); k++ {
			kappa, items := own.Agreement(as[i], as[k])
			fmt.Fprintf(w, "agreement of %s (%s) and %s (%s) over %d pairs both judged: Cohen's kappa", as[i].Judgments().Name,
				strings.Join(as[i].Annotators(), ", "), as[k].Judgments().Name, strings.Join(as[k].Annotators(), ", "), items)
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
