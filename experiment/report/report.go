// Package report turns an experiment into one self-contained HTML file, to
// look at the results rather than read a table: the summary table of the
// experiment, per-topic plots drawn as inline SVG, each topic's top pairs
// of every system side by side with their texts and judgments, and what
// is needed to reproduce it all.
//
//	table, err := x.Run(ctx) // x is an experiment.Experiment
//	...
//	err = report.Write(f, x, table, report.Options{Command: os.Args})
//
// The file fetches nothing (no scripts, fonts, images or styles from
// anywhere) and runs no script: it opens offline in any browser. In it:
//
//   - the summary: the table's caption (Table.Caption), then for every
//     dimension and system the columns of experiment.Table.Write's "text"
//     format (the headline figure with its 95% interval and p-value against
//     the baseline, judged@K, stance F1 and N for Task 2, a short warning),
//     and on demand those of its "wide" format, every figure: the cells are
//     Table.Columns', so the report and the table agree, in-sample marks
//     included;
//   - the plots, for one dimension and one of the three figures
//     (Options.Dimension, Options.Measure): every system's value per topic,
//     each system's per-topic difference from the baseline, sorted (better
//     topics to the left), and every dimension's means with their 95%
//     intervals. The colours are the Okabe–Ito palette, which readers with
//     any common colour-vision deficiency tell apart, and every system also
//     has its own marker shape; every plot has a title and a description
//     for screen readers, and its numbers in a table beside it;
//   - a pair viewer for every topic: its title, description and narrative,
//     and each system's top pairs in a column (Options.Top), with both
//     sentences' texts, their arguments' conclusions, the stance, the score,
//     and the judgments' label on every dimension ("unjudged" where there is
//     none, "spam" for a negative label); a pair that several systems
//     ranked is marked in each of their columns and linked to its places
//     in the others, as DiffIR does;
//   - reproducibility: each system's configuration as the library prints it
//     (its String method, else fmt's %+v), the experiment's settings, the
//     library's version (from the binary's build information, "(devel)"
//     when it has none) and the command line the caller passes.
//
// Every text from the corpus, the topics, the judgments or the caller is
// escaped (html/template) and made valid UTF-8 first: an argument holding
// "<script>" or "</svg>" shows as text. The same experiment gives the same
// bytes, except for configurations whose %+v prints pointers.
package report

import (
	"bytes"
	"cmp"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/internal/topicorder"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
)

// Options says what a report shows. The zero value is the usual choice.
type Options struct {
	// Title heads the report; "" means "Experiment".
	Title string
	// Top is the number of each system's top pairs the pair viewer shows
	// for a topic; 0 means 10.
	Top int
	// Dimension is the judged dimension the per-topic plots draw; ""
	// means the table's first (relevance, for Touché's judgments).
	Dimension eval.Dimension
	// Measure is the figure the plots draw: "judged-only" (nDCG@K over
	// the judged results alone, as Touché's official tables), "plain" (an
	// unjudged result gains nothing) or "estimated" (judged-only over exact
	// and estimated labels, eval.Estimate) or "predicted" (with
	// Experiment.Predicted); "" means the table's headline
	// (Table.Headline).
	Measure string
	// Command is the command line that made the experiment, shown in the
	// reproducibility section (os.Args, say); nil shows none.
	Command []string
}

// The figures Options.Measure names.
const (
	measureJudged    = "judged-only"
	measurePlain     = "plain"
	measureEstimated = "estimated"
	measurePredicted = "predicted"
)

//go:embed report.tmpl
var pageTemplate string

// module is the library's module path, whose version the report gives.
const module = "github.com/argsearch/argsearch"

// Write writes the report of an experiment x and the table t its Run gave.
// x supplies the texts and topics (x.Env; without one, pairs show their
// ids alone), the judgments that label the pairs (x.Judgments, else the
// Env's) and the systems' configurations (x.Systems); t supplies the
// figures and the runs. The report is built whole before anything is
// written to w.
//
// A nil w, an empty table, a Dimension the table does not hold, an
// unknown Measure or a negative Top is an error, before any work.
func Write(w io.Writer, x experiment.Experiment, t *experiment.Table, o Options) error {
	if w == nil {
		return errors.New("report: Write: a nil io.Writer")
	}
	p, err := build(x, t, o)
	if err != nil {
		return err
	}
	tmpl, err := template.New("report").Funcs(template.FuncMap{
		"n": func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) },
	}).Parse(pageTemplate)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, p); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// page is what the template renders.
