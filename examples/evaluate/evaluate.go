package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/unjudged"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/gunzip"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/system"
)

// measureList collects repeated -m flags.
type measureList []eval.Measure

func (m *measureList) String() string {
	s := make([]string, len(*m))
	for i, x := range *m {
		s[i] = x.String()
	}
	return strings.Join(s, " ")
}

func (m *measureList) Set(v string) error {
	x, err := eval.ParseMeasure(v)
	if err != nil {
		return err
	}
	*m = append(*m, x)
	return nil
}

// nameList collects repeated -name flags.
type nameList []string

func (n *nameList) String() string { return strings.Join(*n, " ") }

func (n *nameList) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("an empty name")
	}
	*n = append(*n, v)
	return nil
}

// config holds the parsed command line.
type config struct {
	measures   measureList
	perTopic   bool
	complete   bool
	judgedOnly bool
	maxRet     int    // trec_eval mode: -M
	level      int    // trec_eval mode: -l
	zscores    string // trec_eval mode: -Z
	trecEval   bool   // trec_eval mode: -m given, or just QRELS and RUN
	year       int
	qrels      string
	seed       uint64
	resamples  int
	files      []string
	names      nameList
	baseline   string
	pairs      string // "", "first" or "best"
	order      string // table mode: "score" or "rank"
	format     string // table mode: "table", "tsv" or "json"
	wide       bool   // table mode: -wide
	perTopics  bool   // table mode: -per-topic
	correction string // table mode
	test       string // table mode: ttest, permutation or wilcoxon
	minJudged  float64
	dimension  string   // trec_eval mode with -year
	own        nameList // table mode: -judgments files
	input      string   // table mode: -i, the texts the prediction learns from
	predict    bool     // table mode: -predict
	validate   bool     // -validate-estimated
}

const usage = `evaluate [-q] [-c] [-J] [-M N] [-l LEVEL] [-Z FILE] [-pairs P] [-m MEASURE]... QRELS RUN
evaluate -year 2020|2021|2022 [-dimension DIMENSION] [trec_eval flags] -m MEASURE... RUN
evaluate (-year 2020|2021|2022 | -qrels FILE) [-format table|tsv|json] [-wide] [flags] RUN...
evaluate -validate-estimated [-year 2022]`

const about = `Evaluate scores TREC runs (plain or gzipped) against relevance judgments, in two modes.

With -m, or with just QRELS and RUN (trec_eval mode), it prints exactly the lines trec_eval 10.0 prints for the same options; -q, -c, -J, -M, -l and -Z are trec_eval's (-q gives each topic's values; it does not mean quiet). With -year, RUN alone is scored against that year's official judgments, embedded in the module (-dimension).

Without -m (table mode) it prints the Touché table of the runs, as the experiment command prints it: for each run and judged dimension the headline nDCG@5 (for 2022 the predicted one) with its 95% interval and the p-value of a paired test against the baseline run, judged@5 and a warning where the figure means little; -wide, -format tsv and -format json give every figure. -judgments adds own judgments (examples/judge) in columns of their own.

-validate-estimated checks the estimate of unjudged pairs on the official 2022 judgments.`

// run runs the command with args (without the program name) and returns
// the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := cli.New("evaluate", usage, about, stdout, stderr)
	cmd.MinArgs, cmd.MaxArgs = 0, -1
	c := define(cmd)
	return cmd.Run(splitShortFlags(cmd.Flags, args), func(files []string) error {
		c.files = files
		switch {
		case c.validate:
			return validate(c, stdout)
		case c.trecEval:
			return trecEval(c, stdout, stderr)
		}
		return toucheTable(c, stdout, stderr)
	})
}

