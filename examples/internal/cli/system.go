package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/internal/outpath"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/runfile/tira"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// SystemFlags are the flags every example system takes. Register them,
// and after parsing turn them into the library's system.Input.
type SystemFlags struct {
	// TIRA holds -i (the input directory: corpus and topics.xml; empty
	// means the embedded sample) and -o (the output directory; empty means
	// the current one).
	TIRA tira.Job
	// Sample (-sample) is the year of the embedded sample read without -i:
	// 2022 or 2021.
	Sample int
	// CacheDir (-cache) is where indexes are kept between runs; empty
	// means argsearch in the user's cache directory (os.UserCacheDir), and
	// "off" keeps them in memory.
	CacheDir string
	// Quiet (-quiet) turns off the progress display.
	Quiet bool
	// Workers (-workers) is the number of topics answered at once.
	Workers int
	// MinPairs (-min-pairs) is the fewest pairs a topic may have; -1 means
	// the Touché minimum of 100 for -i and none for a sample.
	MinPairs int
	// Tag (-tag) is the run tag: "argsearch-" and the command's name by
	// default.
	Tag string
	// K (-k, which each command defines) is the number of pairs per topic
	// (system.Input.K); 0 means the Touché 2022 most.
	K int

	name string
}

// Register defines the common flags on c, with their range checks; name
// is the command's, for the default run tag.
func (f *SystemFlags) Register(c *Command, name string) {
	f.RegisterInput(c, name)
	c.IntVar(&f.MinPairs, "min-pairs", -1, -1, 1000, "fewest pairs per topic (-1: 100 with -i, none for a sample)")
	c.Flags.StringVar(&f.Tag, "tag", "argsearch-"+name, "run `tag`, the last column of the run")
	c.Check(func() error {
		if err := runfile.Validate([]runfile.Line{{QID: "1", DocID: "d", Tag: f.Tag}}, runfile.Rules{}); err != nil {
			return Usagef("-tag %q: a run tag is one token", f.Tag)
		}
		return nil
	})
}

// RegisterInput defines the flags of the input alone (-i, -o, -sample,
// -cache, -quiet, -workers), for a command that writes no single run.
func (f *SystemFlags) RegisterInput(c *Command, name string) {
	f.name = name
	f.TIRA.RegisterFlags(c.Flags)
	c.Flags.Lookup("o").Usage += " (default: the current directory)"
	c.IntVar(&f.Sample, "sample", 2022, 2021, 2022, "the embedded sample to run on without -i: `year` 2022 or 2021")
	c.Flags.StringVar(&f.CacheDir, "cache", "", "index cache `directory` (default: the user cache directory + \"/argsearch\"; \"off\": no cache)")
	c.Flags.BoolVar(&f.Quiet, "quiet", false, "no progress on stderr")
	// One topic a core by default: a topic's retrieval uses the cores only
	// while it scores long posting lists, so two topics at once keep both
	// cores of a small machine busy (BENCHMARKS.md, issue 36's second run).
	c.IntVar(&f.Workers, "workers", min(runtime.GOMAXPROCS(0), 256), 1, 256, "topics answered at once, one a core by default (the run is the same for any value)")
}

// Input returns the system.Input the flags describe, with progress bars on
// stderr. A cache directory that cannot be made is warned about on stderr,
// and left out. As the system commands call it before system.Open, it
// also sets their soft memory limit (setMemoryLimit).
func (f SystemFlags) Input(stderr io.Writer) system.Input {
	setMemoryLimit()
	in := system.Input{Dir: f.TIRA.InputDir, K: f.K, Workers: f.Workers, Progress: f.progress(stderr),
		Warn: func(msg string) { fmt.Fprintf(stderr, "%s: warning: %s\n", f.name, msg) }}
	in.Sample = f.Sample
	switch f.CacheDir {
	case "off":
	case "":
		d, err := os.UserCacheDir()
		if err == nil {
			in.Cache = filepath.Join(d, "argsearch")
		} else {
			fmt.Fprintf(stderr, "%s: warning: no user cache directory (%v); running without a cache (-cache DIR chooses one)\n", f.name, err)
		}
	default:
		in.Cache = f.CacheDir
	}
	if in.Cache != "" {
		if err := outpath.Dir("cache directory", in.Cache); err != nil {
			fmt.Fprintf(stderr, "%s: warning: %v; running without a cache (-cache DIR chooses another)\n", f.name, err)
			in.Cache = ""
		}
	}
	return in
}

