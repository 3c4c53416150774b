// Package phrase turns runs of terms into the phrases two texts are
// compared by, for nlp.Phrases (runs of content terms) and nlp/pos (noun
// phrases).
package phrase

import (
	"slices"
	"strings"
)

// FromRuns returns each run's last term (its head) and, for a run of two
// or more, the run joined by spaces, sorted and without repeats.
// [[nuclear power plant] [safe]] gives [nuclear power plant, plant, safe].
func FromRuns(runs [][]string) []string {
	var out []string
	for _, run := range runs {
		if len(run) == 0 {
			continue
		}
		out = append(out, run[len(run)-1])
		if len(run) > 1 {
			out = append(out, strings.Join(run, " "))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