// define defines the flags on cmd, with the checks of how they combine.
func define(cmd *cli.Command) *config {
	c := &config{}
	fs := cmd.Flags
	fs.Var(&c.measures, "m", "trec_eval mode: a `measure`, in trec_eval's syntax or ir_measures' (repeatable)")
	fs.BoolVar(&c.perTopic, "q", false, "trec_eval mode: print each topic's values too (as trec_eval -q)")
	fs.BoolVar(&c.complete, "c", false, "average over all judged topics; a missing topic scores 0 (both modes)")
	fs.BoolVar(&c.judgedOnly, "J", false, "trec_eval mode: drop unjudged documents from the rankings")
	fs.IntVar(&c.maxRet, "M", 0, "trec_eval mode: evaluate at most `N` documents of each topic")
	fs.IntVar(&c.level, "l", 1, "trec_eval mode: the least label of a relevant document (`level`, at least 1)")
	fs.StringVar(&c.zscores, "Z", "", "trec_eval mode: print z-scores, from this `file` of \"qid measure mean sd\" lines")
	fs.IntVar(&c.year, "year", 0, "use the embedded official Touché Task 1 judgments of this `year`")
	fs.StringVar(&c.qrels, "qrels", "", "table mode: the judgments `file` (qid 0 docid label)")
	fs.StringVar(&c.baseline, "baseline", "", "table mode: the `run` the others are tested against (default: the first RUN)")
	fs.Var(&c.names, "name", "table mode: the `label` of the next RUN's rows (repeatable)")
	fs.Uint64Var(&c.seed, "seed", 0, "table mode: the `seed` of the bootstrap and the permutation test")
	fs.StringVar(&c.test, "test", "ttest", "table mode: the paired significance `test`: ttest, permutation or wilcoxon")
	fs.Float64Var(&c.minJudged, "min-judged", 0, "table mode: least judged@5 for a judged-only p-value (`share`; 0 means 0.2, negative: any)")
	fs.StringVar(&c.input, "i", "", "table mode, 2022: a TIRA input `dir` whose texts the predictor learns from")
	fs.BoolVar(&c.predict, "predict", true, "table mode, 2022: lead with the predicted nDCG@5 (false: the estimate)")
	fs.Var(&c.own, "judgments", "table mode: an own-judgments `file` (examples/judge; repeatable)")
	fs.StringVar(&c.dimension, "dimension", "relevance", "trec_eval mode with -year: the `dimension` (relevance, quality, coherence)")
	cmd.IntVar(&c.resamples, "resamples", 10000, 100, 10_000_000, "table mode: bootstrap resamples")
	fs.StringVar(&c.pairs, "pairs", "", "map pairs (or sentences) to arguments before scoring: `first` or best")
	fs.StringVar(&c.order, "order", "score", "table mode: rank each topic's documents by `score` (as trec_eval) or rank")
	fs.StringVar(&c.format, "format", "table", "table mode: `table` (for people), tsv (for programs) or json")
	fs.BoolVar(&c.wide, "wide", false, "table mode: the aligned table with every figure (as tsv and json have them)")
	fs.BoolVar(&c.perTopics, "per-topic", false, "table mode: print each topic's values after the table")
	fs.StringVar(&c.correction, "correction", "bonferroni", "table mode: adjust the p-values: `bonferroni`, holm or none")
	fs.BoolVar(&c.validate, "validate-estimated", false, "validate the estimate of unjudged pairs on the 2022 judgments")
	cmd.Check(func() error {
		set := make(map[string]bool)
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if c.pairs != "" && c.pairs != "first" && c.pairs != "best" {
			return cli.Usagef("-pairs %q, want first or best", c.pairs)
		}
		if c.validate {
			for name := range set {
				if name != "validate-estimated" && name != "year" {
					return cli.Usagef("-%s does not go with -validate-estimated", name)
				}
			}
			if set["year"] && c.year != 2022 {
				return cli.Usagef("-validate-estimated: only 2022 judges sentence pairs, not -year %d", c.year)
			}
			if fs.NArg() > 0 {
				return cli.Usagef("-validate-estimated takes no files")
			}
			return nil
		}
		tableFlags := []string{"i", "predict", "year", "qrels", "baseline", "seed", "resamples", "order", "format", "wide", "name", "per-topic", "correction", "test", "min-judged", "judgments"}
		c.trecEval = len(c.measures) > 0 || fs.NArg() == 2 && !slices.ContainsFunc(tableFlags, func(n string) bool { return set[n] })
		if c.trecEval {
			for _, name := range tableFlags {
				if set[name] && name != "year" {
					return cli.Usagef("-%s is for the Touché table, not with -m", name)
				}
			}
			switch {
			case set["year"] && (c.year < 2020 || c.year > 2022):
				return cli.Usagef("no embedded judgments for -year %d (have 2020, 2021, 2022)", c.year)
			case set["year"] && fs.NArg() != 1:
				return cli.Usagef("trec_eval mode with -year takes RUN alone (the judgments are embedded), got %d files", fs.NArg())
			case !set["year"] && fs.NArg() != 2:
				return cli.Usagef("trec_eval mode takes QRELS and RUN, got %d files", fs.NArg())
			case set["dimension"] && !set["year"]:
				return cli.Usagef("-dimension goes with -year (QRELS holds one dimension)")
			}
			if set["M"] && c.maxRet < 1 {
				return cli.Usagef("-M %d: want at least 1", c.maxRet)
			}
			if c.level < 1 {
				return cli.Usagef("-l %d: levels below 1 are not supported", c.level)
			}
			if len(c.measures) == 0 {
				c.measures = measureList{{Name: "official"}}
			}
			return nil
		}
		for _, name := range []string{"q", "J", "M", "l", "Z", "dimension"} {
			if set[name] {
				return cli.Usagef("-%s needs trec_eval mode (give -m, or QRELS and RUN without -year and -qrels)", name)
			}
		}
		switch {
		case set["year"] && set["qrels"]:
			return cli.Usagef("give -year or -qrels, not both")
		case !set["year"] && !set["qrels"]:
			return cli.Usagef("give -year or -qrels (or -m for trec_eval mode)")
		case set["year"] && (c.year < 2020 || c.year > 2022):
			return cli.Usagef("no embedded judgments for -year %d (have 2020, 2021, 2022)", c.year)
		}
		if c.order != "score" && c.order != "rank" {
			return cli.Usagef("-order %q, want score or rank", c.order)
		}
		if c.format != "table" && c.format != "tsv" && c.format != "json" {
			return cli.Usagef("-format %q, want table, tsv or json", c.format)
		}
		if c.wide && c.format != "table" {
			return cli.Usagef("-wide goes with -format table (-format %s gives every figure)", c.format)
		}
		if c.correction != "bonferroni" && c.correction != "holm" && c.correction != "none" {
			return cli.Usagef("-correction %q, want bonferroni, holm or none", c.correction)
		}
		if c.test != "ttest" && c.test != "permutation" && c.test != "wilcoxon" {
			return cli.Usagef("-test %q, want ttest, permutation or wilcoxon", c.test)
		}
		if !(c.minJudged <= 1) {
			return cli.Usagef("-min-judged %v, want a share up to 1 (0 means 0.2, a negative value tests every run)", c.minJudged)
		}
		if fs.NArg() == 0 {
			return cli.Usagef("no run files")
		}
		if len(c.names) > fs.NArg() {
			return cli.Usagef("%d -name flags for %d run files", len(c.names), fs.NArg())
		}
		return nil
	})
	return c
}

