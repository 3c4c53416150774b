package eval

import (
	"fmt"
	"io"

	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"
)

// ZScores holds, for each topic and value name, the mean and standard
// deviation that trec_eval's -Z option turns values into z-scores with:
// with Options.ZScores set, Evaluate replaces each topic's value v by
// (v - mean) / sd before averaging, and WriteTrecEval prefixes the
// measure names with "Z". As in trec_eval, a value whose topic or name the
// file lacks becomes -1000000, and so does one whose sd is 0 unless v
// equals the mean (which gives 0). Read them with ReadZScores; a ZScores
// is never modified, so it may be shared.
type ZScores struct {
	topics map[string]map[string]meanSD
}

type meanSD struct{ mean, sd float64 }

// missingZScore is the value trec_eval gives a value it has no mean for.
const missingZScore = -1000000

// ReadZScores reads a z-score file as trec_eval -Z reads it: one "qid
// measure mean sd" line per value, separated by white space, measure
// spelled as Evaluation.Names spells it ("P_5"). mean and sd are read as C's
// atof reads them. Blank lines and lines starting with '#' are skipped; a line with another number of
// fields, or a (qid, measure) given twice, is a *ParseError.
func ReadZScores(r io.Reader) (*ZScores, error) {
	z := &ZScores{topics: make(map[string]map[string]meanSD)}
	err := lines(nilio.Reader(r, "eval"), func(line int, f []string) error {
		if len(f) != 4 {
			return &ParseError{Line: line, Err: fmt.Errorf("%d fields, want 4 (qid measure mean sd): %w", len(f), errZScoreLine)}
		}
		t := z.topics[f[0]]
		if t == nil {
			t = make(map[string]meanSD)
			z.topics[f[0]] = t
		}
		if _, dup := t[f[1]]; dup {
			return &ParseError{Line: line, Field: "measure", Err: fmt.Errorf("topic %s, measure %s given twice: %w", quote.Q(f[0]), quote.Q(f[1]), errZScoreLine)}
		}
		t[f[1]] = meanSD{atof(f[2]), atof(f[3])}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return z, nil
}

// convert replaces a topic's values, named by names, by their z-scores.
func (z *ZScores) convert(topic string, names []string, values []float64) {
	t := z.topics[topic]
	for i, name := range names {
		s, ok := t[name]
		switch {
		case !ok:
			values[i] = missingZScore
		case s.sd != 0:
			values[i] = (values[i] - s.mean) / s.sd
		case values[i] == s.mean:
			values[i] = 0
		default:
			values[i] = missingZScore
		}
	}
}
