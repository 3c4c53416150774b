package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/argsearch/argsearch/docid"
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
	pairs      string // table mode: "", "first" or "best"
	order      string // table mode: "score" or "rank"
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
		err = toucheTable(c, stdout, stderr)
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
  evaluate [-year 2020|2021|2022 | -qrels FILE] [-pairs first|best] [-c] [-order score|rank]
           [-baseline RUN] [-seed N] [-resamples N] RUN...
      Touché table: mean nDCG@5 with 95% bootstrap CI, plain and judged-only,
      over the run's judged topics (-c: over all judged topics), and the share
      of judged documents in each run's top 5; with several runs, a paired
      t-test of each against the baseline run (-baseline, or else the first
      RUN), Bonferroni-corrected. -pairs maps a run of sentence pairs or
      sentences onto the args.me arguments the 2020 and 2021 judgments rate:
      a pair stands for its first sentence's argument (first) or for the
      better-judged argument of its two sentences (best)
flags:
`)
		fs.PrintDefaults()
	}
	fs.Var(&c.measures, "m", "trec_eval mode: a measure to compute, in trec_eval syntax (repeatable)")
	fs.BoolVar(&c.perTopic, "q", false, "trec_eval mode: print each topic's values too")
	fs.BoolVar(&c.complete, "c", false, "average over all judged topics; missing topics score 0 (both modes)")
	fs.BoolVar(&c.judgedOnly, "J", false, "trec_eval mode: drop unjudged documents from the rankings")
	fs.IntVar(&c.year, "year", 0, "table mode: use the embedded official Touché Task 1 judgments of this year")
	fs.StringVar(&c.qrels, "qrels", "", "table mode: judgments file (qid 0 docid label)")
	fs.StringVar(&c.baseline, "baseline", "", "table mode: the run the others are tested against (default: the first RUN)")
	fs.Uint64Var(&c.seed, "seed", 1, "table mode: bootstrap seed")
	fs.IntVar(&c.resamples, "resamples", eval.DefaultResamples, "table mode: bootstrap resamples")
	fs.StringVar(&c.pairs, "pairs", "", "table mode: map pairs (or sentences) to arguments: first or best")
	fs.StringVar(&c.order, "order", "score", "table mode: rank each topic's documents by score (as trec_eval) or by the rank column")
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
		for _, name := range []string{"year", "qrels", "baseline", "seed", "resamples", "pairs", "order"} {
			if set[name] {
				return nil, fs, fmt.Errorf("%w: -%s is for the Touché table, not with -m", errUsage, name)
			}
		}
		if len(c.files) != 2 {
			return nil, fs, fmt.Errorf("%w: trec_eval mode takes QRELS and RUN, got %d files", errUsage, len(c.files))
		}
		return c, fs, nil
	}
	for _, name := range []string{"q", "J"} {
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
	if c.pairs != "" {
		if _, err := eval.ParseMapping(c.pairs); err != nil {
			return nil, fs, fmt.Errorf("%w: -pairs %q, want first or best", errUsage, c.pairs)
		}
	}
	if c.order != "score" && c.order != "rank" {
		return nil, fs, fmt.Errorf("%w: -order %q, want score or rank", errUsage, c.order)
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
	judgedPerTopic map[string]float64 // topic → judged-only nDCG@5, for the t-tests
	share          float64            // judged documents in the top 5
	p              float64
	hasP           bool
}

// toucheTable prints mean nDCG@5 with bootstrap CIs, plain and judged-only,
// and the share of judged documents in the top 5, for every run and
// dimension. A run none of whose documents the judgments know gets a
// warning on stderr.
func toucheTable(c *config, w, stderr io.Writer) error {
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
	order := eval.ByScore
	if c.order == "rank" {
		order = eval.ByRank
	}
	ndcg5 := []eval.Measure{{Name: eval.NDCGCut, Cutoffs: []int{5}}}
	boot := eval.Bootstrap{Seed: c.seed, Resamples: c.resamples}

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run\tjudgments\ttopics\tnDCG@5\tCI95 low\tCI95 high\tjudged-only nDCG@5\tCI95 low\tCI95 high\tp vs baseline (Bonferroni)\tjudged@5")
	for _, d := range dims {
		rows := make([]row, len(runs))
		for i, r := range runs {
			rw := row{run: runName(c.files[i]), dimension: d.name, judgedPerTopic: map[string]float64{}}
			if !sharesTopic(d.qrels, r) {
				return fmt.Errorf("%s: no topic of the run is judged in %s (wrong -year?)", c.files[i], d.name)
			}
			if c.pairs != "" {
				m, _ := eval.ParseMapping(c.pairs)
				mapped, err := eval.ArgumentRun(r, d.qrels, m, order)
				if err != nil {
					return fmt.Errorf("%s: -pairs %s: %w", c.files[i], c.pairs, err)
				}
				r = mapped
			}
			opt := eval.Options{Measures: ndcg5, Complete: c.complete, Order: order}
			share, err := eval.Judged(d.qrels, r, 5, opt)
			if err != nil {
				return fmt.Errorf("%s against %s: %w", c.files[i], d.name, err)
			}
			rw.share = share
			if !anyJudged(d.qrels, r) {
				warnUnjudged(stderr, c, c.files[i], d.name, r)
			}
			for _, judgedOnly := range []bool{false, true} {
				opt.JudgedOnly = judgedOnly
				e, err := eval.Evaluate(d.qrels, r, opt)
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
					rw.judged = ci
					for k, t := range e.Topics {
						rw.judgedPerTopic[t.Topic] = perTopic[k]
					}
				} else {
					rw.plain = ci
				}
			}
			rows[i] = rw
		}
		if len(rows) > 1 {
			ps := make([]float64, 0, len(rows)-1)
			for _, rw := range rows[1:] {
				a, b := paired(rw.judgedPerTopic, rows[0].judgedPerTopic)
				t, err := eval.PairedTTest(a, b)
				if err != nil {
					return fmt.Errorf("%s against %s: %w", rw.run, rows[0].run, err)
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
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%s\t%.2f\n",
				rw.run, rw.dimension, rw.topics,
				rw.plain.Mean, rw.plain.Low, rw.plain.High,
				rw.judged.Mean, rw.judged.Low, rw.judged.High, p, rw.share)
		}
	}
	return tw.Flush()
}

// paired returns the values of the topics both a and b have, in topic
// order, for a paired test: without -c, two runs can answer different
// judged topics.
func paired(a, b map[string]float64) (x, y []float64) {
	for _, t := range slices.Sorted(maps.Keys(a)) {
		if v, ok := b[t]; ok {
			x, y = append(x, a[t]), append(y, v)
		}
	}
	return x, y
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

// anyJudged reports whether the judgments know any document of the run.
func anyJudged(q *eval.Qrels, r runfile.Run) bool {
	for t, lines := range r {
		for _, l := range lines {
			if _, ok := q.Label(t, l.DocID); ok {
				return true
			}
		}
	}
	return false
}

// warnUnjudged tells that the judgments know no document of a run, and
// why that may be: a run of sentence pairs or sentences scored with
// argument judgments without -pairs, or mapped with -pairs for judgments of
// pairs.
func warnUnjudged(stderr io.Writer, c *config, file, dim string, r runfile.Run) {
	fmt.Fprintf(stderr, "evaluate: warning: no document of %s is judged in %s: its nDCG@5 is 0 by construction", runName(file), dim)
	var id string
	for _, t := range r.Topics() {
		if len(r[t]) > 0 {
			id = r[t][0].DocID
			break
		}
	}
	_, _, pairErr := docid.ParsePair(id)
	_, sentErr := docid.ParseSentence(id)
	switch {
	case c.pairs == "" && (pairErr == nil || sentErr == nil):
		fmt.Fprintf(stderr, "; its ids (%s) are sentences or sentence pairs: if the judgments rate arguments (2020, 2021), map them with -pairs first or -pairs best", id)
	case c.pairs != "":
		fmt.Fprintf(stderr, "; -pairs mapped it to arguments: if the judgments rate sentence pairs (2022), leave -pairs out")
	}
	fmt.Fprintln(stderr)
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