// trecEval prints trec_eval's lines for one qrels and one run file. A run
// of which nothing is judged is scored (zeros, as trec_eval prints them)
// with a warning on stderr.
func trecEval(c *config, w, stderr io.Writer) error {
	q, qrelsName, runFile, err := c.trecEvalInputs()
	if err != nil {
		return err
	}
	r, runID, err := readLenient(runFile)
	if err != nil {
		return err
	}
	if len(r) == 0 { // trec_eval: "No queries with both results and relevance info"
		return fmt.Errorf("%s: the run is empty", runFile)
	}
	opt := eval.Options{Measures: c.measures, Complete: c.complete, JudgedOnly: c.judgedOnly,
		MaxRetrieved: c.maxRet, RelevanceLevel: c.level, RunID: runID}
	opt.Pairs = mapping(c.pairs)
	if c.zscores != "" {
		if opt.ZScores, err = readZScores(c.zscores); err != nil {
			return err
		}
	}
	e, err := eval.Evaluate(q, r, opt)
	if errors.Is(err, eval.ErrNothingJudged) {
		fmt.Fprintf(stderr, "evaluate: warning: %s against %s: %s\n", runFile, qrelsName, strings.TrimPrefix(err.Error(), "eval: "))
		err = nil
	}
	if err != nil {
		return err
	}
	return e.WriteTrecEval(w, c.perTopic)
}