type page struct {
	Title    string
	Subtitle string
	K        int
	Baseline string
	// Caption says what the p-values are (Table.Caption).
	Caption string
	// Headline names the table's headline figure (Table.Headline).
	Headline string
	// Summary is the summary table: Table.Columns(false), the columns of
	// Table.Write's "text" format, by dimension; Wide has every figure, the
	// columns of its "wide" format.
	Summary, Wide tableView
	Systems       []systemView
	Dimension     string // of the plots
	Measure       string // of the plots, in words: "judged-only nDCG@5"
	PerTopic      plot
	Diffs         []plot
	Means         []plot
	Topics        []topicView
	Pairs         int
	Repro         repro
	Note          string // why the pair viewer shows no texts, when it does not
}

// systemView is one system of the report.
type systemView struct {
	Name   string
	raw    string // the name as the table gives it
	Index  int
	Colour string
	Marker string // an SVG path of its marker, centred at 0,0
	Config string
}

// tableView is a table of the summary.
type tableView struct {
	Headers    []cellView
	Dimensions []dimensionView
}

// dimensionView is one dimension's rows of the summary.
type dimensionView struct {
	Name string
	Rows []rowView
}

// rowView is one summary row: its system, and its cells as Table.Write's
// "wide" format prints them.
type rowView struct {
	System systemView
	Cells  []cellView
}

// cellView is one cell of the summary.
type cellView struct {
	Text  string
	Num   bool // a figure, aligned right
	Best  bool // the best headline figure of its dimension
	Class string
}

// repro is the reproducibility section.
type repro struct {
	Version   string
	GoVersion string
	Command   string
	Settings  []setting
}

// setting is one line of the experiment's settings.
type setting struct {
	Name, Value string
}

// topicView is one topic of the pair viewer.
type topicView struct {
	Anchor                            string
	ID, Title, Description, Narrative string
	Scores                            []topicScore
	Columns                           []column
	Shared                            int // pairs ranked by two systems or more
}

// topicScore is a system's value on a topic, for the chosen dimension and
// figure.
type topicScore struct {
	System systemView
	Value  string
	Best   bool // the highest value on the topic (ties are all best)
}

// column is a system's top pairs for a topic.
type column struct {
	System systemView
	Cards  []card
	Lines  int // the run's lines for the topic
}

// card is one ranked pair.
type card struct {
	key         string // the pair's id as the run gives it
	Anchor      string
	Rank        int
	Score       string
	Stance      string
	DocID       string
	Labels      []labelView
	Sentences   []sentenceView
	Conclusions []conclusionView
	Shared      []sharedRef
	Group       int    // 1 + the index of the pair among the topic's shared pairs; 0 when not shared
	Via         string // the argument whose labels the pair has, for judgments of arguments
}

// labelView is a pair's label on one dimension.
type labelView struct {
	Dimension string
	Text      string
	Class     string
	Via       string // the argument the pair was mapped to, for judgments of arguments
}

// sentenceView is one sentence of a pair.
type sentenceView struct {
	ID, Text string
	Rest     string // the rest of a long text, shown on demand
	Missing  bool
}

// conclusionView is the conclusion of a pair's argument.
type conclusionView struct {
	Argument, Text string
}

// sharedRef links a card to the same pair in another system's column.
type sharedRef struct {
	System systemView
	Rank   int
	Anchor string
}

// palette is the Okabe–Ito palette, yellow last (it is faint on white).
var palette = [...]string{"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000", "#F0E442"}

