package experiment

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/argsearch/argsearch/runfile"
)

// columns returns the table's column names: for people (with spaces) or
// for programs (one token each). The first eleven are those the evaluate
// command has always printed.
func (t *Table) columns(tsv bool) []string {
	k := strconv.Itoa(t.K)
	if tsv {
		return []string{"run", "judgments", "topics", "ndcg" + k, "ndcg" + k + "_low", "ndcg" + k + "_high",
			"judged_ndcg" + k, "judged_ndcg" + k + "_low", "judged_ndcg" + k + "_high", "p", "judged" + k,
			"p_plain", "estimated_judged_ndcg" + k, "estimated_judged_ndcg" + k + "_low", "estimated_judged_ndcg" + k + "_high",
			"estimated_p", "labelled" + k, "warning"}
	}
	p := "p vs baseline"
	if t.Correction != "none" {
		p += " (" + strings.ToUpper(t.Correction[:1]) + t.Correction[1:] + ")"
	}
	return []string{"run", "judgments", "topics", "nDCG@" + k, "CI95 low", "CI95 high",
		"judged-only nDCG@" + k, "CI95 low", "CI95 high", p, "judged@" + k,
		"p plain", "estimated judged-only nDCG@" + k, "CI95 low", "CI95 high", "p estimated", "labelled@" + k, "warning"}
}

// fields formats a row's values; a value not computed is "".
func (r Row) fields() []string {
	f4 := func(v float64) string {
		if math.IsNaN(v) {
			return ""
		}
		return fmt.Sprintf("%.4f", v)
	}
	f2 := func(v float64) string {
		if math.IsNaN(v) {
			return ""
		}
		return fmt.Sprintf("%.2f", v)
	}
	return []string{r.System, r.Judgments, strconv.Itoa(r.Topics),
		f4(r.NDCG.Mean), f4(r.NDCG.Low), f4(r.NDCG.High),
		f4(r.Judged.Mean), f4(r.Judged.Low), f4(r.Judged.High), f4(r.JudgedP), f2(r.JudgedShare),
		f4(r.P), f4(r.Estimated.Mean), f4(r.Estimated.Low), f4(r.Estimated.High), f4(r.EstimatedP), f2(r.Labelled),
		r.Warning}
}

// WriteText writes the table as aligned columns for people: one line per
// row, "-" where a value is not computed (the baseline's p-values,
// estimates for judgments of arguments), and a row's warning last.
func (t *Table) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(t.columns(false), "\t"))
	for _, r := range t.Rows {
		f := r.fields()
		for i := range f[:len(f)-1] {
			if f[i] == "" {
				f[i] = "-"
			}
		}
		fmt.Fprintln(tw, strings.TrimRight(strings.Join(f, "\t"), "\t"))
	}
	return tw.Flush()
}

// WriteTSV writes the table as tab-separated values for programs, under a
// header of one-token column names (run, judgments, topics, ndcg5,
// ndcg5_low, ndcg5_high, judged_ndcg5, judged_ndcg5_low, judged_ndcg5_high,
// p, judged5, p_plain, estimated_judged_ndcg5, estimated_judged_ndcg5_low,
// estimated_judged_ndcg5_high, estimated_p, labelled5, warning, with the
// cutoff in place of 5); p is the judged-only p-value. A value not computed
// is an empty field.
func (t *Table) WriteTSV(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, strings.Join(t.columns(true), "\t"))
	for _, r := range t.Rows {
		f := r.fields()
		f[len(f)-1] = strings.Join(strings.Fields(f[len(f)-1]), " ") // no tab or newline in the warning
		fmt.Fprintln(bw, strings.Join(f, "\t"))
	}
	return bw.Flush()
}

// WriteTopics writes the per-topic values as aligned columns: for each
// dimension and topic, every system's nDCG, judged-only nDCG and estimated
// judged-only nDCG, "-" where not computed.
func (t *Table) WriteTopics(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	var systems []string
	seen := map[string]bool{}
	for _, r := range t.Rows {
		if !seen[r.System] {
			seen[r.System] = true
			systems = append(systems, r.System)
		}
	}
	header := []string{"judgments", "topic"}
	for _, s := range systems {
		header = append(header, s+" nDCG@"+strconv.Itoa(t.K), "judged-only", "estimated")
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
		runfile.SortTopics(topics)
		for _, topic := range topics {
			line := []string{d, topic}
			for _, s := range systems {
				ts, ok := values[topic][s]
				for _, v := range []float64{ts.NDCG, ts.Judged, ts.Estimated} {
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

// WriteJSON writes the table as one JSON object, per-topic values
// included; a value not computed (NaN) is null.
func (t *Table) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(jsonTable(t), "", "  ")
	if err != nil {
		return fmt.Errorf("experiment: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
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
	}
	type row struct {
		System      string   `json:"system"`
		Judgments   string   `json:"judgments"`
		Dimension   string   `json:"dimension"`
		Topics      int      `json:"topics"`
		NDCG        interval `json:"ndcg"`
		Judged      interval `json:"judged_ndcg"`
		JudgedShare *float64 `json:"judged_share"`
		Estimated   interval `json:"estimated_ndcg"`
		Labelled    *float64 `json:"labelled_share"`
		P           *float64 `json:"p"`
		JudgedP     *float64 `json:"judged_p"`
		EstimatedP  *float64 `json:"estimated_p"`
		PerTopic    []topic  `json:"per_topic"`
		Warning     string   `json:"warning,omitempty"`
	}
	out := struct {
		K          int    `json:"k"`
		Baseline   string `json:"baseline"`
		Correction string `json:"correction"`
		Rows       []row  `json:"rows"`
	}{K: t.K, Baseline: t.Baseline, Correction: t.Correction}
	for _, r := range t.Rows {
		jr := row{System: r.System, Judgments: r.Judgments, Dimension: string(r.Dimension), Topics: r.Topics,
			NDCG: ci(r.NDCG), Judged: ci(r.Judged), JudgedShare: n(r.JudgedShare), Estimated: ci(r.Estimated),
			Labelled: n(r.Labelled), P: n(r.P), JudgedP: n(r.JudgedP), EstimatedP: n(r.EstimatedP), Warning: r.Warning}
		for _, ts := range r.PerTopic {
			jr.PerTopic = append(jr.PerTopic, topic{ts.Topic, n(ts.NDCG), n(ts.Judged), n(ts.Estimated)})
		}
		out.Rows = append(out.Rows, jr)
	}
	return out
}