// trecEvalInputs returns the judgments of trec_eval mode, their name for
// messages, and the run file: QRELS and RUN, or with -year the embedded
// judgments of -dimension and RUN.
func (c *config) trecEvalInputs() (*eval.Qrels, string, string, error) {
	if c.year == 0 {
		q, err := readQrels(c.files[0])
		return q, filepath.Base(c.files[0]), c.files[1], err
	}
	j, err := eval.Official(c.year)
	if err != nil {
		return nil, "", "", err
	}
	q := j.Qrels(eval.Dimension(c.dimension))
	if q == nil {
		return nil, "", "", cli.Usagef("-dimension %q: the %d judgments have %v", c.dimension, c.year, j.Dimensions())
	}
	return q, fmt.Sprintf("the official %d %s judgments", c.year, c.dimension), c.files[0], nil
}

// toucheTable prints the Touché table of every run file: an experiment
// (package experiment) of runs made before.
func toucheTable(c *config, w, stderr io.Writer) error {
	ctx := context.Background()
	var j *eval.Judgments
	var err error
	if c.qrels != "" {
		q, err := readQrels(c.qrels)
		if err != nil {
			return err
		}
		if j, err = eval.NewJudgments("", []eval.Dimension{eval.Dimension(strings.TrimSuffix(filepath.Base(c.qrels), ".gz"))}, []*eval.Qrels{q}); err != nil {
			return err
		}
	} else if j, err = eval.Official(c.year); err != nil {
		return err
	}
	files, names := c.files, c.names
	baseline := 0 // the first run, unless -baseline names another
	if c.baseline != "" {
		baseline = slices.IndexFunc(files, func(f string) bool { return sameFile(f, c.baseline) })
		if baseline < 0 { // a baseline that is not among the runs, and has no -name
			files = append([]string{c.baseline}, files...)
			names = append([]string{""}, names...)
			baseline = 0
		}
	}
	runs := make([]runfile.Run, len(files))
	for i, f := range files {
		if runs[i], err = runfile.ReadFile(f); err != nil {
			return err
		}
		if len(runs[i]) == 0 {
			return fmt.Errorf("%s: the run is empty", f)
		}
		if !sharesTopic(j, runs[i]) {
			return fmt.Errorf("%s: no topic of the run is judged in the %s judgments (wrong -year?)", f, judgmentsName(j))
		}
	}
	labels := runLabels(files, runs, names)
	own, err := cli.ReadOwnJudgments(c.own)
	if err != nil {
		return err
	}
	x := experiment.Experiment{
		Judgments:  j,
		Complete:   c.complete,
		Correction: c.correction,
		Bootstrap:  eval.Bootstrap{Seed: c.seed, Resamples: c.resamples},
		Test:       eval.PairedTest{Method: c.test, Seed: c.seed},
		MinJudged:  c.minJudged,
	}
	for _, a := range own {
		x.Own = append(x.Own, a.Judgments())
	}
	if c.predict && judgesPairs(j) {
		env, err := system.Open(ctx, system.Input{Dir: c.input})
		if err != nil {
			return err
		}
		defer env.Close()
		enc, err := use.Load()
		if err != nil {
			return err
		}
		model, err := unjudged.Train(ctx, j, env.Store, env.Topics, enc)
		if err != nil {
			return fmt.Errorf("predicting unjudged pairs: %w", err)
		}
		x.Predicted = model
	}
	x.Pairs = mapping(c.pairs)
	x.ByRank = c.order == "rank"
	// The baseline's rows come first, whatever its place among RUN....
	x.Systems = append(x.Systems, experiment.System{Name: labels[baseline], Run: runs[baseline], TrainedOn: trainedOn(runTag(runs[baseline]))})
	for i := range files {
		if i != baseline {
			x.Systems = append(x.Systems, experiment.System{Name: labels[i], Run: runs[i], TrainedOn: trainedOn(runTag(runs[i]))})
		}
	}
	t, err := x.Run(ctx)
	if err != nil {
		return err
	}
	for _, row := range t.Rows {
		if row.Warning != "" {
			fmt.Fprintf(stderr, "evaluate: warning: %s against %s: %s\n", row.System, row.Judgments, row.Warning)
		}
	}
	switch c.format {
	case "tsv":
		cli.WriteAgreement(stderr, own) // stdout is for programs
		return t.Write(w, "tsv")
	case "json":
		cli.WriteAgreement(stderr, own)
		return t.Write(w, "json")
	}
	format := "text"
	if c.wide {
		format = "wide"
	}
	if err := t.Write(w, format); err != nil {
		return err
	}
	if len(own) > 1 {
		fmt.Fprintln(w)
		cli.WriteAgreement(w, own)
	}
	if c.perTopics {
		fmt.Fprintln(w)
		return t.Write(w, "topics")
	}
	return nil
}

