package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// Exit statuses.
const (
	exitOK    = 0
	exitUsage = 1
	exitError = 2
)

// errUsage marks errors that call for the usage message; errReported marks
// flag errors the flag package has already printed with the usage.
var (
	errUsage    = errors.New("usage")
	errReported = errors.New("bad flags")
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

// config holds the parsed command line.
type config struct {
	measures   measureList
	perTopic   bool
	complete   bool
	judgedOnly bool
	year       int
	qrels      string
	seed       uint64
	resamples  int
	files      []string
	baseline   string
}

// run runs the command with args (without the program name) and returns
// the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	c, fs, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if errors.Is(err, errReported) {
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "evaluate: %v\n", err)
		fs.Usage()
		return exitUsage
	}
	if len(c.measures) > 0 {
		err = trecEval(c, stdout)
	} else {
		err = toucheTable(c, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "evaluate: %v\n", err)
		return exitError
	}
	return exitOK
}

func parseArgs(args []string, stderr io.Writer) (*config, *flag.FlagSet, error) {
	c := &config{}
	fs := flag.NewFlagSet("evaluate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage:
  evaluate [-q] [-c] [-J] -m MEASURE [-m MEASURE]... QRELS RUN
      trec_eval mode: prints trec_eval 10.0's lines for the measures
      (ndcg_cut.K,..., P.K,..., map, recip_rank, num_ret, num_rel_ret)
  evaluate [-year 2020|2021|2022 | -qrels FILE] [-baseline RUN] [-seed N] [-resamples N] RUN...
      Touché table: mean nDCG@5 with 95% bootstrap CI, plain and judged-only;
      with several runs, a paired t-test of each against the baseline run
      (-baseline, or else the first RUN), Bonferroni-corrected
flags:
`)
		fs.PrintDefaults()
	}
	fs.Var(&c.measures, "m", "trec_eval mode: a measure to compute, in trec_eval syntax (repeatable)")
	fs.BoolVar(&c.perTopic, "q", false, "trec_eval mode: print each topic's values too")
	fs.BoolVar(&c.complete, "c", false, "trec_eval mode: average over all judged topics; missing topics score 0")
	fs.BoolVar(&c.judgedOnly, "J", false, "trec_eval mode: drop unjudged documents from the rankings")
	fs.IntVar(&c.year, "year", 0, "table mode: use the embedded official Touché Task 1 judgments of this year")
	fs.StringVar(&c.qrels, "qrels", "", "table mode: judgments file (qid 0 docid label)")
	fs.StringVar(&c.baseline, "baseline", "", "table mode: the run the others are tested against (default: the first RUN)")
	fs.Uint64Var(&c.seed, "seed", 1, "table mode: bootstrap seed")
	fs.IntVar(&c.resamples, "resamples", eval.DefaultResamples, "table mode: bootstrap resamples")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, fs, err
		}
		return nil, fs, errReported
	}
	c.files = fs.Args()
	if c.baseline != "" {
		// The baseline is the table's first row, whatever its place among RUN....
		files := []string{c.baseline}
		for _, f := range c.files {
			if f != c.baseline {
				files = append(files, f)
			}
		}
		c.files = files
	}
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if len(c.measures) > 0 {
		for _, name := range []string{"year", "qrels", "baseline", "seed", "resamples"} {
			if set[name] {
				return nil, fs, fmt.Errorf("%w: -%s is for the Touché table, not with -m", errUsage, name)
			}
		}
		if len(c.files) != 2 {
			return nil, fs, fmt.Errorf("%w: trec_eval mode takes QRELS and RUN, got %d files", errUsage, len(c.files))
		}
		return c, fs, nil
	}
	for _, name := range []string{"q", "c", "J"} {
		if set[name] {
			return nil, fs, fmt.Errorf("%w: -%s needs trec_eval mode (give -m)", errUsage, name)
		}
	}
	switch {
	case set["year"] && set["qrels"]:
		return nil, fs, fmt.Errorf("%w: give -year or -qrels, not both", errUsage)
	case !set["year"] && !set["qrels"]:
		return nil, fs, fmt.Errorf("%w: give -year or -qrels (or -m for trec_eval mode)", errUsage)
	case set["year"] && eval.OfficialDimensions(c.year) == nil:
		return nil, fs, fmt.Errorf("%w: no embedded judgments for -year %d (have 2020, 2021, 2022)", errUsage, c.year)
	}
	if len(c.files) == 0 {
		return nil, fs, fmt.Errorf("%w: no run files", errUsage)
	}
	return c, fs, nil
}

// trecEval prints trec_eval's lines for one qrels and one run file.
func trecEval(c *config, w io.Writer) error {
	q, err := readQrels(c.files[0])
	if err != nil {
		return err
	}
	r, err := readRun(c.files[1])
	if err != nil {
		return err
	}
	e, err := eval.Evaluate(q, r, eval.Options{Measures: c.measures, Complete: c.complete, JudgedOnly: c.judgedOnly})
	if err != nil {
		return err
	}
	return e.WriteTrecEval(w, c.perTopic)
}

// judged is one dimension's judgments.
type judged struct {
	name  string
	qrels *eval.Qrels
}

// row is one line of the Touché table.
type row struct {
	run, dimension string
	topics         int
	plain, judged  eval.Interval
	judgedPerTopic []float64
	p              float64
	hasP           bool
}

// toucheTable prints mean nDCG@5 with bootstrap CIs, plain and judged-only,
// for every run and dimension.
func toucheTable(c *config, w io.Writer) error {
	var dims []judged
	if c.qrels != "" {
		q, err := readQrels(c.qrels)
		if err != nil {
			return err
		}
		dims = []judged{{name: filepath.Base(c.qrels), qrels: q}}
	} else {
		for _, d := range eval.OfficialDimensions(c.year) {
			q, err := eval.Official(c.year, d)
			if err != nil {
				return err
			}
			dims = append(dims, judged{name: fmt.Sprintf("%d %s", c.year, d), qrels: q})
		}
	}
	runs := make([]runfile.Run, len(c.files))
	for i, f := range c.files {
		r, err := readRun(f)
		if err != nil {
			return err
		}
		runs[i] = r
	}
	ndcg5 := []eval.Measure{{Name: eval.NDCGCut, Cutoffs: []int{5}}}
	boot := eval.Bootstrap{Seed: c.seed, Resamples: c.resamples}

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run\tjudgments\ttopics\tnDCG@5\tCI95 low\tCI95 high\tjudged-only nDCG@5\tCI95 low\tCI95 high\tp vs baseline (Bonferroni)")
	for _, d := range dims {
		rows := make([]row, len(runs))
		for i, r := range runs {
			rw := row{run: runName(c.files[i]), dimension: d.name}
			if !sharesTopic(d.qrels, r) {
				return fmt.Errorf("%s: no topic of the run is judged in %s (wrong -year?)", c.files[i], d.name)
			}
			for _, judgedOnly := range []bool{false, true} {
				e, err := eval.Evaluate(d.qrels, r, eval.Options{Measures: ndcg5, Complete: true, JudgedOnly: judgedOnly})
				if err != nil {
					return fmt.Errorf("%s against %s: %w", c.files[i], d.name, err)
				}
				perTopic, _ := e.PerTopic("ndcg_cut_5")
				ci, err := boot.CI(perTopic)
				if err != nil {
					return err
				}
				rw.topics = len(perTopic)
				if judgedOnly {
					rw.judged, rw.judgedPerTopic = ci, perTopic
				} else {
					rw.plain = ci
				}
			}
			rows[i] = rw
		}
		if len(rows) > 1 {
			ps := make([]float64, 0, len(rows)-1)
			for _, rw := range rows[1:] {
				t, err := eval.PairedTTest(rw.judgedPerTopic, rows[0].judgedPerTopic)
				if err != nil {
					return err
				}
				ps = append(ps, t.P)
			}
			for i, p := range eval.Bonferroni(ps) {
				rows[i+1].p, rows[i+1].hasP = p, true
			}
		}
		for _, rw := range rows {
			p := "-"
			if rw.hasP {
				p = fmt.Sprintf("%.4f", rw.p)
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%s\n",
				rw.run, rw.dimension, rw.topics,
				rw.plain.Mean, rw.plain.Low, rw.plain.High,
				rw.judged.Mean, rw.judged.Low, rw.judged.High, p)
		}
	}
	return tw.Flush()
}

// sharesTopic reports whether the run has results for a judged topic.
func sharesTopic(q *eval.Qrels, r runfile.Run) bool {
	for _, t := range q.Topics() {
		if _, ok := r[t]; ok {
			return true
		}
	}
	return false
}

// runName names a run by its file name without the extension.
func runName(path string) string {
	base := filepath.Base(path)
	return strings.TrimSuffix(base, filepath.Ext(base))
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

func readRun(path string) (runfile.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// trec_eval reads any stance token and infinite scores.
	rd := runfile.NewReader(f)
	rd.Name = path
	rd.Lenient = true
	return rd.ReadRun()
}
