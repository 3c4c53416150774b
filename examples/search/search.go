package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/fileid"
	"github.com/argsearch/argsearch/internal/outpath"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

type options struct {
	corpus, index, unit, model, analyzer, topics, out, prf, tag, build string
	qweights, fweights                                                 []float64
	year, k, memory                                                    int
	quantize, quiet, noVectors, noWarmup                               bool
	k1, b, mu                                                          float64
}

func run(args []string, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdout, stderr)
}

// runContext is run, stopped when ctx is done.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("search", `search -corpus FILE -index DIR (-topics FILE | -year YEAR) -o RUN [-unit UNIT] [flags]`,
		`Search indexes an args.me corpus and writes a TREC run of the top -k documents (sentences, arguments or sentence pairs, -unit) for each topic, with "Q0" in the stance column. If the -index directory holds no index, it is built from the -corpus file; otherwise the index is opened and the corpus is not read. Here -o names the run file (the systems' -o is a directory). It prints the build (or open) time, the configuration and the query latencies.`, stdout, stderr)
	var o options
	f := c.Flags
	f.StringVar(&o.corpus, "corpus", "", "corpus `file` to build the index from (processed CSV or args.me JSON; plain, .gz or .tar.gz)")
	f.StringVar(&o.index, "index", "", "index `directory` (built from -corpus if it holds no index)")
	c.OneOfVar(&o.unit, "unit", []string{"sentence", "argument", "pair"}, "the retrieval unit")
	c.OneOfVar(&o.model, "model", []string{"bm25", "dirichlet", "lucene-dirichlet", "tfidf", "tfidf-ic", "dph"}, "scoring `model`")
	presets := []string{"en", "lucene", "krovetz", "plain"}
	f.StringVar(&o.analyzer, "analyzer", "", "analyzer `preset` ("+strings.Join(presets, ", ")+"); default: en, or the index's own")
	f.StringVar(&o.topics, "topics", "", "topics `file`: Touché XML, or qid<TAB>query lines")
	c.IntVar(&o.year, "year", 0, 0, 2023, "official Task 1 topics of this `year` (2020 to 2023), instead of -topics")
	c.IntVar(&o.k, "k", 1000, 1, 1000000, "hits per topic")
	f.StringVar(&o.out, "o", "", "run `file` to write")
	f.BoolVar(&o.quantize, "quantize", false, "quantize document lengths as Lucene 8 does")
	c.FloatVar(&o.k1, "k1", 0, 0, 1000, "BM25 k1 (0: 1.2)")
	c.FloatVar(&o.b, "b", 0, 0, 1, "BM25 b (0: 0.75)")
	c.FloatVar(&o.mu, "mu", 0, 0, 1e9, "Dirichlet μ (0: 2000)")
	c.OneOfVar(&o.prf, "prf", []string{"none", "rm3", "bo1"}, "pseudo-relevance feedback")
	f.Func("qweights", "`weights` of a topic's title,description,narrative in the query (default 1,0,0)", weights(&o.qweights, "qweights", 3))
	f.Func("fweights", "`weights` of an argument's conclusion,premise,title fields (default 1,1,1)", weights(&o.fweights, "fweights", 3))
	c.OneOfVar(&o.build, "build", []string{"both", "sentence", "argument"}, "units to index when building")
	f.Func("units", "old name of -build", func(s string) error { return f.Set("build", s) })
	f.BoolVar(&o.noVectors, "no-vectors", false, "build without the per-document term vectors that -prf needs (about half of a sentence index)")
	f.StringVar(&o.tag, "tag", "", "run tag (default argsearch-MODEL)")
	f.BoolVar(&o.quiet, "quiet", false, "no indexing progress on stderr")
	c.IntVar(&o.memory, "memory", defaultMemory, 0, 1<<20, "soft limit of the Go heap in `MiB` while building (0: none; GOMEMLIMIT overrides it)")
	f.BoolVar(&o.noWarmup, "no-warmup", false, "run the topics once, timed, without the untimed warm-up pass")
	c.Check(func() error {
		switch {
		case o.index == "":
			return cli.Usagef("-index is required")
		case o.out == "":
			return cli.Usagef("-o is required")
		case o.topics == "" && o.year == 0:
			return cli.Usagef("-topics or -year is required")
		case o.topics != "" && o.year != 0:
			return cli.Usagef("-topics and -year exclude each other")
		case o.year != 0 && o.year < 2020:
			return cli.Usagef("-year %d, want 2020 to 2023", o.year)
		case o.analyzer != "" && !slices.Contains(presets, o.analyzer):
			return cli.Usagef("-analyzer %q, want %s", o.analyzer, strings.Join(presets, ", "))
		}
		return nil
	})
	return c.Run(args, func([]string) error {
		err := search(ctx, o, stdout, stderr)
		if err != nil && ctx.Err() != nil {
			return fmt.Errorf("interrupted, nothing written (%w)", err)
		}
		return err
	})
}

