package experiment

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/internal/topicorder"
)

// A column of a table: its header for people, its name for programs, and
// a row's value in it ("" when not computed).
type column struct {
	text, tsv string
	value     func(Row) string
}

func f4(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return fmt.Sprintf("%.4f", v)
}

func f2(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return fmt.Sprintf("%.2f", v)
}

func f0(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return fmt.Sprintf("%.0f", v)
}

// tsvColumns returns the table's columns in writeTSV's order: the first
// eleven in the order the evaluate command has always printed them, new
// ones after the warning.
func (t *Table) tsvColumns() []column {
	k := strconv.Itoa(t.K)
	p := "p (" + t.Test
	if t.Correction != "none" {
		p += ", " + strings.ToUpper(t.Correction[:1]) + t.Correction[1:]
	}
	p += ")"
	ci := func(name string, iv func(Row) eval.Interval) []column {
		return []column{
			{"CI95 low", name + "_low", func(r Row) string { return f4(iv(r).Low) }},
			{"CI95 high", name + "_high", func(r Row) string { return f4(iv(r).High) }},
		}
	}
	cols := []column{
		{"run", "run", func(r Row) string { return r.System }},
		{"judgments", "judgments", func(r Row) string { return r.Judgments }},
		{"topics", "topics", func(r Row) string { return strconv.Itoa(r.Topics) }},
		{"nDCG@" + k, "ndcg" + k, func(r Row) string { return f4(r.NDCG.Mean) }},
	}
	cols = append(cols, ci("ndcg"+k, func(r Row) eval.Interval { return r.NDCG })...)
	cols = append(cols, column{"judged-only nDCG@" + k, "judged_ndcg" + k, func(r Row) string { return f4(r.Judged.Mean) }})
	cols = append(cols, ci("judged_ndcg"+k, func(r Row) eval.Interval { return r.Judged })...)
	cols = append(cols,
		column{p + " judged-only", "p", func(r Row) string { return f4(r.JudgedP) }},
		column{"judged@" + k, "judged" + k, func(r Row) string { return f2(r.JudgedShare) }},
		column{p + " plain", "p_plain", func(r Row) string { return f4(r.P) }},
		column{"estimated judged-only nDCG@" + k, "estimated_judged_ndcg" + k, func(r Row) string { return f4(r.Estimated.Mean) }})
	cols = append(cols, ci("estimated_judged_ndcg"+k, func(r Row) eval.Interval { return r.Estimated })...)
	cols = append(cols,
		column{p + " estimated", "estimated_p", func(r Row) string { return f4(r.EstimatedP) }},
		column{"labelled@" + k, "labelled" + k, func(r Row) string { return f2(r.Labelled) }},
		column{"warning", "warning", func(r Row) string { return strings.Join(strings.Fields(r.Warning), " ") }},
		column{"depth mean", "depth" + k, func(r Row) string { return f0(r.Depth) }},
		column{"median", "depth" + k + "_median", func(r Row) string { return f0(r.DepthMedian) }},
		column{"", "p_untested", func(r Row) string { return r.Untested }},
	)
	own := fmt.Sprintf("official + %d own", t.Own)
	cols = append(cols, column{"nDCG@" + k + " " + own, "own_ndcg" + k, func(r Row) string { return f4(r.Own.Mean) }})
	cols = append(cols, ci("own_ndcg"+k, func(r Row) eval.Interval { return r.Own })...)
	cols = append(cols,
		column{p + " " + own, "own_p", func(r Row) string { return f4(r.OwnP) }},
		column{"judged@" + k + " " + own, "own_judged" + k, func(r Row) string { return f2(r.OwnShare) }},
		column{"predicted nDCG@" + k, "predicted_ndcg" + k, func(r Row) string { return f4(r.Predicted.Mean) }})
	cols = append(cols, ci("predicted_ndcg"+k, func(r Row) eval.Interval { return r.Predicted })...)
	cols = append(cols, column{p + " predicted", "predicted_p", func(r Row) string { return f4(r.PredictedP) }},
		column{"in-sample topics", "in_sample", func(r Row) string { return strconv.Itoa(r.InSample) }},
		column{"p in-sample", "p_in_sample", func(r Row) string { return strconv.FormatBool(r.InSampleP) }})
	if t.hasStance() {
		cols = append(cols,
			column{"stance F1", "stance_f1", func(r Row) string { return f4(r.StanceF1) }},
			column{"stance N", "stance_n", func(r Row) string { return strconv.Itoa(r.StanceN) }})
	}
	return cols
}

