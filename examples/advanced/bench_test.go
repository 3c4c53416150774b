package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
)

// BenchmarkTopic times the whole pipeline for one topic (retrieve, filter,
// pair, tag stance, write the topic's lines), topics in turn. The input is
// the embedded sample, or the TIRA input directory in ARGSEARCH_BENCH_INPUT
// with its index cached in ARGSEARCH_BENCH_CACHE (built on first use);
// ARGSEARCH_BENCH_FLAGS holds the pipeline's flags (e.g. "-no-prf"):
//
//	ARGSEARCH_BENCH_INPUT=/tmp/full-tira ARGSEARCH_BENCH_CACHE=/tmp/cache \
//	  go test -run '^$' -bench Topic -benchtime 50x -count 5 ./examples/advanced
func BenchmarkTopic(b *testing.B) {
	f := system.Flags{Quiet: true, Workers: 1, MinPairs: -1}
	f.TIRA.InputDir = os.Getenv("ARGSEARCH_BENCH_INPUT")
	f.CacheDir = os.Getenv("ARGSEARCH_BENCH_CACHE")
	if f.CacheDir == "" {
		f.CacheDir = b.TempDir()
	}
	ctx := context.Background()
	env, err := system.Open(ctx, f, lexical.Config{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer env.Close()
	cmd := cli.New("advanced", "", "", io.Discard, io.Discard)
	c := define(cmd)
	if status := cmd.Run(strings.Fields(os.Getenv("ARGSEARCH_BENCH_FLAGS")), func([]string) error { return nil }); status != cli.ExitOK {
		b.Fatalf("ARGSEARCH_BENCH_FLAGS: exit status %d", status)
	}
	p, err := newPipeline(env, *c, startModels(c.Verb || c.NounPhrases))
	if err != nil {
		b.Fatal(err)
	}
	pairs, i := 0, 0
	cpu, _ := cputime.Process()
	b.ResetTimer()
	for b.Loop() {
		q := env.Queries[i%len(env.Queries)]
		rs, err := p.answer(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		if err := runfile.NewWriter(discard{}, "bench").Write(q.ID, rs); err != nil {
			b.Fatal(err)
		}
		pairs += len(rs)
		i++
	}
	b.ReportMetric(float64(pairs)/float64(i), "pairs/topic")
	if end, ok := cputime.Process(); ok {
		b.ReportMetric(float64(end-cpu)/1e6/float64(i), "cpu-ms/topic")
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
