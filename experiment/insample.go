package experiment

import (
	"fmt"

	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
)

// trainingOf returns what s says it was trained on: the result of its
// method TrainedOn (system.Pipeline.TrainedOn), else that of the System it
// wraps (through Unwrap methods), else nil.
func trainingOf(s system.System) map[string][]string {
	for range 100 { // a chain of wrappers, not a cycle
		if l, ok := s.(interface{ TrainedOn() map[string][]string }); ok {
			return l.TrainedOn()
		}
		u, ok := s.(interface{ Unwrap() system.System })
		if !ok {
			return nil
		}
		if s = u.Unwrap(); s == nil {
			return nil
		}
	}
	return nil
}

// markInSample sets the rows' InSample from what each system was trained
// on (training, by the systems' order, which is the rows') on the
// judgments named judgments, with a warning, and InSampleP where a row or
// the baseline's is in-sample.
func markInSample(rows []Row, training []map[string][]string, judgments string, baseline int) {
	for i := range rows {
		trained := map[string]bool{}
		for _, id := range training[i][judgments] {
			trained[id] = true
		}
		for _, ts := range rows[i].PerTopic {
			if trained[ts.Topic] {
				rows[i].InSample++
			}
		}
		if n := rows[i].InSample; n > 0 {
			rows[i].Warnings = append(rows[i].Warnings, fmt.Sprintf("in-sample: its system learned from %d of these %d topics", n, len(rows[i].PerTopic)))
		}
	}
	for i := range rows {
		rows[i].InSampleP = i != baseline && (rows[i].InSample > 0 || rows[baseline].InSample > 0)
	}
}

// lines returns the number of lines of run.
func lines(run runfile.Run) int {
	n := 0
	for _, ls := range run {
		n += len(ls)
	}
	return n
}