// markers are the systems' marker shapes, centred at 0,0: circle, square,
// triangle, diamond, inverted triangle.
var markers = [...]string{
	"M-4.5,0a4.5,4.5 0 1,0 9,0a4.5,4.5 0 1,0 -9,0Z",
	"M-4,-4h8v8h-8Z",
	"M0,-5L4.8,3.6H-4.8Z",
	"M0,-5.5L5,0L0,5.5L-5,0Z",
	"M0,5L4.8,-3.6H-4.8Z",
}

// build gathers everything the template shows.
func build(x experiment.Experiment, t *experiment.Table, o Options) (*page, error) {
	if t == nil || len(t.Rows) == 0 {
		return nil, errors.New("report: an empty table")
	}
	if o.Top < 0 {
		return nil, fmt.Errorf("report: %d pairs per topic", o.Top)
	}
	if o.Top == 0 {
		o.Top = 10
	}
	headline := measureJudged // the table's headline (Table.Headline)
	switch t.Headline {
	case "estimated":
		headline = measureEstimated
	case "predicted":
		headline = measurePredicted
	}
	measure := cmp.Or(o.Measure, headline)
	value, err := measureValue(measure)
	if err != nil {
		return nil, err
	}
	p := &page{Title: valid(cmp.Or(o.Title, "Experiment")), K: t.K, Baseline: valid(t.Baseline), Pairs: o.Top}
	p.Caption = valid(t.Caption())
	p.Headline = headline + " nDCG@" + strconv.Itoa(t.K)

	// The systems, in the order of the rows, and the dimensions.
	var dims []string
	byDim := map[string][]experiment.Row{}
	index := map[string]int{}
	for _, r := range t.Rows {
		if _, ok := index[r.System]; !ok {
			index[r.System] = len(p.Systems)
			i := len(p.Systems)
			p.Systems = append(p.Systems, systemView{Name: valid(r.System), raw: r.System, Index: i,
				Colour: palette[i%len(palette)], Marker: markers[i%len(markers)]})
		}
		if byDim[r.Judgments] == nil {
			dims = append(dims, r.Judgments)
		}
		byDim[r.Judgments] = append(byDim[r.Judgments], r)
	}
	chosen := dims[0]
	if o.Dimension != "" {
		chosen = ""
		for _, d := range dims {
			if byDim[d][0].Dimension == o.Dimension {
				chosen = d
			}
		}
		if chosen == "" {
			return nil, fmt.Errorf("report: the table has no dimension %q", valid(string(o.Dimension)))
		}
	}
	p.Dimension = valid(chosen)
	p.Measure = measure + " nDCG@" + strconv.Itoa(t.K)
	for i := range p.Systems {
		p.Systems[i].Config = configuration(x, t, p.Systems[i].raw)
	}
	p.Summary = summary(t, false, p.Systems, index)
	p.Wide = summary(t, true, p.Systems, index)
	if env := x.Env; env != nil {
		p.Subtitle = fmt.Sprintf("%d systems on %s, %d topics", len(p.Systems), valid(env.Name), len(env.Topics))
	} else {
		p.Subtitle = fmt.Sprintf("%d systems, runs given", len(p.Systems))
	}

	// The plots.
	rows := byDim[chosen]
	p.PerTopic = perTopicPlot(rows, p.Systems, index, value, topicTitles(x), p.Measure, p.Dimension)
	base := slices.IndexFunc(rows, func(r experiment.Row) bool { return r.System == t.Baseline })
	if base >= 0 {
		for _, r := range rows {
			if r.System != t.Baseline {
				p.Diffs = append(p.Diffs, diffPlot(r, rows[base], p.Systems[index[r.System]], value, p.Measure, p.Dimension))
			}
		}
	}
	for i, d := range dims {
		p.Means = append(p.Means, meansPlot("plot-means-"+strconv.Itoa(i+1), byDim[d], p.Systems, index, measure, p.Measure, valid(d)))
	}

	// The pairs.
	p.Topics = pairViewer(x, t, p.Systems, index, rows, value, o.Top)
	if x.Env == nil || x.Env.Store == nil {
		p.Note = "The experiment has no Env, so the pairs show their ids without texts."
	}
	p.Repro = reproducibility(x, t, o)
	return p, nil
}