// validate prints the leave-one-out validation of the estimates of
// unjudged pairs on the official 2022 judgments.
func validate(_ *config, w io.Writer) error {
	j, err := eval.Official(2022)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "Estimates of unjudged Touché 2022 pairs, validated on the official judgments: each judged pair whose two sentences occur in other judged pairs of its topic is estimated from those other pairs (the fitted estimate is also fit without the pair's topic), and compared with its true label.")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-10s %-9s %6s %6s %8s %6s\n", "dimension", "estimate", "pairs", "judged", "Pearson", "MAE")
	for _, d := range j.Dimensions() {
		fitted, err := eval.FitEstimate(j, d)
		if err != nil {
			return err
		}
		for _, e := range []struct {
			name string
			est  *eval.Estimate
		}{{"mean", eval.NewEstimate(j.Qrels(d))}, {"fitted", fitted}} {
			pearson, mae, pairs, err := e.est.LeaveOneOut()
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%-10s %-9s %6d %6d %8.4f %6.4f\n", d, e.name, pairs, j.Qrels(d).Len(), pearson, mae)
		}
	}
	return nil
}

// mapping returns the eval.Mapping -pairs names: first, best, or none.
func mapping(pairs string) eval.Mapping {
	switch pairs {
	case "first":
		return eval.FirstSentence
	case "best":
		return eval.BestJudged
	}
	return 0
}

// sharesTopic reports whether the run has results for a judged topic.
func sharesTopic(j *eval.Judgments, r runfile.Run) bool {
	for _, d := range j.Dimensions() {
		for _, t := range j.Qrels(d).Topics() {
			if _, ok := r[t]; ok {
				return true
			}
		}
	}
	return false
}

// judgmentsName names judgments in a message.
func judgmentsName(j *eval.Judgments) string {
	if j.Name != "" {
		return j.Name
	}
	return string(j.Dimensions()[0])
}