// defaultMemory is -memory's default, in MiB: with buildMemory (128 MiB
// of postings) a build at full scale (365,408 arguments) holds up to about
// 380 MiB of live heap for the sentences alone (GODEBUG=gctrace=1; 415 MiB
// before its ids were written out as they were coded and its arena grew
// in chunks of 4 MiB instead of 16), more for both units with term
// vectors; without a limit the heap grows to twice that before it is
// collected. The peak RSS follows the limit: 536 MiB, about 548,000 KiB.
const defaultMemory = 536

// buildMemory is the Config.BuildMemory of a build: half the library's
// default, which takes about 100 MiB off the live heap (the postings go to
// three sorted runs instead of two, 190 MB written and read back in all at
// full scale) and so lets defaultMemory be lower for the same work of the
// collector.
const buildMemory = 128 << 20

// weights returns a flag setter that parses n comma-separated weights into
// *p.
func weights(p *[]float64, name string, n int) func(string) error {
	return func(s string) error {
		parts := strings.Split(s, ",")
		if len(parts) != n {
			return fmt.Errorf("want %d comma-separated numbers", n)
		}
		w := make([]float64, n)
		for i, part := range parts {
			v, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
			if err != nil || v < 0 || math.IsInf(v, 0) {
				return fmt.Errorf("%q is not a weight (a number 0 or more)", part)
			}
			w[i] = v
		}
		*p = w
		return nil
	}
}

func search(ctx context.Context, o options, stdout, stderr io.Writer) error {
	if err := outpath.File("-o", o.out); err != nil {
		return err
	}
	qs, err := loadQueries(o)
	if err != nil {
		return err
	}
	x, err := openIndex(ctx, o, indexConfig(o), stdout, stderr)
	if err != nil {
		return err
	}
	defer x.Close()
	fmt.Fprintf(stdout, "analysis: %s\nsearch: %s\n", x.Analysis(), x.Ranking())

	results, lat, err := retrieveTimed(ctx, o, x, qs)
	if err != nil {
		return err
	}
	if err := writeRun(o, qs, results, stderr); err != nil {
		return err
	}
	printLatency(stdout, o, len(qs), lat)
	fmt.Fprintf(stdout, "run: %s\n", o.out)
	return nil
}

// indexConfig is the lexical.Config the flags of o ask for.
func indexConfig(o options) lexical.Config {
	qw, fw := o.qweights, o.fweights
	if qw == nil {
		qw = make([]float64, 3)
	}
	if fw == nil {
		fw = make([]float64, 3)
	}
	prf := o.prf
	if prf == "none" {
		prf = ""
	}
	c := lexical.Config{
		Analyzer: o.analyzer,
		Ranking: lexical.Ranking{
			Unit:    o.unit,
			Scoring: lexical.Scoring{Model: o.model, K1: o.k1, B: o.b, Mu: o.mu, QuantizeLengths: o.quantize},
			Query:   lexical.QueryWeights{Title: qw[0], Description: qw[1], Narrative: qw[2]},
			Fields:  lexical.FieldWeights{Conclusion: fw[0], Premise: fw[1], Title: fw[2]},
			PRF:     lexical.PRF{Method: prf},
		},
	}
	if o.build != "both" {
		c.Units = []string{o.build}
	}
	c.NoTermVectors = o.noVectors
	c.BuildMemory = buildMemory
	return c
}