// measureValue returns the per-topic value a Measure names.
func measureValue(m string) (func(experiment.TopicScores) float64, error) {
	switch m {
	case measureJudged:
		return func(s experiment.TopicScores) float64 { return s.Judged }, nil
	case measurePlain:
		return func(s experiment.TopicScores) float64 { return s.NDCG }, nil
	case measureEstimated:
		return func(s experiment.TopicScores) float64 { return s.Estimated }, nil
	case measurePredicted:
		return func(s experiment.TopicScores) float64 { return s.Predicted }, nil
	}
	return nil, fmt.Errorf("report: measure %q, want judged-only, plain, estimated or predicted", valid(m))
}

// interval returns the mean and interval a Measure names in a row.
func interval(r experiment.Row, m string) eval.Interval {
	switch m {
	case measurePlain:
		return r.NDCG
	case measureEstimated:
		return r.Estimated
	case measurePredicted:
		return r.Predicted
	}
	return r.Judged
}

// summary returns a table of the summary, dimension by dimension: the
// columns of Table.Write's "text" or "wide" format (Table.Columns), the
// best headline figure of each dimension marked.
func summary(t *experiment.Table, wide bool, systems []systemView, index map[string]int) tableView {
	cols := t.Columns(wide)
	headers := make([]cellView, len(cols))
	for i, c := range cols {
		headers[i] = cellView{Text: valid(c[0]), Num: numeric(i, cols)}
	}
	headlineColumn := 2 // system, judgments, then the headline
	if wide {
		headlineColumn = 3 // run, judgments, topics, then the headline
	}
	var dims []dimensionView
	best := map[string]float64{} // the best headline figure of each dimension
	for j, r := range t.Rows {
		v, err := strconv.ParseFloat(cols[headlineColumn][1+j], 64)
		if b, ok := best[r.Judgments]; err == nil && (!ok || v > b) {
			best[r.Judgments] = v
		}
	}
	for j, r := range t.Rows {
		if len(dims) == 0 || dims[len(dims)-1].Name != valid(r.Judgments) {
			dims = append(dims, dimensionView{Name: valid(r.Judgments)})
		}
		row := rowView{System: systems[index[r.System]]}
		for i, c := range cols {
			cell := cellView{Text: valid(c[1+j]), Num: numeric(i, cols)}
			if i == headlineColumn {
				v, err := strconv.ParseFloat(c[1+j], 64)
				cell.Best = err == nil && len(t.Rows) > 1 && v == best[r.Judgments]
			}
			if c[0] == "warning" {
				cell.Class = "warning"
			}
			row.Cells = append(row.Cells, cell)
		}
		d := &dims[len(dims)-1]
		d.Rows = append(d.Rows, row)
	}
	return tableView{Headers: headers, Dimensions: dims}
}

// numeric reports whether column i of cols holds figures (aligned right):
// all but the system, the judgments and the warning.
func numeric(i int, cols [][]string) bool {
	return i > 1 && cols[i][0] != "warning"
}

// topicTitles returns the Env's topics by id.
func topicTitles(x experiment.Experiment) map[string]topics.Topic {
	m := map[string]topics.Topic{}
	if x.Env != nil {
		for _, t := range x.Env.Topics {
			m[t.ID] = t
		}
	}
	return m
}

// configuration describes a system as the library prints it.
func configuration(x experiment.Experiment, t *experiment.Table, name string) string {
	for _, s := range x.Systems {
		if s.Name != name {
			continue
		}
		if s.Run != nil {
			return describeRun(s.Run, "a run given")
		}
		if s.System == nil {
			break
		}
		if st, ok := s.System.(fmt.Stringer); ok {
			return valid(fmt.Sprintf("%T\n%s", s.System, st.String()))
		}
		if reflect.ValueOf(s.System).Kind() == reflect.Func {
			return valid(fmt.Sprintf("%T (a function: its code is its configuration)", s.System))
		}
		return valid(fmt.Sprintf("%T %+v", s.System, s.System))
	}
	if run, ok := t.Runs[name]; ok {
		return describeRun(run, "a run (its system is not known to the report)")
	}
	return "not known to the report"
}

