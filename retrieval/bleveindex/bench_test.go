package bleveindex_test

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/bleveindex"
)

// The sample benchmarks mirror those of package lexical:
//
//	go test -run '^$' -bench 'Sample' -count 5 ./retrieval/lexical ./retrieval/bleveindex
//
// Full-scale benchmarks read a generated corpus, queries and an index
// named by environment variables, and skip without them:
//
//	go run ./internal/corpustest/gencorpus -args 365408 -o /tmp/full.csv -queries /tmp/queries.tsv
//	LEXICAL_CORPUS=/tmp/full.csv go test -run '^$' -bench BuildSentences -benchtime 1x -count 1 ./retrieval/bleveindex/
//
// (BuildSentences matches BenchmarkBuildSentences, Build's index, and
// BenchmarkBleveBuildSentences, bleve's default mapping.)
//
//	BLEVEINDEX_INDEX=/tmp/bidx LEXICAL_CORPUS=/tmp/full.csv LEXICAL_QUERIES=/tmp/queries.tsv go test -run '^$' -bench 'Retrieve$' -count 5 ./retrieval/bleveindex/
//
// BLEVEINDEX_INDEX names a bleve index of sentences; if it does not exist,
// BenchmarkRetrieve first builds it there from LEXICAL_CORPUS (with
// Build's defaults) and keeps it. bleve indexes about 17 times slower than
// package lexical: at full scale a build takes tens of minutes.

func benchCorpus(b *testing.B) string {
	p := os.Getenv("LEXICAL_CORPUS")
	if p == "" {
		b.Skip("LEXICAL_CORPUS not set")
	}
	return p
}

func benchBuild(b *testing.B, unit string) {
	p := benchCorpus(b)
	for b.Loop() {
		r, err := corpus.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		dir := filepath.Join(b.TempDir(), "bleve")
		x, err := bleveindex.Build(context.Background(), dir, r.All(), bleveindex.Config{Unit: unit})
		if err != nil {
			b.Fatal(err)
		}
		r.Close()
		n, err := x.Bleve().DocCount()
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(n), string(unit)+"s")
		x.Close()
		os.RemoveAll(dir)
	}
}

// BenchmarkBuildSentences indexes the sentences of LEXICAL_CORPUS into a
// directory with Build (reading the corpus included): bleve's own batch
// indexing (scorch, one text field analysed by bleve's "en" analyzer,
// batches of 1000 documents), then a merge into one segment. It is
// lexical's BenchmarkBuildSentences done by bleve, for comparison.
func BenchmarkBuildSentences(b *testing.B) { benchBuild(b, "sentence") }

// BenchmarkBuildArguments indexes the arguments of LEXICAL_CORPUS (three
// fields and "_all").
func BenchmarkBuildArguments(b *testing.B) { benchBuild(b, "argument") }

// BenchmarkBleveBuildSentences is the measurement of bleve's own indexing
// that BENCHMARKS.md reports (moved here from package lexical, unchanged):
// bleve.New with bleve's default mapping (dynamic fields, stored, in
// "_all" and with doc values) and DefaultAnalyzer "en", batches of 1000,
// no merge. Build's index (BenchmarkBuildSentences) stores less.
func BenchmarkBleveBuildSentences(b *testing.B) {
	p := benchCorpus(b)
	for b.Loop() {
		r, err := corpus.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		m := mapping.NewIndexMapping()
		m.DefaultAnalyzer = "en"
		dir := filepath.Join(b.TempDir(), "bleve")
		idx, err := bleve.New(dir, m)
		if err != nil {
			b.Fatal(err)
		}
		batch := idx.NewBatch()
		n := 0
		for a, err := range r.All() {
			if err != nil {
				b.Fatal(err)
			}
			for _, s := range a.Sentences {
				if err := batch.Index(s.ID, map[string]string{"text": s.Text}); err != nil {
					b.Fatal(err)
				}
				n++
				if batch.Size() == 1000 {
					if err := idx.Batch(batch); err != nil {
						b.Fatal(err)
					}
					batch = idx.NewBatch()
				}
			}
		}
		if err := idx.Batch(batch); err != nil {
			b.Fatal(err)
		}
		if err := idx.Close(); err != nil {
			b.Fatal(err)
		}
		r.Close()
		b.ReportMetric(float64(n), "sentences")
		os.RemoveAll(dir)
	}
}

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
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	if len(qs) == 0 {
		b.Fatalf("%s: no queries", p)
	}
	return qs
}

// benchIndex opens BLEVEINDEX_INDEX, building it from LEXICAL_CORPUS first
// if it does not exist.
func benchIndex(b *testing.B, c bleveindex.Config) *bleveindex.Index {
	dir := os.Getenv("BLEVEINDEX_INDEX")
	if dir == "" {
		b.Skip("BLEVEINDEX_INDEX not set")
	}
	x, err := bleveindex.Open(dir, c)
	if errors.Is(err, fs.ErrNotExist) {
		r, err := corpus.Open(benchCorpus(b))
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		start := time.Now()
		x, err = bleveindex.Build(context.Background(), dir, r.All(), c)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("built %s in %v", dir, time.Since(start).Round(time.Second))
		return x
	}
	if err != nil {
		b.Fatal(err)
	}
	return x
}

// BenchmarkRetrieve runs the LEXICAL_QUERIES queries (Touché-like titles,
// read as plain text), top 1000, on the index in BLEVEINDEX_INDEX; one op
// is one query (cycling through them). Besides the wall time it reports
// the 95th percentile of the queries' wall times (p95-ms) and the
// process's CPU time per query (cpu-ms/op, where the platform tells it).
func BenchmarkRetrieve(b *testing.B) {
	qs := benchQueries(b)
	x := benchIndex(b, bleveindex.Config{Plain: true})
	defer x.Close()
	var took []time.Duration
	cpu0, _ := cputime.Process()
	for b.Loop() {
		start := time.Now()
		if _, err := x.Retrieve(context.Background(), qs[len(took)%len(qs)], 1000); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	cpu1, _ := cputime.Process()
	cputime.ReportQueries(b, took, cpu1-cpu0)
}

// BenchmarkBuildSample indexes the sentences of the embedded 643-argument
// sample in memory (lexical's BenchmarkBuildSample indexes sentences and
// arguments).
func BenchmarkBuildSample(b *testing.B) {
	args := sampleArgs(b)
	for b.Loop() {
		x, err := bleveindex.Build(context.Background(), "", seq(args, nil), bleveindex.Config{})
		if err != nil {
			b.Fatal(err)
		}
		x.Close()
	}
}

// BenchmarkRetrieveSample retrieves sentences of the sample, top 1000, for
// the query of lexical's BenchmarkRetrieveSample, read as plain text.
func BenchmarkRetrieveSample(b *testing.B) {
	x, err := bleveindex.Build(context.Background(), "", seq(sampleArgs(b), nil), bleveindex.Config{Plain: true})
	if err != nil {
		b.Fatal(err)
	}
	defer x.Close()
	q := retrieval.Query{Text: "Should the death penalty be abolished?"}
	for b.Loop() {
		if _, err := x.Retrieve(context.Background(), q, 1000); err != nil {
			b.Fatal(err)
		}
	}
}