// hasStance reports whether the rows have a stance measure
// (Experiment.Stances), even one that rests on no result (stance N 0).
func (t *Table) hasStance() bool {
	return t.stances || slices.ContainsFunc(t.Rows, func(r Row) bool { return r.StanceN > 0 })
}

// inSampleMark follows a p-value that rests on in-sample figures
// (Row.InSampleP) in the text formats; the caption says what it means.
const inSampleMark = "†"

// wideColumns returns the columns of the "wide" format, in order: the
// headline measure first, each figure with its interval, p-value and what
// it rests on (labelled@K; judged@K and depth), the warning last.
func (t *Table) wideColumns() []column {
	set := map[string]column{}
	for _, c := range t.tsvColumns() {
		set[c.tsv] = c
	}
	k := strconv.Itoa(t.K)
	estimated := []string{"estimated_judged_ndcg" + k, "estimated_judged_ndcg" + k + "_low", "estimated_judged_ndcg" + k + "_high", "estimated_p", "labelled" + k}
	judged := []string{"judged_ndcg" + k, "judged_ndcg" + k + "_low", "judged_ndcg" + k + "_high", "p", "judged" + k, "depth" + k, "depth" + k + "_median"}
	plain := []string{"ndcg" + k, "ndcg" + k + "_low", "ndcg" + k + "_high", "p_plain"}
	predicted := []string{"predicted_ndcg" + k, "predicted_ndcg" + k + "_low", "predicted_ndcg" + k + "_high", "predicted_p"}
	names := []string{"run", "judgments", "topics"}
	switch t.Headline {
	case headlinePredicted:
		names = slices.Concat(names, predicted, estimated, judged, plain)
	case headlineEstimated:
		names = slices.Concat(names, estimated, judged, plain)
	default:
		names = slices.Concat(names, judged, plain, estimated)
	}
	if t.hasOwn() {
		names = append(names, "own_ndcg"+k, "own_ndcg"+k+"_low", "own_ndcg"+k+"_high", "own_p", "own_judged"+k)
	}
	if t.hasStance() {
		names = append(names, "stance_f1", "stance_n")
	}
	names = append(names, "warning")
	cols := make([]column, len(names))
	for i, n := range names {
		cols[i] = set[n]
	}
	// An untested judged-only p says why; an in-sample p is marked.
	p := set["p"]
	for i := range cols {
		if cols[i].tsv == "p" {
			cols[i].value = func(r Row) string {
				if r.Untested != "" {
					return "untested: " + r.Untested
				}
				return p.value(r)
			}
		}
		if slices.Contains([]string{"p", "p_plain", "estimated_p", "own_p", "predicted_p"}, cols[i].tsv) {
			cols[i].value = markedP(cols[i].value)
		}
	}
	return cols
}

// markedP returns value with a p-value that rests on in-sample
// figures marked.
func markedP(value func(Row) string) func(Row) string {
	return func(r Row) string {
		v := value(r)
		if r.InSampleP && v != "" && !strings.HasPrefix(v, "untested") {
			return v + inSampleMark
		}
		return v
	}
}

// textColumns returns the columns of the "text" format, which fits a
// terminal of 120 columns for system names of up to 20 characters: the
// system, the judgments, the headline figure with its interval and
// p-value, judged@K, stance F1 and N where the table has them, and a short
// warning.
func (t *Table) textColumns() []column {
	k := strconv.Itoa(t.K)
	figure, p := t.headline()
	cols := []column{
		{"system", "run", func(r Row) string { return r.System }},
		{"judgments", "judgments", func(r Row) string { return r.Judgments }},
		{t.headlineName(), "", func(r Row) string { return f4(figure(r).Mean) }},
		{"CI95", "", func(r Row) string {
			iv := figure(r)
			if math.IsNaN(iv.Low) {
				return ""
			}
			return fmt.Sprintf("%.4f-%.4f", iv.Low, iv.High)
		}},
		{"p", "", markedP(func(r Row) string {
			if t.Headline == headlineJudged && r.Untested != "" {
				return "untested"
			}
			return f4(p(r))
		})},
		{"judged@" + k, "", func(r Row) string { return f2(r.JudgedShare) }},
	}
	if t.hasStance() {
		cols = append(cols,
			column{"stance F1", "", func(r Row) string { return f4(r.StanceF1) }},
			column{"stance N", "", func(r Row) string { return strconv.Itoa(r.StanceN) }})
	}
	return append(cols, column{"warning", "", t.shortWarning})
}