// runLabels labels the runs: by -name where one is given (names[i], in
// the order of the files), else by the run tag where it tells the run from
// the others, else by the shortest part of the path that does. No two
// labels are equal.
func runLabels(files []string, runs []runfile.Run, names []string) []string {
	labels := make([]string, len(files))
	tags := make([]string, len(files))
	count := map[string]int{}
	for i, r := range runs {
		tags[i] = runTag(r)
		count[tags[i]]++
	}
	var byPath []int
	for i := range files {
		switch {
		case i < len(names) && names[i] != "":
			labels[i] = names[i]
		case tags[i] != "" && count[tags[i]] == 1:
			labels[i] = tags[i]
		default:
			byPath = append(byPath, i)
		}
	}
	for _, i := range byPath {
		labels[i] = shortestPath(files[i], files, byPath)
	}
	for i := range labels {
		labels[i] = uniqueLabel(labels[i], labels[:i])
	}
	return labels
}

// trainedOn returns the judged topics that the library's system whose
// command writes run tag tag by default learned from (system.Pipeline's
// TrainedOn): "argsearch-advanced" is system.Advanced, "argsearch-NAME" the
// recipe NAME. Other tags, own systems' among them, name no topics; their
// rows are not marked.
func trainedOn(tag string) map[string][]string {
	name, ok := strings.CutPrefix(tag, "argsearch-")
	if !ok {
		return nil
	}
	var sys system.System = system.Advanced()
	if name != "advanced" {
		r, err := system.FindRecipe(name)
		if err != nil {
			return nil
		}
		sys = r.System
	}
	if l, ok := sys.(interface{ TrainedOn() map[string][]string }); ok {
		return l.TrainedOn()
	}
	return nil
}

// runTag returns the tag of a run's first line, or "".
func runTag(r runfile.Run) string {
	for _, t := range r.Topics() {
		if len(r[t]) > 0 {
			return r[t][0].Tag
		}
	}
	return ""
}

// shortestPath returns the fewest trailing elements of file's path (its
// extension dropped) that no other file among others ends with.
func shortestPath(file string, files []string, others []int) string {
	parts := func(p string) []string {
		p = filepath.ToSlash(filepath.Clean(p))
		p = strings.TrimSuffix(p, filepath.Ext(p))
		return strings.Split(p, "/")
	}
	mine := parts(file)
	for n := 1; n <= len(mine); n++ {
		suffix := strings.Join(mine[len(mine)-n:], "/")
		clash := false
		for _, o := range others {
			if files[o] == file {
				continue
			}
			theirs := parts(files[o])
			if len(theirs) >= n && strings.Join(theirs[len(theirs)-n:], "/") == suffix {
				clash = true
				break
			}
		}
		if !clash {
			return suffix
		}
	}
	return strings.Join(mine, "/")
}

// uniqueLabel returns label, or label with "#2", "#3", … when it is taken.
func uniqueLabel(label string, taken []string) string {
	l := label
	for n := 2; slices.Contains(taken, l); n++ {
		l = fmt.Sprintf("%s#%d", label, n)
	}
	return l
}

// sameFile reports whether two paths name the same file.
func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