// progress returns the Input's progress function: a bar on stderr for
// each step, none when quiet.
func (f SystemFlags) progress(stderr io.Writer) func(step string, done, total int64) {
	if f.Quiet {
		return nil
	}
	bars := map[string]*Progress{}
	return func(step string, done, total int64) {
		bar := bars[step]
		if bar == nil {
			format := Megabytes
			if step == "topics" {
				format = nil
			}
			bar = NewProgress(stderr, false, step, total, format)
			bars[step] = bar
		}
		if done >= total {
			bar.Done(done)
			delete(bars, step)
			return
		}
		bar.Update(done)
	}
}

// Rules returns the Touché 2022 rules the run of s must follow: at least
// -min-pairs pairs per topic (100 for -i, none for a sample by default),
// and the stances s says it writes, when it has a method
// Stances() []stance.Stance (system.Pipeline, Baseline and Swordsman do,
// and so may a System of one's own); else the Touché 2022 stances, PRO and
// CON.
func (f SystemFlags) Rules(s system.System) runfile.Rules {
	r := runfile.Touche2022()
	switch {
	case f.MinPairs >= 0:
		r.MinResults = f.MinPairs
	case f.TIRA.InputDir == "":
		r.MinResults = 0
	}
	if s, ok := s.(interface{ Stances() []stance.Stance }); ok {
		r.Stances = s.Stances()
	}
	return r
}

// RunPath returns the run file to write: run.txt in -o, or in the current
// directory.
func (f SystemFlags) RunPath() (string, error) {
	if f.TIRA.OutputDir == "" {
		return "run.txt", outpath.File("-o", "run.txt")
	}
	if err := outpath.Dir("-o", f.TIRA.OutputDir); err != nil {
		return "", err
	}
	return f.TIRA.RunPath()
}

// Recipe returns the recipe of system.Recipes called name, or a usage
// error naming -recipe and the recipes.
func Recipe(name string) (system.Recipe, error) {
	r, err := system.FindRecipe(name)
	if err != nil {
		var names []string
		for _, r := range system.Recipes() {
			names = append(names, r.Name)
		}
		return r, Usagef("-recipe: unknown recipe %q (want list, %s)", name, strings.Join(names, ", "))
	}
	return r, nil
}

// A Report times the topics of a system and prints what became of its run:
// a summary line and, on a sample, its evaluation.
type Report struct {
	name    string
	started time.Time
	setup   time.Duration
	write   time.Duration

	system system.System // what Time was given, for what it learned from

	mu      sync.Mutex
	latency []time.Duration
}

// NewReport starts the clock of a run (before system.Open).
func NewReport(name string) *Report { return &Report{name: name, started: time.Now()} }

// Time returns s, timing every topic it answers; it also marks the end of
// the setup. The timed system unwraps to s, so that system.Run checks s's
// configuration (and opens or builds its index) before the first topic,
// not inside it.
func (r *Report) Time(s system.System) system.System {
	r.setup = time.Since(r.started)
	r.system = s
	return timed{s: s, r: r}
}

// timed is a System that times the topics its System answers.
type timed struct {
	s system.System
	r *Report
}

// Answer implements system.System.
func (t timed) Answer(ctx context.Context, env *system.Env, topic topics.Topic) ([]runfile.Result, error) {
	start := time.Now()
	rs, err := t.s.Answer(ctx, env, topic)
	t.r.mu.Lock()
	t.r.latency = append(t.r.latency, time.Since(start))
	t.r.mu.Unlock()
	return rs, err
}

