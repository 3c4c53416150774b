package comparative

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// StanceJudgments are the stance judgments of Task 2: for each topic and
// judged passage, stance.First, stance.Second, stance.Neutral or stance.No.
// They are immutable once read, so they may be shared between goroutines.
type StanceJudgments struct {
	labels map[string]map[string]stance.Stance // topic → passage → label
	n      int
}

// readStances reads stance judgments: lines "TOPIC 0 PASSAGE LABEL" with
// LABEL one of FIRST, SECOND, NEUTRAL and NO. Blank lines are skipped. A
// malformed line, an unknown label or a passage judged twice is an error
// naming name (the file; may be empty), the line and the field.
func readStances(r io.Reader, name string) (*StanceJudgments, error) {
	j := &StanceJudgments{labels: make(map[string]map[string]stance.Stance)}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 4 {
			return nil, &parseError{File: name, Line: line, Err: fmt.Errorf("%d fields, want 4 (topic iteration passage label)", len(f))}
		}
		var s stance.Stance
		switch f[3] {
		case "FIRST":
			s = stance.First
		case "SECOND":
			s = stance.Second
		case "NEUTRAL":
			s = stance.Neutral
		case "NO":
			s = stance.No
		default:
			return nil, &parseError{File: name, Line: line, Field: "label", Err: fmt.Errorf("%q is not FIRST, SECOND, NEUTRAL or NO", f[3])}
		}
		docs := j.labels[f[0]]
		if docs == nil {
			docs = make(map[string]stance.Stance)
			j.labels[f[0]] = docs
		}
		if _, dup := docs[f[2]]; dup {
			return nil, &parseError{File: name, Line: line, Field: "passage", Err: fmt.Errorf("topic %s judges %s twice", f[0], f[2])}
		}
		docs[f[2]] = s
		j.n++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("comparative: %s: %w", name, err)
	}
	return j, nil
}

// F1 scores the stances that runs predict as the Touché 2022 overview's
// Table 11 does: every judged passage for which a run predicts a stance
// (FIRST, SECOND, NEUTRAL or NO; Q0 is no prediction), at whatever rank,
// is compared with its judgment, and f1 is the macro-averaged F1 over the
// labels that occur among the judgments or the predictions (each label's
// F1 being 0 where its precision or recall is undefined, as scikit-learn's
// f1_score). n is the number of passages compared. With several runs (a
// team's), each judged passage counts once, with the prediction of the
// first run, in the order given, that predicts one. A run without any
// judged prediction gives n = 0 and f1 = 0.
func (j *StanceJudgments) F1(runs ...runfile.Run) (f1 float64, n int) {
	type key struct{ topic, doc string }
	pred := make(map[key]stance.Stance)
	for _, run := range runs {
		for qid, lines := range run {
			docs := j.labels[qid]
			if docs == nil {
				continue
			}
			for _, l := range lines {
				if l.Stance == stance.Unknown {
					continue
				}
				if _, judged := docs[l.DocID]; !judged {
					continue
				}
				k := key{qid, l.DocID}
				if _, seen := pred[k]; !seen {
					pred[k] = l.Stance
				}
			}
		}
	}
	truth := make([]stance.Stance, 0, len(pred))
	guess := make([]stance.Stance, 0, len(pred))
	for k, p := range pred {
		truth = append(truth, j.labels[k.topic][k.doc])
		guess = append(guess, p)
	}
	return macroF1(truth, guess), len(pred)
}

// macroF1 is scikit-learn's f1_score(average="macro") over the labels that
// occur in truth or guess.
func macroF1(truth, guess []stance.Stance) float64 {
	var labels []stance.Stance
	tp := map[stance.Stance]int{}
	nt := map[stance.Stance]int{}
	ng := map[stance.Stance]int{}
	for i := range truth {
		nt[truth[i]]++
		ng[guess[i]]++
		if truth[i] == guess[i] {
			tp[truth[i]]++
		}
	}
	for s := range nt {
		labels = append(labels, s)
	}
	for s := range ng {
		if nt[s] == 0 {
			labels = append(labels, s)
		}
	}
	if len(labels) == 0 {
		return 0
	}
	slices.Sort(labels)
	sum := 0.0
	for _, s := range labels {
		// F1 = 2tp / (|truth = s| + |guess = s|), 0 when undefined.
		if d := nt[s] + ng[s]; d > 0 {
			sum += 2 * float64(tp[s]) / float64(d)
		}
	}
	return sum / float64(len(labels))
}