// openIndex opens the index of -index, or builds it from -corpus when the
// directory holds none, and says which it did on stdout.
func openIndex(ctx context.Context, o options, c lexical.Config, stdout, stderr io.Writer) (*lexical.Index, error) {
	start := time.Now()
	x, err := lexical.Open(o.index, c)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if x, err = buildIndex(ctx, o, c, stderr); err != nil {
			return nil, err
		}
		fmt.Fprintf(stdout, "build: %d sentences, %d arguments in %.1f s\n",
			x.Docs("sentence"), x.Docs("argument"), time.Since(start).Seconds())
	case err != nil:
		return nil, err
	default:
		if err := checkCorpus(o, stderr); err != nil {
			x.Close()
			return nil, err
		}
		fmt.Fprintf(stdout, "open: %d sentences, %d arguments in %.1f s\n",
			x.Docs("sentence"), x.Docs("argument"), time.Since(start).Seconds())
	}
	return x, nil
}

// limitMemory sets the Go heap's soft limit to mib MiB (-memory) unless
// mib is 0 or GOMEMLIMIT is set, and returns what restores the limit
// before it.
func limitMemory(mib int) (restore func()) {
	if mib <= 0 || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(int64(mib) << 20)
	return func() { debug.SetMemoryLimit(prev) }
}

// buildIndex builds the index of -index from -corpus, with a progress bar
// on stderr and the heap limit of -memory while it builds, and records the
// corpus it was built from beside it. A failed build leaves no directory it
// made behind.
func buildIndex(ctx context.Context, o options, c lexical.Config, stderr io.Writer) (*lexical.Index, error) {
	if o.corpus == "" {
		return nil, fmt.Errorf("%s holds no index and no -corpus was given", o.index)
	}
	r, err := corpus.Open(o.corpus)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	defer limitMemory(o.memory)()
	bar := cli.NewProgress(stderr, o.quiet, "indexing", 0, func(n int64) string { return fmt.Sprintf("%d arguments", n) })
	c.Progress = func(p lexical.Progress) {
		if p.Done {
			bar.Done(int64(p.Arguments))
		} else {
			bar.Update(int64(p.Arguments))
		}
	}
	id, err := fileid.ID(o.corpus)
	if err != nil {
		return nil, err
	}
	_, statErr := os.Stat(o.index)
	x, err := lexical.Build(ctx, o.index, r.All(), c)
	if err != nil {
		if os.IsNotExist(statErr) {
			os.RemoveAll(o.index) // made by this build: leave nothing behind
		}
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(o.index, corpusRecord), []byte(id+"\n"), 0o644); err != nil {
		x.Close()
		return nil, fmt.Errorf("recording the index's corpus: %w", err)
	}
	return x, nil
}

// retrieveTimed retrieves the top -k of every query twice, a warm-up pass
// (unless -no-warmup) and a timed pass, and returns the timed pass's hits
// and each query's time. That no query matched anything is an error.
func retrieveTimed(ctx context.Context, o options, x *lexical.Index, qs []retrieval.Query) ([][]retrieval.Hit, []time.Duration, error) {
	for _, q := range qs {
		if o.noWarmup {
			break
		}
		if _, err := x.Retrieve(ctx, q, o.k); err != nil {
			return nil, nil, err
		}
	}
	results := make([][]retrieval.Hit, len(qs))
	lat := make([]time.Duration, len(qs))
	for i, q := range qs {
		t := time.Now()
		var err error
		if results[i], err = x.Retrieve(ctx, q, o.k); err != nil {
			return nil, nil, err
		}
		lat[i] = time.Since(t)
	}
	if slices.IndexFunc(results, func(hs []retrieval.Hit) bool { return len(hs) > 0 }) < 0 {
		return nil, nil, fmt.Errorf("no document matched any of the %d topics: no run written", len(qs))
	}
	return results, lat, nil
}

// writeRun writes the hits of every query to -o as a run tagged -tag
// ("argsearch-" and the model by default). The lines go to
// runfile.WriteFile as they are: it checks, orders and ranks every topic
// as runfile.NewRun would (a second pass through NewRun cost a third of
// the time of writing a full run); the topics without hits, which have no
// lines, are checked by NewRun alone.
func writeRun(o options, qs []retrieval.Query, results [][]retrieval.Hit, stderr io.Writer) error {
	tag := o.tag
	if tag == "" {
		tag = "argsearch-" + o.model
	}
	byTopic := make(map[string][]retrieval.Hit, len(qs))
	for i, q := range qs {
		byTopic[q.ID] = results[i]
	}
	run := make(runfile.Run, len(byTopic))
	empty := make(map[string][]runfile.Result)
	for q, hs := range byTopic {
		if len(hs) == 0 {
			empty[q] = nil
			continue
		}
		lines := make([]runfile.Line, len(hs))
		for j, h := range hs {
			lines[j] = runfile.Line{QID: q, DocID: h.ID, Rank: j + 1, Score: h.Score, Tag: tag}
		}
		run[q] = lines
	}
	if _, err := runfile.NewRun(tag, runfile.Rules{}, empty); err != nil {
		return err
	}
	return cli.WriteRun(stderr, "search", o.out, run, runfile.Rules{}, fmt.Sprintf("-o %s is a directory; here -o names the run file", o.out))
}

