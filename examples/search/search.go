package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

type options struct {
	corpus, index, unit, model, analyzer, topics, out, prf, tag, units string
	qweights, fweights                                                 string
	year, k                                                            int
	quantize                                                           bool
	k1, b, mu                                                          float64
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.corpus, "corpus", "", "corpus file (processed CSV or args.me JSON; plain, .gz or .tar.gz)")
	fs.StringVar(&o.index, "index", "", "index directory (built from -corpus if it holds no index)")
	fs.StringVar(&o.unit, "unit", "sentence", "what to retrieve: sentence or argument")
	fs.StringVar(&o.model, "model", "bm25", "scoring model: bm25, dirichlet, lucene-dirichlet or tfidf")
	fs.StringVar(&o.analyzer, "analyzer", "", "analyzer preset when building: en (default), lucene, krovetz or plain")
	fs.StringVar(&o.topics, "topics", "", "topics file: Touché XML, or qid<TAB>query lines")
	fs.IntVar(&o.year, "year", 0, "official Task 1 topics of this year, instead of -topics")
	fs.IntVar(&o.k, "k", 1000, "hits per topic")
	fs.StringVar(&o.out, "o", "", "run file to write")
	fs.BoolVar(&o.quantize, "quantize", false, "quantize document lengths as Lucene 8 does")
	fs.Float64Var(&o.k1, "k1", 0, "BM25 k1 (0: 1.2)")
	fs.Float64Var(&o.b, "b", 0, "BM25 b (0: 0.75)")
	fs.Float64Var(&o.mu, "mu", 0, "Dirichlet mu (0: 2000)")
	fs.StringVar(&o.prf, "prf", "", "pseudo-relevance feedback: rm3 or bo1")
	fs.StringVar(&o.qweights, "qweights", "", "weights of title,description,narrative (default 1,0,0)")
	fs.StringVar(&o.fweights, "fweights", "", "argument field weights conclusion,premise,title (default 1,1,1)")
	fs.StringVar(&o.units, "units", "both", "units to build: sentence, argument or both")
	fs.StringVar(&o.tag, "tag", "", "run tag (default argsearch-<model>)")
	if err := fs.Parse(args); err != nil {
		return 1
	}
	if o.index == "" || o.out == "" || (o.topics == "") == (o.year == 0) || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: search -corpus FILE -index DIR [-unit sentence|argument] [-model bm25|dirichlet|lucene-dirichlet|tfidf] [-analyzer NAME] [-topics FILE|-year 2021] [-k 1000] -o run.txt")
		return 1
	}
	if err := search(context.Background(), o, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "search:", err)
		return 2
	}
	return 0
}

func weights(s string, n int) ([]float64, error) {
	if s == "" {
		return make([]float64, n), nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("weights %q: want %d comma-separated numbers", s, n)
	}
	w := make([]float64, n)
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil, fmt.Errorf("weights %q: %v", s, err)
		}
		w[i] = v
	}
	return w, nil
}

func search(ctx context.Context, o options, stdout, stderr io.Writer) error {
	qs, err := loadQueries(o)
	if err != nil {
		return err
	}
	qw, err := weights(o.qweights, 3)
	if err != nil {
		return err
	}
	fw, err := weights(o.fweights, 3)
	if err != nil {
		return err
	}
	c := lexical.Config{
		Analyzer: o.analyzer,
		Search: lexical.Search{
			Unit:    lexical.Unit(o.unit),
			Scoring: lexical.Scoring{Model: lexical.Model(o.model), K1: o.k1, B: o.b, Mu: o.mu, QuantizeLengths: o.quantize},
			Query:   lexical.QueryWeights{Title: qw[0], Description: qw[1], Narrative: qw[2]},
			Fields:  lexical.FieldWeights{Conclusion: fw[0], Premise: fw[1], Title: fw[2]},
			PRF:     lexical.PRF{Method: lexical.PRFMethod(o.prf)},
		},
	}
	switch o.units {
	case "both":
	case "sentence", "argument":
		c.Units = []lexical.Unit{lexical.Unit(o.units)}
	default:
		return fmt.Errorf("-units %q: want sentence, argument or both", o.units)
	}
	start := time.Now()
	x, err := lexical.Open(o.index, c)
	switch {
	case errors.Is(err, lexical.ErrNoIndex):
		if o.corpus == "" {
			return fmt.Errorf("%s holds no index and no -corpus was given", o.index)
		}
		r, err := corpus.Open(o.corpus)
		if err != nil {
			return err
		}
		defer r.Close()
		c.Progress = progressLine(stderr)
		if x, err = lexical.Build(ctx, o.index, r.All(), c); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "build: %d sentences, %d arguments in %.1f s\n",
			x.Docs(lexical.UnitSentence), x.Docs(lexical.UnitArgument), time.Since(start).Seconds())
	case err != nil:
		return err
	default:
		fmt.Fprintf(stdout, "open: %d sentences, %d arguments in %.1f s\n",
			x.Docs(lexical.UnitSentence), x.Docs(lexical.UnitArgument), time.Since(start).Seconds())
	}
	defer x.Close()
	fmt.Fprintf(stdout, "analysis %+v\nsearch %+v\n", x.Analysis(), x.Search())

	// Warm-up pass, then the timed pass whose results are written.
	for _, q := range qs {
		if _, err := x.Retrieve(ctx, q, o.k); err != nil {
			return err
		}
	}
	results := make([][]retrieval.Hit, len(qs))
	lat := make([]time.Duration, len(qs))
	for i, q := range qs {
		t := time.Now()
		if results[i], err = x.Retrieve(ctx, q, o.k); err != nil {
			return err
		}
		lat[i] = time.Since(t)
	}
	tag := o.tag
	if tag == "" {
		tag = "argsearch-" + o.model
	}
	fwr, err := runfile.Create(o.out, tag, runfile.Rules{})
	if err != nil {
		return err
	}
	defer fwr.Abort()
	for i, q := range qs {
		rs := make([]runfile.Result, len(results[i]))
		for j, h := range results[i] {
			rs[j] = runfile.Result{DocID: h.ID, Score: h.Score}
		}
		if err := fwr.Write(q.ID, rs); err != nil {
			return err
		}
	}
	if err := fwr.Close(); err != nil {
		return err
	}
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
	fmt.Fprintf(stdout, "queries: %d, top-%d, mean %.2f ms, p50 %.2f ms, p95 %.2f ms, max %.2f ms\n",
		len(qs), o.k, ms(mean), ms(pct(0.5)), ms(pct(0.95)), ms(pct(1)))
	fmt.Fprintf(stdout, "run: %s\n", o.out)
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// progressLine draws the build progress on one line of w.
func progressLine(w io.Writer) func(lexical.Progress) {
	return func(p lexical.Progress) {
		eta := ""
		if p.ETA > 0 {
			eta = fmt.Sprintf(", ETA %s", p.ETA.Round(time.Second))
		}
		end := ""
		if p.Done {
			end = "\n"
		}
		fmt.Fprintf(w, "\rindexing: %d arguments, %d documents, %.0f arguments/s, %s%s   %s",
			p.Arguments, p.Documents, p.Rate, p.Elapsed.Round(time.Second), eta, end)
	}
}

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
			return nil, err
		}
	}
	return topics.Queries(ts), nil
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