// Unwrap returns the timed System (see system.System).
func (t timed) Unwrap() system.System { return t.s }

// Write writes run to path with rules (runfile.WriteFile), saying on
// stderr when it replaced a file; a path that is a directory is an error
// saying so. A run with too few pairs for the rules names -min-pairs, and
// then the file that was there stays as it was.
func (r *Report) Write(path string, run runfile.Run, rules runfile.Rules, stderr io.Writer) error {
	start := time.Now()
	err := WriteRun(stderr, r.name, path, run, rules, fmt.Sprintf("the output path %s is a directory (-o names the directory run.txt goes in)", path))
	if errors.Is(err, runfile.ErrCount) && rules.MinResults > 0 {
		return fmt.Errorf("%w (-min-pairs lowers the Touché minimum of pairs per topic)", err)
	}
	r.write = time.Since(start)
	return err
}

// WriteRun writes run to path with rules (runfile.WriteFile), and when it
// replaced a file says so on stderr: "NAME: replaced PATH". A path that is
// a directory is the error isDir, which says what the command's -o names.
func WriteRun(stderr io.Writer, name, path string, run runfile.Run, rules runfile.Rules, isDir string) error {
	fi, err := os.Stat(path)
	existed := err == nil
	if existed && fi.IsDir() {
		return errors.New(isDir)
	}
	if err := runfile.WriteFile(path, run, rules); err != nil {
		return err
	}
	if existed {
		fmt.Fprintf(stderr, "%s: replaced %s\n", name, path)
	}
	return nil
}

// Print prints the summary line of run, written to path, and on a sample
// the run's evaluation against the sample's official judgments, one line
// per judged dimension.
func (r *Report) Print(ctx context.Context, w io.Writer, env *system.Env, run runfile.Run, path string) error {
	pairs, fewest := 0, -1
	stances := map[stance.Stance]int{}
	for _, lines := range run {
		pairs += len(lines)
		if fewest < 0 || len(lines) < fewest {
			fewest = len(lines)
		}
		for _, l := range lines {
			stances[l.Stance]++
		}
	}
	lat := slices.Clone(r.latency)
	slices.Sort(lat)
	median := time.Duration(0)
	if n := len(lat); n > 0 {
		median = (lat[(n-1)/2] + lat[n/2]) / 2
	}
	fmt.Fprintf(w, "%s: %d topics, %d pairs (fewest %d), PRO %d, CON %d, Q0 %d; %.2f s (setup %.2f s, median %.1f ms per topic, write %.0f ms) -> %s\n",
		r.name, len(run), pairs, max(0, fewest), stances[stance.Pro], stances[stance.Con], stances[stance.Unknown],
		time.Since(r.started).Seconds(), r.setup.Seconds(), float64(median)/1e6, float64(r.write)/1e6, path)
	var empty []string
	for _, t := range env.Topics {
		if len(run[t.ID]) == 0 {
			empty = append(empty, t.ID)
		}
	}
	if len(empty) > 0 {
		fmt.Fprintf(w, "note: %d of %d topics came out empty and are not in the run: %s\n", len(empty), len(env.Topics), strings.Join(empty, ", "))
	}
	if short := len(env.Topics) - countAtLeast(run, 100); short > 0 && env.Judgments != nil {
		fmt.Fprintf(w, "note: %d of %d topics have fewer than the 100 pairs Touché 2022 asks for, which %s cannot fill\n", short, len(env.Topics), env.Name)
	}
	if env.Repaired > 0 {
		fmt.Fprintf(w, "note: %d texts of %s held invalid UTF-8; each invalid sequence was replaced by U+FFFD\n", env.Repaired, env.Name)
	}
	if env.Judgments == nil {
		return nil
	}
	// The run alone against the Env's judgments, by Evaluate: no
	// predictor is trained for this summary (it would encode the judged
	// sentences at every run, 20 times this run's time on the 2022 sample),
	// and the commands that print it (baseline, swordsman) do not carry the
	// encoder it would need; the lines lead with the table's headline
	// without it, the estimate, and the last says how to get the predicted
	// figure.
	t, err := experiment.Experiment{Judgments: env.Judgments, Systems: []experiment.System{{Name: r.name, System: r.system, Run: run}}, Pairs: eval.FirstSentence}.Evaluate(ctx)
	if err != nil {
		return err
	}
	for _, line := range EvaluationLines(t) {
		fmt.Fprintln(w, line)
	}
	if i := slices.IndexFunc(t.Rows, func(r experiment.Row) bool { return r.InSample > 0 }); i >= 0 {
		fmt.Fprintf(w, "note: in-sample %d/%d: %s learned its settings from %d of these %d topics, so these figures do not test it on topics it has not seen\n",
			t.Rows[i].InSample, len(t.Rows[i].PerTopic), r.name, t.Rows[i].InSample, len(t.Rows[i].PerTopic))
	}
	if t.Headline == "estimated" && env.Judgments.Name == "2022" {
		fmt.Fprintf(w, "the tables' headline, predicted nDCG@%d, comes from: go run ./examples/evaluate -year 2022 %s (it trains its predictor on the sample's judged sentences)\n", t.K, path)
	}
	return nil
}