func readQrels(path string) (*eval.Qrels, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	q, err := eval.ReadQrels(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return q, nil
}

func readZScores(path string) (*eval.ZScores, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := eval.ReadZScores(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return z, nil
}

// readLenient reads a run file as trec_eval does, for trec_eval mode
// (table mode reads strictly, with runfile.ReadFile), plain or gzipped as
// runfile.ReadFile reads it: comment lines
// (starting with '#' after any white space) are skipped, text after the
// sixth field is ignored, and the rest is read by runfile.Reader with
// Lenient set. It returns the run and the tag of its last line, which
// trec_eval prints as its runid. A document listed twice for a topic is
// left for eval.Evaluate to report, which, as trec_eval, looks for
// duplicates only among the documents it evaluates (-M).
func readLenient(path string) (runfile.Run, string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	// A gzipped run (told by its magic bytes) is read as runfile reads it.
	if data, err = gunzip.Bytes(data); err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	return parseLenient(data, path)
}

// parseLenient reads a run file's contents as readLenient does; name names
// it in errors.
func parseLenient(data []byte, name string) (runfile.Run, string, error) {
	rd := runfile.NewReader(bytes.NewReader(trecEvalLines(data)))
	rd.Name = name
	rd.Lenient = true
	// One slice holds every line; a topic whose lines are contiguous, as
	// they usually are, is a part of it.
	lines := make([]runfile.Line, 0, bytes.Count(data, []byte("\n"))+1)
	run := make(runfile.Run)
	start := 0
	flush := func() {
		if start == len(lines) {
			return
		}
		qid := lines[start].QID
		if prev, ok := run[qid]; ok {
			run[qid] = append(prev[:len(prev):len(prev)], lines[start:]...)
		} else {
			run[qid] = lines[start:len(lines):len(lines)]
		}
		start = len(lines)
	}
	for {
		l, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "", err
		}
		if start < len(lines) && l.QID != lines[start].QID {
			flush()
		}
		lines = append(lines, l)
	}
	flush()
	runID := ""
	if len(lines) > 0 {
		runID = lines[len(lines)-1].Tag
	}
	return run, runID, nil
}

// trecEvalLines returns a run file's text with what trec_eval ignores
// blanked out, line numbers kept: a comment line becomes empty, and a line
// of more than six fields loses what follows the sixth. It returns data
// itself when nothing is to be blanked out.
func trecEvalLines(data []byte) []byte {
	var out []byte // nil until a line changes
	whole := data
	// A line with at most five spaces and tabs, and none of the other
	// white space, has at most six fields: the common case, checked fast.
	rareSpace := bytes.IndexByte(data, '\v') >= 0 || bytes.IndexByte(data, '\f') >= 0
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		body := bytes.TrimRight(line, "\n")
		trimmed := bytes.TrimLeft(body, " \t\v\f\r")
		keep := len(body) // the part of body to keep
		switch {
		case len(trimmed) > 0 && trimmed[0] == '#':
			keep = 0
		case !rareSpace && bytes.Count(body, []byte{' '})+bytes.Count(body, []byte{'\t'})+bytes.Count(body, []byte{'\r'}) <= 5:
		default:
			keep = sixFields(body)
		}
		if keep < len(body) && out == nil {
			done := len(whole) - len(data) - len(line)
			out = append(make([]byte, 0, len(whole)), whole[:done]...)
		}
		if out != nil {
			out = append(out, body[:keep]...)
			out = append(out, line[len(body):]...)
		}
	}
	if out == nil {
		return whole
	}
	return out
}

// sixFields returns the end of the sixth whitespace-separated field of a
// line (C's isspace) if a seventh follows, else len(line).
func sixFields(line []byte) int {
	n, end := 0, -1
	in := false
	for i, c := range line {
		space := c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'
		switch {
		case !space && !in:
			if n == 6 {
				return end
			}
			in = true
		case space && in:
			in = false
			if n++; n == 6 {
				end = i
			}
		}
	}
	return len(line)
}

// splitShortFlags rewrites the flags that trec_eval users write joined to
// their value, getopt style ("-M100", "-l2", "-mP.5", "-Zfile"), into a
// flag and its value, for package flag. Other arguments are kept as they
// are; rewriting stops at the first argument that is not a flag.
func splitShortFlags(fs *flag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			return append(out, args[i:]...)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if f := fs.Lookup(name); f != nil {
			out = append(out, a)
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !hasValue && !(ok && b.IsBoolFlag()) && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
			continue
		}
		if !strings.HasPrefix(a, "--") && len(name) > 1 && strings.ContainsRune("mMlZ", rune(name[0])) {
			out = append(out, a[:2], a[2:])
			continue
		}
		out = append(out, a)
	}
	return out
}

// judgesPairs reports whether j judges sentence pairs (Touché 2022), whose
// unjudged pairs a model can predict from the judged sentences.
func judgesPairs(j *eval.Judgments) bool {
	for _, d := range j.Dimensions() {
		for jd := range j.Qrels(d).All() {
			_, _, err := docid.ParsePair(jd.DocID)
			return err == nil
		}
	}
	return false
}