// headline returns the headline figure of a row (Table.Headline) and its
// p-value.
func (t *Table) headline() (figure func(Row) eval.Interval, p func(Row) float64) {
	switch t.Headline {
	case headlinePredicted:
		return func(r Row) eval.Interval { return r.Predicted }, func(r Row) float64 { return r.PredictedP }
	case headlineEstimated:
		return func(r Row) eval.Interval { return r.Estimated }, func(r Row) float64 { return r.EstimatedP }
	}
	return func(r Row) eval.Interval { return r.Judged }, func(r Row) float64 { return r.JudgedP }
}

// headlineName names the headline figure as the tables head it.
func (t *Table) headlineName() string {
	k := strconv.Itoa(t.K)
	switch t.Headline {
	case headlinePredicted:
		return "predicted nDCG@" + k
	case headlineEstimated:
		return "estimated judged-only nDCG@" + k
	}
	return "judged-only nDCG@" + k
}

// shortWarning is a row's warnings in a few words, for the "text" format:
// "nothing judged", "in-sample N/M" (Row.InSample of M topics) or "p
// in-sample" (the baseline's figures are), and, where the headline is
// judged-only, "judged-only at ~N" (the depth of a judged-only figure whose
// judged@K is below 0.5) and why its p-value is untested.
func (t *Table) shortWarning(r Row) string {
	var ws []string
	switch {
	case r.JudgedShare == 0 && math.IsNaN(r.Depth):
		ws = append(ws, "nothing judged")
	case t.Headline == headlineJudged && r.JudgedShare < 0.5 && !math.IsNaN(r.Depth):
		ws = append(ws, fmt.Sprintf("judged-only at ~%.0f", r.Depth))
	}
	switch {
	case r.InSample > 0:
		ws = append(ws, fmt.Sprintf("in-sample %d/%d", r.InSample, len(r.PerTopic)))
	case r.InSampleP:
		ws = append(ws, "p in-sample")
	}
	if t.Headline == headlineJudged && r.Untested != "" {
		ws = append(ws, "untested: "+r.Untested)
	}
	return strings.Join(ws, "; ")
}

// hasOwn reports whether a row has figures with own judgments.
func (t *Table) hasOwn() bool {
	return slices.ContainsFunc(t.Rows, func(r Row) bool { return !math.IsNaN(r.Own.Mean) })
}

// Caption says what the table's p-values are: the test, which of them one
// correction covers, which judged-only figures are tested and, where rows
// are in-sample (Row.InSample, Row.InSampleP), what their mark means. Write's
// text formats print it above the table, wrapped at 120 columns, and the
// HTML report (experiment/report) above its summary.
func (t *Table) Caption() string {
	own := ""
	if t.hasOwn() {
		own = fmt.Sprintf(" The columns \"official + %d own\" add %d own judgments of pairs the official judgments leave unjudged; no other column uses them.", t.Own, t.Own)
	}
	tested := fmt.Sprintf("Judged-only figures are tested only where both runs' judged@%d is at least %.2f.", t.K, t.MinJudged)
	if t.MinJudged < 0 {
		tested = fmt.Sprintf("Judged-only figures are tested for every run, whatever its judged@%d.", t.K)
	}
	c := fmt.Sprintf("p: two-sided paired %s against %s over the topics both answer; %s. %s", t.Test, t.Baseline, t.Family, tested) + own
	if slices.ContainsFunc(t.Rows, func(r Row) bool { return r.InSample > 0 || r.InSampleP }) {
		c += " " + inSampleMark + " in-sample: the p-value rests on topics that its system or the baseline learned from (its warning says which), so it does not test how the system does on topics it has not seen."
	}
	return c
}