// EvaluationLines formats the rows of a table as lines for people, one
// per row, from the cells of its text format (experiment.Table.Columns),
// so that they show what the table shows: the judgments, the headline
// figure named as the table heads it with its 95% interval, judged@K,
// where the headline is not judged-only, judged-only nDCG@K with its depth
// (from the wide format), and the text format's short warning ("in-sample
// 25/25": the system learned from 25 of these 25 topics).
func EvaluationLines(t *experiment.Table) []string {
	cols := t.Columns(false)
	wide := t.Columns(true)
	cell := func(cols [][]string, header string, row int) string {
		for _, c := range cols {
			if c[0] == header {
				return c[1+row]
			}
		}
		return "-"
	}
	k := strconv.Itoa(t.K)
	lines := make([]string, len(t.Rows))
	for j, row := range t.Rows {
		s := fmt.Sprintf("%s: %s %s (CI95 %s), judged@%s %s", row.Judgments, cols[2][0], cols[2][1+j], cols[3][1+j], k, cell(cols, "judged@"+k, j))
		if t.Headline != "judged" {
			s += fmt.Sprintf("; judged-only nDCG@%s %s (depth %s)", k, cell(wide, "judged-only nDCG@"+k, j), cell(wide, "depth mean", j))
		}
		if row.Pairs != 0 {
			s += fmt.Sprintf("; pairs mapped to arguments (-pairs %s)", row.Pairs)
		}
		if w := cell(cols, "warning", j); w != "" {
			s += "; " + w
		}
		lines[j] = s
	}
	return lines
}

// countAtLeast counts the topics of run with at least n lines.
func countAtLeast(run runfile.Run, n int) int {
	c := 0
	for _, lines := range run {
		if len(lines) >= n {
			c++
		}
	}
	return c
}

// Answer runs s, the system of the command name, as the flags f say: it
// opens the input, writes the run and prints its summary (and, on a
// sample, its evaluation). The run path is checked before any work.
func Answer(ctx context.Context, name string, f SystemFlags, s system.System, stdout, stderr io.Writer) error {
	report := NewReport(name)
	path, err := f.RunPath()
	if err != nil {
		return err
	}
	env, err := system.Open(ctx, f.Input(stderr))
	if err != nil {
		return err
	}
	defer env.Close()
	run, err := system.Run(ctx, env, report.Time(s), f.Tag)
	if err != nil {
		return err
	}
	if err := report.Write(path, run, f.Rules(s), stderr); err != nil {
		return err
	}
	return report.Print(ctx, stdout, env, run, path)
}