// printLatency prints the mean, median, 95th percentile and maximum of
// the queries' times in milliseconds to the microsecond, so that a query
// of a tiny index never reads as 0.00 ms. It sorts lat.
func printLatency(stdout io.Writer, o options, queries int, lat []time.Duration) {
	var sum time.Duration
	for _, l := range lat {
		sum += l
	}
	slices.Sort(lat)
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		i := int(p*float64(len(lat))+0.999999) - 1
		return lat[max(0, min(len(lat)-1, i))]
	}
	mean := time.Duration(0)
	if len(lat) > 0 {
		mean = sum / time.Duration(len(lat))
	}
	fmt.Fprintf(stdout, "queries: %d, top-%d, mean %.3f ms, p50 %.3f ms, p95 %.3f ms, max %.3f ms\n",
		queries, o.k, ms(mean), ms(pct(0.5)), ms(pct(0.95)), ms(pct(1)))
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// loadQueries reads the topics the options name.
func loadQueries(o options) ([]retrieval.Query, error) {
	var ts []topics.Topic
	if o.year != 0 {
		var err error
		if ts, err = topics.Task1(o.year); err != nil {
			return nil, err
		}
	} else {
		b, err := os.ReadFile(o.topics)
		if err != nil {
			return nil, err
		}
		if t := bytes.TrimSpace(b); len(t) > 0 && t[0] != '<' {
			return parseTSV(b, o.topics)
		}
		if ts, err = topics.Parse(bytes.NewReader(b)); err != nil {
			return nil, fmt.Errorf("%s: %w", o.topics, err)
		}
	}
	qs := make([]retrieval.Query, len(ts))
	for i, t := range ts {
		qs[i] = retrieval.TopicQuery(t)
	}
	return qs, nil
}

// parseTSV reads "qid<TAB>query" lines.
func parseTSV(b []byte, name string) ([]retrieval.Query, error) {
	var qs []retrieval.Query
	sc := bufio.NewScanner(bytes.NewReader(b))
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		id, text, ok := strings.Cut(l, "\t")
		if !ok || id == "" || strings.ContainsAny(id, " \t") {
			return nil, fmt.Errorf("%s:%d: want qid<TAB>query", name, line)
		}
		qs = append(qs, retrieval.Query{ID: id, Text: text})
	}
	return qs, sc.Err()
}

// corpusRecord is the file in an index directory that records the corpus
// file the index was built from (internal/fileid: its path, size and time).
const corpusRecord = "argsearch-corpus.txt"

// maxRecord bounds the corpus record shown in full: a path, a size and a
// time; a longer record is not one fileid wrote.
const maxRecord = 8 << 10

// checkCorpus checks, when -corpus is given with an existing index, that
// the index was built from that corpus file as it is now: a missing file, or
// another (or a changed) one, is an error naming both; an index that
// records no corpus (built by an earlier version, or by a cache) is said on
// stderr.
func checkCorpus(o options, stderr io.Writer) error {
	if o.corpus == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(o.index, corpusRecord))
	built := strings.TrimSuffix(string(b), "\n")
	if err != nil || built == "" {
		fmt.Fprintf(stderr, "search: warning: the index in %s records no corpus file, so it cannot be checked against -corpus %s; remove the directory to rebuild it from there\n", o.index, o.corpus)
		return nil
	}
	if len(built) > maxRecord || !utf8.ValidString(built) {
		built = quote.Q(built) // not what fileid writes: say how long, not all of it
	}
	id, err := fileid.ID(o.corpus)
	if err != nil {
		return fmt.Errorf("-corpus %s: %w (the index in %s was built from %s)", o.corpus, err, o.index, built)
	}
	if id != built {
		return fmt.Errorf("the index in %s was built from %s, not from -corpus %s as it is now (%s): remove the directory to rebuild it, or leave out -corpus to search it as it is", o.index, built, o.corpus, id)
	}
	return nil
}