// Columns returns the columns of the "text" format (wide false) or of the
// "wide" one, in their order, as Write prints them: each its heading, then
// its cells, one for each of Table.Rows, "-" where a value is not computed
// (but in the last column, the warning, which is empty then). A cell is one
// line of valid UTF-8: runs of white space are one space, and invalid bytes
// U+FFFD. Every surface that shows a table (Write, the HTML report of
// experiment/report, the commands' summary lines) takes its cells from
// here, so they show the same figures.
func (t *Table) Columns(wide bool) [][]string {
	cols := t.textColumns()
	if wide {
		cols = t.wideColumns()
	}
	out := make([][]string, len(cols))
	for i, c := range cols {
		out[i] = make([]string, 1+len(t.Rows))
		out[i][0] = c.text
		for j, r := range t.Rows {
			// A cell is one line of valid UTF-8 (a name may hold a tab, or
			// the byte 0xff, tabwriter's escape).
			v := strings.Join(strings.Fields(strings.ToValidUTF8(c.value(r), "\uFFFD")), " ")
			if v == "" && i < len(cols)-1 {
				v = "-"
			}
			out[i][1+j] = v
		}
	}
	return out
}

// Write writes the table in a format: "text" (or "") as aligned columns
// for people, narrow enough for a terminal; "wide" as aligned columns with
// every figure; "tsv" and "json" for programs, every figure too; or
// "topics" for the per-topic values as aligned columns. Another format is
// an error.
//
// "text" and "wide" print the Caption (wrapped at 120 columns), a blank
// line, then the Columns. "text" gives each row's system, judgments, the
// headline figure (Table.Headline) with its 95% interval and p-value,
// judged@K, stance F1 and N where a row has a stance measure
// (Experiment.Stances), and a short warning; it fits 120 columns for
// system names of up to 20 characters. "wide" gives the headline measure
// first, then the other figures, each with its interval, its p-value and
// what it rests on (labelled@K for the estimate; judged@K and the mean and
// median depth for judged-only nDCG), the row's warnings in full last. "-"
// marks a value not computed (the baseline's p-values, estimates for
// judgments of arguments), an untested judged-only p-value says why, and
// a p-value that rests on in-sample figures (Row.InSampleP) is followed by
// "†".
//
// "tsv" writes tab-separated values under a header of one-token column
// names (run, judgments, topics, ndcg5, ndcg5_low, ndcg5_high,
// judged_ndcg5, judged_ndcg5_low, judged_ndcg5_high, p, judged5, p_plain,
// estimated_judged_ndcg5, estimated_judged_ndcg5_low,
// estimated_judged_ndcg5_high, estimated_p, labelled5, warning, depth5,
// depth5_median, p_untested, own_ndcg5, own_ndcg5_low, own_ndcg5_high,
// own_p, own_judged5, predicted_ndcg5, predicted_ndcg5_low,
// predicted_ndcg5_high, predicted_p, in_sample (Row.InSample), p_in_sample
// (Row.InSampleP: true or false), and stance_f1 and stance_n where a row
// has a stance measure, with the cutoff in place of 5); p is the
// judged-only p-value, and p_untested says why it is empty where it is not
// computed for a run that is not the baseline. A value not computed is an
// empty field.
//
// "json" writes one JSON object, per-topic values included; a value not
// computed (NaN) is null.
//
// "topics" writes, for each dimension and topic, every system's nDCG,
// judged-only nDCG and estimated judged-only nDCG, then its nDCG with own
// judgments and its predicted nDCG where the table has them, "-" where not
// computed.
func (t *Table) Write(w io.Writer, format string) error {
	if w == nil {
		return errors.New("experiment: Write: a nil io.Writer")
	}
	switch format {
	case "", "text":
		return t.writeText(w, false)
	case "wide":
		return t.writeText(w, true)
	case "tsv":
		return t.writeTSV(w)
	case "json":
		return t.writeJSON(w)
	case "topics":
		return t.writeTopics(w)
	}
	return fmt.Errorf("experiment: unknown table format %s (want text, wide, tsv, json or topics)", quote.Q(format))
}

