package lexical

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/argsearch/argsearch/retrieval"
)

// Full-scale benchmarks read a generated corpus and queries named by
// environment variables, and skip without them:
//
//	go run ./internal/corpustest/gencorpus -args 365408 -o /tmp/full.csv -queries /tmp/queries.tsv
//	LEXICAL_CORPUS=/tmp/full.csv go test -run '^$' -bench BuildSentences -benchtime 1x -count 5 ./retrieval/lexical/
//	LEXICAL_INDEX=/tmp/idx LEXICAL_QUERIES=/tmp/queries.tsv go test -run '^$' -bench Retrieve -count 5 ./retrieval/lexical/
//
// LEXICAL_INDEX must hold an index built with the lucene analyzer (e.g. by
// examples/search -analyzer lucene). LEXICAL_ANALYZER names the preset the
// build benchmarks use (default lucene; e.g. krovetz to measure the cost of
// Krovetz conflation).

func benchCorpus(b *testing.B) string {
	p := os.Getenv("LEXICAL_CORPUS")
	if p == "" {
		b.Skip("LEXICAL_CORPUS not set")
	}
	return p
}

func benchBuild(b *testing.B, units []string) {
	p := benchCorpus(b)
	an := cmp.Or(os.Getenv("LEXICAL_ANALYZER"), "lucene")
	for b.Loop() {
		r, err := corpus.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		dir := filepath.Join(b.TempDir(), "index")
		x, err := Build(context.Background(), dir, r.All(), Config{Analyzer: an, Units: units})
		if err != nil {
			b.Fatal(err)
		}
		r.Close()
		b.ReportMetric(float64(x.Docs("sentence")), "sentences")
		x.Close()
		os.RemoveAll(dir)
	}
}

// BenchmarkBuildSentences indexes the sentences of LEXICAL_CORPUS into a
// directory (reading the corpus included).
func BenchmarkBuildSentences(b *testing.B) { benchBuild(b, []string{"sentence"}) }

// BenchmarkBuildBoth indexes sentences and arguments.
func BenchmarkBuildBoth(b *testing.B) { benchBuild(b, nil) }

func benchQueries(b *testing.B) []retrieval.Query {
	p := os.Getenv("LEXICAL_QUERIES")
	if p == "" {
		b.Skip("LEXICAL_QUERIES not set")
	}
	f, err := os.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var qs []retrieval.Query
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		id, text, ok := strings.Cut(sc.Text(), "\t")
		if ok {
			qs = append(qs, retrieval.Query{ID: id, Text: text})
		}
	}
	return qs
}

// BenchmarkRetrieve runs the benchmark queries, top 1000, on the index in
// LEXICAL_INDEX; one op is one query (cycling through them). Besides the
// wall time it reports the 95th percentile of the queries' wall times
// (p95-ms) and the process's CPU time per query (cpu-ms/op, where the
// platform tells it), which is steadier than wall time on a shared machine.
func BenchmarkRetrieve(b *testing.B) {
	dir := os.Getenv("LEXICAL_INDEX")
	if dir == "" {
		b.Skip("LEXICAL_INDEX not set")
	}
	qs := benchQueries(b)
	x, err := Open(dir, Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer x.Close()
	for _, u := range x.d.units {
		for _, model := range []string{"bm25", "lucene-dirichlet", "dirichlet"} {
			y, err := x.With(Ranking{Unit: u, Scoring: Scoring{Model: model}})
			if err != nil {
				b.Fatal(err)
			}
			for _, k := range []int{1000, 100, 10} {
				b.Run(fmt.Sprintf("%s/%s/k=%d", u, model, k), func(b *testing.B) {
					var took []time.Duration
					cpu0, _ := cputime.Process()
					for b.Loop() {
						start := time.Now()
						if _, err := y.Retrieve(context.Background(), qs[len(took)%len(qs)], k); err != nil {
							b.Fatal(err)
						}
						took = append(took, time.Since(start))
					}
					cpu1, _ := cputime.Process()
					cputime.ReportQueries(b, took, cpu1-cpu0)
				})
			}
		}
	}
}

// BenchmarkIndexBytes reports where the bytes of the index in
// LEXICAL_INDEX go, per unit and field: bytes per posting of the postings
// and of the term vectors, and the megabytes of each part (ids, terms with
// their statistics, postings, lengths, term vectors). It measures nothing
// in time; one op opens nothing.
func BenchmarkIndexBytes(b *testing.B) {
	dir := os.Getenv("LEXICAL_INDEX")
	if dir == "" {
		b.Skip("LEXICAL_INDEX not set")
	}
	x, err := Open(dir, Config{})
	if err != nil {
		b.Fatal(err)
	}
	defer x.Close()
	const mb = 1e6
	for _, ud := range x.d.Units {
		for _, f := range ud.Fields {
			b.Run(fmt.Sprintf("%s/%s", ud.Name, f.Name), func(b *testing.B) {
				for b.Loop() {
				}
				postings := 0
				for _, df := range f.DF {
					postings += int(df)
				}
				terms := len(f.TermBlob) + 8*len(f.TermOff) + 4*len(f.DF) + 8*len(f.TTF) + 4*len(f.MaxTF) + 8*len(f.PostOff)
				b.ReportMetric(float64(postings), "postings")
				blocks := 12*len(f.Blocks) + 4*len(f.BlockAt)
				b.ReportMetric(float64(len(f.Post)+blocks)/float64(max(postings, 1)), "post-B/posting")
				b.ReportMetric(float64(len(f.Post))/mb, "post-MB")
				b.ReportMetric(float64(blocks)/mb, "blocks-MB")
				b.ReportMetric(float64(len(f.Fwd)+8*len(f.FwdOff))/mb, "vectors-MB")
				b.ReportMetric(float64(len(f.DL8)+4*len(f.DL))/mb, "lengths-MB")
				b.ReportMetric(float64(terms)/mb, "terms-MB")
				b.ReportMetric(float64(len(ud.IDData)+8*len(ud.IDRestart)+4*len(ud.IDRank))/mb, "ids-MB")
			})
		}
	}
}

// BenchmarkOpen measures opening the index in LEXICAL_INDEX: reading its
// files and checking them.
func BenchmarkOpen(b *testing.B) {
	dir := os.Getenv("LEXICAL_INDEX")
	if dir == "" {
		b.Skip("LEXICAL_INDEX not set")
	}
	for b.Loop() {
		x, err := Open(dir, Config{})
		if err != nil {
			b.Fatal(err)
		}
		x.Close()
	}
}

// BenchmarkBuildSample indexes the embedded 643-argument sample in memory.
func BenchmarkBuildSample(b *testing.B) {
	args := sampleArgs(b, 1000)
	for b.Loop() {
		if _, err := Build(context.Background(), "", seq(args), Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildSampleKrovetz indexes the sample in memory with the krovetz
// preset (Lucene's KStem chain), to compare with BenchmarkBuildSample
// (Porter2).
func BenchmarkBuildSampleKrovetz(b *testing.B) {
	args := sampleArgs(b, 1000)
	for b.Loop() {
		if _, err := Build(context.Background(), "", seq(args), Config{Analyzer: "krovetz"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRetrieveSample retrieves sentences of the sample, top 1000.
func BenchmarkRetrieveSample(b *testing.B) {
	x, err := Build(context.Background(), "", seq(sampleArgs(b, 1000)), Config{})
	if err != nil {
		b.Fatal(err)
	}
	q := retrieval.Query{Text: "Should the death penalty be abolished?"}
	for b.Loop() {
		if _, err := x.Retrieve(context.Background(), q, 1000); err != nil {
			b.Fatal(err)
		}
	}
}
