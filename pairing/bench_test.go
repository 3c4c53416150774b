package pairing

import (
	"context"
	"github.com/argsearch/argsearch/retrieval"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/cputime"
)

// The benchmarks report sentences per second on the sample's sentences
// (17,590 of them, 19 words on average), per wall-clock second
// ("sentences/s") and per second of process CPU time ("cpu-sentences/s",
// which load from other processes distorts far less). Run with -cpu 1 for
// per-core figures:
//
//	go test -run '^$' -bench . -cpu 1 -count 5 ./pairing/
//
// The filters' and the tagger's benchmarks are in packages filter and
// nlp/pos.

// benchArguments calls f on the sample's arguments in turn and reports
// their sentences per second.
func benchArguments(b *testing.B, f func(a corpus.Argument)) {
	args := sampleArguments(b)
	n, sentences := 0, 0
	start, _ := cputime.Process()
	for b.Loop() {
		a := args[n%len(args)]
		f(a)
		sentences += len(a.Sentences)
		n++
	}
	cputime.Report(b, sentences, "sentences", start)
}

// BenchmarkArgsRank ranks whole sample arguments.
func BenchmarkArgsRank(b *testing.B) {
	var r ArgsRank
	benchArguments(b, func(a corpus.Argument) { r.Argument(a) })
}

func BenchmarkAdjacent(b *testing.B) {
	benchArguments(b, func(a corpus.Argument) {
		for p := range adjacent(a) {
			_ = p.ID()
		}
	})
}

// BenchmarkBuild pairs 100 candidate sentences (one query's pool, 4,950
// candidate pairs) with the heuristic noun phrases and with the tagger.
func BenchmarkBuild(b *testing.B) {
	cands := sampleCandidates(b, 100)
	for _, bc := range []struct {
		name string
		tag  interface{ NounPhrases(string) []string }
	}{{"heuristic", nil}, {"tagger", testTagger(b)}} {
		b.Run(bc.name, func(b *testing.B) {
			builder := Builder{Coherence: Coherence{Phrases: bc.tag}}
			n := 0
			start, _ := cputime.Process()
			for b.Loop() {
				if _, err := builder.Build(context.Background(), retrieval.Query{}, cands, 1000); err != nil {
					b.Fatal(err)
				}
				n++
			}
			cputime.Report(b, n*len(cands), "sentences", start)
		})
	}
}