// writeText writes the table in Write's "text" or "wide" format.
func (t *Table) writeText(w io.Writer, wide bool) error {
	cols := t.Columns(wide)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, line := range wrap(t.Caption(), 120) {
		fmt.Fprintln(tw, line)
	}
	fmt.Fprintln(tw)
	header := make([]string, len(cols))
	for i, c := range cols {
		header[i] = c[0]
	}
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for j := range t.Rows {
		f := make([]string, len(cols))
		for i, c := range cols {
			f[i] = c[1+j]
		}
		fmt.Fprintln(tw, strings.TrimRight(strings.Join(f, "\t"), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if wide {
		return nil
	}
	// What "nothing judged" abbreviates says why, and what to do: once for
	// each system and message, under the table.
	seen := map[string]bool{}
	for _, r := range t.Rows {
		for _, warning := range r.Warnings {
			note := r.System + ": " + warning
			if !strings.HasPrefix(warning, "nothing of the run is judged") || seen[note] {
				continue
			}
			if len(seen) == 0 {
				if _, err := fmt.Fprintln(w); err != nil {
					return err
				}
			}
			seen[note] = true
			for i, line := range wrap(note, 118) {
				if i > 0 {
					line = "  " + line
				}
				if _, err := fmt.Fprintln(w, line); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// wrap breaks text into lines of at most width bytes at spaces (a word
// longer than width gets a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// writeTSV writes the table in Write's "tsv" format.
func (t *Table) writeTSV(w io.Writer) error {
	cols := t.tsvColumns()
	bw := bufio.NewWriter(w)
	header := make([]string, len(cols))
	for i, c := range cols {
		header[i] = c.tsv
	}
	fmt.Fprintln(bw, strings.Join(header, "\t"))
	for _, r := range t.Rows {
		f := make([]string, len(cols))
		for i, c := range cols {
			f[i] = strings.Join(strings.Fields(c.value(r)), " ") // no tab or newline in a field
		}
		fmt.Fprintln(bw, strings.Join(f, "\t"))
	}
	return bw.Flush()
}

// writeTopics writes the table in Write's "topics" format.
func (t *Table) writeTopics(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	var systems []string
	seen := map[string]bool{}
	for _, r := range t.Rows {
		if !seen[r.System] {
			seen[r.System] = true
			systems = append(systems, r.System)
		}
	}
	hasPredicted := slices.ContainsFunc(t.Rows, func(r Row) bool { return !math.IsNaN(r.Predicted.Mean) })
	header := []string{"judgments", "topic"}
	for _, s := range systems {
		header = append(header, s+" nDCG@"+strconv.Itoa(t.K), "judged-only", "estimated")
		if t.hasOwn() {
			header = append(header, fmt.Sprintf("official + %d own", t.Own))
		}
		if hasPredicted {
			header = append(header, "predicted")
		}
	}
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	var dims []string
	byDim := map[string][]Row{}
	for _, r := range t.Rows {
		if byDim[r.Judgments] == nil {
			dims = append(dims, r.Judgments)
		}
		byDim[r.Judgments] = append(byDim[r.Judgments], r)
	}
	for _, d := range dims {
		values := map[string]map[string]TopicScores{} // topic → system → scores
		var topics []string
		for _, r := range byDim[d] {
			for _, ts := range r.PerTopic {
				if values[ts.Topic] == nil {
					values[ts.Topic] = map[string]TopicScores{}
					topics = append(topics, ts.Topic)
				}
				values[ts.Topic][r.System] = ts
			}
		}
		topicorder.Sort(topics)
		for _, topic := range topics {
			line := []string{d, topic}
			for _, s := range systems {
				ts, ok := values[topic][s]
				vs := []float64{ts.NDCG, ts.Judged, ts.Estimated}
				if t.hasOwn() {
					vs = append(vs, ts.Own)
				}
				if hasPredicted {
					vs = append(vs, ts.Predicted)
				}
				for _, v := range vs {
					if !ok || math.IsNaN(v) {
						line = append(line, "-")
					} else {
						line = append(line, fmt.Sprintf("%.4f", v))
					}
				}
			}
			fmt.Fprintln(tw, strings.Join(line, "\t"))
		}
	}
	return tw.Flush()
}

// writeJSON writes the table in Write's "json" format.
func (t *Table) writeJSON(w io.Writer) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "judged@5 0.03 < 0.50" as it reads
	enc.SetIndent("", "  ")
	if err := enc.Encode(jsonTable(t)); err != nil {
		return fmt.Errorf("experiment: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// jsonTable is the table with NaN values turned into nulls, which JSON has
// no number for.
func jsonTable(t *Table) any {
	n := func(v float64) *float64 {
		if math.IsNaN(v) {
			return nil
		}
		return &v
	}
	type interval struct {
		Mean *float64 `json:"mean"`
		Low  *float64 `json:"low"`
		High *float64 `json:"high"`
	}
	ci := func(i struct{ Mean, Low, High float64 }) interval {
		return interval{n(i.Mean), n(i.Low), n(i.High)}
	}
	type topic struct {
		Topic     string   `json:"topic"`
		NDCG      *float64 `json:"ndcg"`
		Judged    *float64 `json:"judged_ndcg"`
		Estimated *float64 `json:"estimated_ndcg"`
		Own       *float64 `json:"own_ndcg,omitempty"`
		Predicted *float64 `json:"predicted_ndcg,omitempty"`
	}
	type row struct {
		System      string   `json:"system"`
		Judgments   string   `json:"judgments"`
		Dimension   string   `json:"dimension"`
		Topics      int      `json:"topics"`
		NDCG        interval `json:"ndcg"`
		Judged      interval `json:"judged_ndcg"`
		JudgedShare *float64 `json:"judged_share"`
		Depth       *float64 `json:"depth"`
		Own         interval `json:"own_ndcg"`
		OwnShare    *float64 `json:"own_judged_share"`
		OwnP        *float64 `json:"own_p"`
		Predicted   interval `json:"predicted_ndcg"`
		PredictedP  *float64 `json:"predicted_p"`
		DepthMedian *float64 `json:"depth_median"`
		Estimated   interval `json:"estimated_ndcg"`
		Labelled    *float64 `json:"labelled_share"`
		P           *float64 `json:"p"`
		JudgedP     *float64 `json:"judged_p"`
		EstimatedP  *float64 `json:"estimated_p"`
		Untested    string   `json:"judged_p_untested,omitempty"`
		PerTopic    []topic  `json:"per_topic"`
		Warning     string   `json:"warning,omitempty"`
		Warnings    []string `json:"warnings"`
		InSample    int      `json:"in_sample"`
		InSampleP   bool     `json:"p_in_sample"`
		StanceF1    *float64 `json:"stance_f1,omitempty"`
		StanceN     *int     `json:"stance_n,omitempty"`
	}
	out := struct {
		K          int     `json:"k"`
		Baseline   string  `json:"baseline"`
		Correction string  `json:"correction"`
		Test       string  `json:"test"`
		Family     string  `json:"family"`
		MinJudged  float64 `json:"min_judged"`
		Headline   string  `json:"headline"`
		Own        int     `json:"own"`
		Rows       []row   `json:"rows"`
	}{K: t.K, Baseline: t.Baseline, Correction: t.Correction, Test: t.Test, Family: t.Family, MinJudged: t.MinJudged, Headline: t.Headline, Own: t.Own}
	for _, r := range t.Rows {
		jr := row{System: r.System, Judgments: r.Judgments, Dimension: string(r.Dimension), Topics: r.Topics,
			NDCG: ci(r.NDCG), Judged: ci(r.Judged), JudgedShare: n(r.JudgedShare), Estimated: ci(r.Estimated),
			Labelled: n(r.Labelled), P: n(r.P), JudgedP: n(r.JudgedP), EstimatedP: n(r.EstimatedP), Warning: r.Warning,
			Depth: n(r.Depth), DepthMedian: n(r.DepthMedian), Untested: r.Untested, Warnings: r.Warnings,
			Own: ci(r.Own), OwnShare: n(r.OwnShare), OwnP: n(r.OwnP), Predicted: ci(r.Predicted), PredictedP: n(r.PredictedP),
			InSample: r.InSample, InSampleP: r.InSampleP}
		if jr.Warnings == nil {
			jr.Warnings = []string{}
		}
		if t.hasStance() {
			jr.StanceF1, jr.StanceN = n(r.StanceF1), &r.StanceN
		}
		for _, ts := range r.PerTopic {
			jr.PerTopic = append(jr.PerTopic, topic{ts.Topic, n(ts.NDCG), n(ts.Judged), n(ts.Estimated), n(ts.Own), n(ts.Predicted)})
		}
		out.Rows = append(out.Rows, jr)
	}
	return out
}