// describeRun describes a run given rather than a system.
func describeRun(run runfile.Run, what string) string {
	lines, tag := 0, ""
	for _, id := range run.Topics() {
		lines += len(run[id])
		if tag == "" && len(run[id]) > 0 {
			tag = run[id][0].Tag
		}
	}
	return valid(fmt.Sprintf("%s: tag %s, %d topics, %d lines", what, tag, len(run), lines))
}

// reproducibility gathers the experiment's settings, the library's
// version and the command line.
func reproducibility(x experiment.Experiment, t *experiment.Table, o Options) repro {
	r := repro{Version: "(devel)", GoVersion: "unknown"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		r.GoVersion = bi.GoVersion
		r.Version = version(bi)
	}
	quoted := make([]string, len(o.Command))
	for i, a := range o.Command {
		quoted[i] = shellQuote(a)
	}
	r.Command = valid(strings.Join(quoted, " "))
	add := func(name, value string) { r.Settings = append(r.Settings, setting{name, valid(value)}) }
	if x.Env != nil {
		add("input", fmt.Sprintf("%s, %d topics", x.Env.Name, len(x.Env.Topics)))
	}
	j := x.Judgments
	if j == nil && x.Env != nil {
		j = x.Env.Judgments
	}
	if j != nil {
		dims := make([]string, len(j.Dimensions()))
		for i, d := range j.Dimensions() {
			dims[i] = string(d)
		}
		add("judgments", fmt.Sprintf("%s (%s)", cmp.Or(j.Name, "unnamed"), strings.Join(dims, ", ")))
	}
	add("cutoff", fmt.Sprintf("nDCG@%d", t.K))
	add("baseline", t.Baseline)
	add("correction", t.Correction)
	add("topics averaged", map[bool]string{false: "the judged topics each run answers", true: "every judged topic, a missing one scoring 0 (Complete)"}[x.Complete])
	add("ranking", map[bool]string{false: "by score, then document id, both descending (trec_eval)", true: "by the run's rank column (ByRank)"}[x.ByRank])
	pairs := map[string]bool{}
	for _, r := range t.Rows {
		if r.Pairs != 0 {
			pairs[r.Pairs.String()] = true
		}
	}
	if len(pairs) > 0 {
		add("pairs mapped to arguments", strings.Join(slices.Sorted(maps.Keys(pairs)), ", "))
	}
	add("bootstrap", fmt.Sprintf("%+v (zero values: 10,000 resamples, 95%%, seed 0)", x.Bootstrap))
	if x.Tag != "" {
		add("run tag", x.Tag)
	}
	add("pairs shown per topic", strconv.Itoa(o.Top))
	return r
}

// version returns the library's version in the build information: the
// main module's when the library is the main module, else the dependency's,
// with the VCS revision when the build recorded one.
func version(bi *debug.BuildInfo) string {
	v := ""
	switch {
	case bi.Main.Path == module:
		v = bi.Main.Version
	default:
		for _, d := range bi.Deps {
			if d.Path == module {
				v = d.Version
				if d.Replace != nil {
					v += " => " + d.Replace.Path + " " + d.Replace.Version
				}
			}
		}
	}
	v = cmp.Or(v, "(devel)")
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" && bi.Main.Path == module {
		v += ", revision " + rev
		if modified == "true" {
			v += " (modified)"
		}
	}
	return valid(v)
}

// shellQuote quotes an argument for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,:@%+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// valid returns s as valid UTF-8, each invalid sequence replaced by U+FFFD.
func valid(s string) string {
	return strings.ToValidUTF8(s, "\uFFFD")
}

// anchor returns the id of a topic's section: "topic-" and the topic id
// when it is made of letters, digits, '-' and '_', else of its place.
func anchor(id string, i int) string {
	if id != "" && strings.IndexFunc(id, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) < 0 {
		return "topic-" + id
	}
	return "topic-n" + strconv.Itoa(i+1)
}

