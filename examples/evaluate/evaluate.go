package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/argsearch/argsearch/docid"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/runfile"
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
	format     string // table mode: "table" or "tsv"
}

const usage = `evaluate [-q] [-c] [-J] -m MEASURE [-m MEASURE]... QRELS RUN
evaluate (-year 2020|2021|2022 | -qrels FILE) [-pairs first|best] [-c] [-order score|rank] [-format table|tsv] [-baseline RUN] [-seed N] [-resamples N] RUN...`

const about = `Evaluate scores TREC runs against relevance judgments, in one of two modes.

With -m (trec_eval mode) it prints exactly the lines trec_eval 10.0 prints for the same options: "measure<TAB>qid<TAB>value", for the measures in trec_eval's syntax (ndcg_cut.5,10,1000, P.5,10, map, recip_rank, num_ret, num_rel_ret). The flags -q (each topic's values too), -c and -J are trec_eval's: here -q does not mean quiet.

Without -m (table mode) it prints, for each run and judged dimension, the mean nDCG@5 with its 95% percentile bootstrap interval, plain and on judged-only rankings (the variant of Touché's official tables), the p-value of a paired t-test of each run's judged-only nDCG@5 against the baseline run (Bonferroni-corrected), and judged@5, the share of the run's top 5 documents that the judgments judge. -format tsv prints the same table as tab-separated values with a one-token header, for programs. -pairs maps a run of sentence pairs or sentences onto the args.me arguments the 2020 and 2021 judgments rate. -year takes the official judgments embedded in the module.

Flags come before the files. A bad command line exits 2, a file that cannot be read or evaluated 1.`

// run runs the command with args (without the program name) and returns
// the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := cli.New("evaluate", usage, about, stdout, stderr)
	cmd.MinArgs, cmd.MaxArgs = 1, -1
	c := define(cmd)
	return cmd.Run(args, func(files []string) error {
		c.files = files
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
		if len(c.measures) > 0 {
			return trecEval(c, stdout)
		}
		return toucheTable(c, stdout, stderr)
	})
}

// define defines the flags on cmd, with the checks of how they combine.
func define(cmd *cli.Command) *config {
	c := &config{}
	fs := cmd.Flags
	fs.Var(&c.measures, "m", "trec_eval mode: a `measure` to compute, in trec_eval syntax (repeatable)")
	fs.BoolVar(&c.perTopic, "q", false, "trec_eval mode: print each topic's values too (as trec_eval -q)")
	fs.BoolVar(&c.complete, "c", false, "average over all judged topics; missing topics score 0 (both modes)")
	fs.BoolVar(&c.judgedOnly, "J", false, "trec_eval mode: drop unjudged documents from the rankings")
	fs.IntVar(&c.year, "year", 0, "table mode: use the embedded official Touché Task 1 judgments of this `year`")
	fs.StringVar(&c.qrels, "qrels", "", "table mode: judgments `file` (qid 0 docid label)")
	fs.StringVar(&c.baseline, "baseline", "", "table mode: the `run` the others are tested against (default: the first RUN)")
	fs.Uint64Var(&c.seed, "seed", 1, "table mode: bootstrap seed")
	cmd.IntVar(&c.resamples, "resamples", eval.DefaultResamples, 100, 10_000_000, "table mode: bootstrap resamples")
	fs.StringVar(&c.pairs, "pairs", "", "table mode: map pairs (or sentences) to arguments: `first` or best")
	fs.StringVar(&c.order, "order", "score", "table mode: rank each topic's documents by `score` (as trec_eval) or by the rank column")
	fs.StringVar(&c.format, "format", "table", "table mode: `table` (aligned columns for people) or tsv (tab-separated, for programs)")
	cmd.Check(func() error {
		set := make(map[string]bool)
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if len(c.measures) > 0 {
			for _, name := range []string{"year", "qrels", "baseline", "seed", "resamples", "pairs", "order", "format"} {
				if set[name] {
					return cli.Usagef("-%s is for the Touché table, not with -m", name)
				}
			}
			if fs.NArg() != 2 {
				return cli.Usagef("trec_eval mode takes QRELS and RUN, got %d files", fs.NArg())
			}
			return nil
		}
		for _, name := range []string{"q", "J"} {
			if set[name] {
				return cli.Usagef("-%s needs trec_eval mode (give -m)", name)
			}
		}
		switch {
		case set["year"] && set["qrels"]:
			return cli.Usagef("give -year or -qrels, not both")
		case !set["year"] && !set["qrels"]:
			return cli.Usagef("give -year or -qrels (or -m for trec_eval mode)")
		case set["year"] && eval.OfficialDimensions(c.year) == nil:
			return cli.Usagef("no embedded judgments for -year %d (have 2020, 2021, 2022)", c.year)
		}
		if c.pairs != "" {
			if _, err := eval.ParseMapping(c.pairs); err != nil {
				return cli.Usagef("-pairs %q, want first or best", c.pairs)
			}
		}
		if c.order != "score" && c.order != "rank" {
			return cli.Usagef("-order %q, want score or rank", c.order)
		}
		if c.format != "table" && c.format != "tsv" {
			return cli.Usagef("-format %q, want table or tsv", c.format)
		}
		if fs.NArg() == 0 {
			return cli.Usagef("no run files")
		}
		return nil
	})
	return c
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

	var table []row
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
		table = append(table, rows...)
	}
	if c.format == "tsv" {
		return writeTSV(w, table)
	}
	return writeTable(w, table)
}

// The columns of the table: for people (aligned, with spaces in the names)
// and for programs (-format tsv: one token per name).
var (
	tableHeader = []string{"run", "judgments", "topics", "nDCG@5", "CI95 low", "CI95 high",
		"judged-only nDCG@5", "CI95 low", "CI95 high", "p vs baseline (Bonferroni)", "judged@5"}
	tsvHeader = []string{"run", "judgments", "topics", "ndcg5", "ndcg5_low", "ndcg5_high",
		"judged_ndcg5", "judged_ndcg5_low", "judged_ndcg5_high", "p", "judged5"}
)

// fields formats a row's values; p is empty for the baseline.
func (rw row) fields() []string {
	p := ""
	if rw.hasP {
		p = fmt.Sprintf("%.4f", rw.p)
	}
	return []string{rw.run, rw.dimension, strconv.Itoa(rw.topics),
		fmt.Sprintf("%.4f", rw.plain.Mean), fmt.Sprintf("%.4f", rw.plain.Low), fmt.Sprintf("%.4f", rw.plain.High),
		fmt.Sprintf("%.4f", rw.judged.Mean), fmt.Sprintf("%.4f", rw.judged.Low), fmt.Sprintf("%.4f", rw.judged.High),
		p, fmt.Sprintf("%.2f", rw.share)}
}

// writeTable prints the rows as aligned columns, "-" for a missing p.
func writeTable(w io.Writer, rows []row) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(tableHeader, "\t"))
	for _, rw := range rows {
		f := rw.fields()
		if f[9] == "" {
			f[9] = "-"
		}
		fmt.Fprintln(tw, strings.Join(f, "\t"))
	}
	return tw.Flush()
}

// writeTSV prints the rows as tab-separated values under a header of
// one-token names; a missing p is an empty field.
func writeTSV(w io.Writer, rows []row) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, strings.Join(tsvHeader, "\t"))
	for _, rw := range rows {
		fmt.Fprintln(bw, strings.Join(rw.fields(), "\t"))
	}
	return bw.Flush()
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
