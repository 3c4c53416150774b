package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
)

// BenchmarkTopic times the whole pipeline for one topic (retrieve, filter,
// pair, tag stance, write the topic's lines), topics in turn. The input is
// the embedded 2022 sample, or the TIRA input directory in
// ARGSEARCH_BENCH_INPUT with its index cached in ARGSEARCH_BENCH_CACHE
// (built on first use); ARGSEARCH_BENCH_FLAGS holds the pipeline's flags
// (e.g. "-no-prf"):
//
//	ARGSEARCH_BENCH_INPUT=/tmp/full-tira ARGSEARCH_BENCH_CACHE=/tmp/cache \
//	  go test -run '^$' -bench Topic -benchtime 50x -count 5 ./examples/advanced
func BenchmarkTopic(b *testing.B) {
	in := system.Input{Dir: os.Getenv("ARGSEARCH_BENCH_INPUT"), Cache: os.Getenv("ARGSEARCH_BENCH_CACHE")}
	if in.Cache == "" {
		in.Cache = b.TempDir()
	}
	ctx := context.Background()
	env, err := system.Open(ctx, in)
	if err != nil {
		b.Fatal(err)
	}
	defer env.Close()
	cmd := cli.New("advanced", "", "", io.Discard, io.Discard)
	p, _ := define(cmd)
	if status := cmd.Run(strings.Fields(os.Getenv("ARGSEARCH_BENCH_FLAGS")), func([]string) error { return nil }); status != cli.ExitOK {
		b.Fatalf("ARGSEARCH_BENCH_FLAGS: exit status %d", status)
	}
	// The first topic loads the models and opens what the pipeline needs.
	if _, err := p.Answer(ctx, env, env.Topics[0]); err != nil {
		b.Fatal(err)
	}
	pairs, i := 0, 0
	cpu, _ := cputime.Process()
	b.ResetTimer()
	for b.Loop() {
		t := env.Topics[i%len(env.Topics)]
		rs, err := p.Answer(ctx, env, t)
		if err != nil {
			b.Fatal(err)
		}
		if err := runfile.NewWriter(io.Discard, "bench").Write(t.ID, rs); err != nil {
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