// pairViewer gathers every topic's top pairs of every system.
func pairViewer(x experiment.Experiment, t *experiment.Table, systems []systemView, index map[string]int, rows []experiment.Row, value func(experiment.TopicScores) float64, k int) []topicView {
	// The topics: the Env's, in order, then any other the runs answer.
	var ids []string
	seen := map[string]bool{}
	titles := map[string]topics.Topic{}
	if x.Env != nil {
		for _, tp := range x.Env.Topics {
			if !seen[tp.ID] {
				seen[tp.ID] = true
				ids = append(ids, tp.ID)
				titles[tp.ID] = tp
			}
		}
	}
	var more []string
	for _, s := range systems {
		for _, id := range t.Runs[s.raw].Topics() {
			if !seen[id] {
				seen[id] = true
				more = append(more, id)
			}
		}
	}
	topicorder.Sort(more)
	ids = append(ids, more...)

	j := x.Judgments
	if j == nil && x.Env != nil {
		j = x.Env.Judgments
	}
	var store *corpus.Store
	if x.Env != nil {
		store = x.Env.Store
	}
	texts := newTexts(store)
	mapping := map[string]eval.Mapping{}
	for _, r := range t.Rows {
		if r.Pairs != 0 {
			mapping[r.System] = r.Pairs
		}
	}
	values := map[string]map[string]float64{} // system → topic → value
	for _, r := range rows {
		values[r.System] = map[string]float64{}
		for _, ts := range r.PerTopic {
			values[r.System][ts.Topic] = value(ts)
		}
	}

	var views []topicView
	for ti, id := range ids {
		tp := titles[id]
		v := topicView{Anchor: anchor(id, ti), ID: valid(id), Title: valid(cmp.Or(tp.Title, "Topic "+id)),
			Description: valid(tp.Description), Narrative: valid(tp.Narrative)}
		top := math.Inf(-1)
		for _, s := range systems {
			if val, ok := values[s.raw][id]; ok && val > top {
				top = val
			}
		}
		for _, s := range systems {
			val, ok := values[s.raw][id]
			if !ok {
				val = math.NaN()
			}
			v.Scores = append(v.Scores, topicScore{System: s, Value: f3(val), Best: len(systems) > 1 && val == top})
		}
		where := map[string][]sharedRef{} // pair id → its places
		for si, s := range systems {
			lines := ranked(t.Runs[s.raw][id], x.ByRank)
			col := column{System: s, Lines: len(lines)}
			for r, l := range lines[:min(k, len(lines))] {
				c := card{key: l.DocID, Anchor: fmt.Sprintf("%s-s%d-r%d", v.Anchor, si, r+1), Rank: r + 1,
					Score: strconv.FormatFloat(l.Score, 'g', 6, 64), Stance: l.Stance.String(), DocID: valid(l.DocID)}
				if l.Stance == stance.Unknown {
					c.Stance = "Q0"
				}
				c.Sentences, c.Conclusions = texts.pair(l.DocID)
				c.Labels = labels(j, id, l.DocID, mapping[s.raw])
				if len(c.Labels) > 0 {
					c.Via = c.Labels[0].Via
				}
				if !slices.ContainsFunc(c.Labels, func(l labelView) bool { return l.Class != "unjudged" }) {
					c.Labels = nil // one "unjudged" says it
				}
				where[l.DocID] = append(where[l.DocID], sharedRef{System: s, Rank: r + 1, Anchor: c.Anchor})
				col.Cards = append(col.Cards, c)
			}
			v.Columns = append(v.Columns, col)
		}
		// Link the pairs two systems or more ranked, numbered in order of
		// first appearance.
		group := map[string]int{}
		for ci := range v.Columns {
			for i := range v.Columns[ci].Cards {
				c := &v.Columns[ci].Cards[i]
				refs := where[c.key]
				if len(refs) < 2 {
					continue
				}
				if group[c.key] == 0 {
					group[c.key] = len(group) + 1
				}
				c.Group = group[c.key]
				for _, ref := range refs {
					if ref.Anchor != c.Anchor {
						c.Shared = append(c.Shared, ref)
					}
				}
			}
		}
		v.Shared = len(group)
		views = append(views, v)
	}
	return views
}
