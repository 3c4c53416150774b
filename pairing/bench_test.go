package pairing

import (
	"context"
	"testing"
	"time"

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

// benchSentences calls f on the sample's sentences in turn and reports
// sentences per second.
func benchSentences(b *testing.B, f func(s corpus.Sentence)) {
	ss := sampleSentences(b)
	n := 0
	start, _ := cputime.Process()
	for b.Loop() {
		f(ss[n%len(ss)])
		n++
	}
	reportSentences(b, n, start)
}

// reportSentences reports n sentences per wall-clock second and per CPU
// second since start.
func reportSentences(b *testing.B, n int, start time.Duration) {
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "sentences/s")
	if v, ok := cputime.PerSecond(float64(n), start); ok {
		b.ReportMetric(v, "cpu-sentences/s")
	}
}

func benchFilter(b *testing.B, f func() Filter) {
	flt := f()
	benchSentences(b, func(s corpus.Sentence) { flt.Check(s) })
}

func BenchmarkFilterLength(b *testing.B) {
	benchFilter(b, func() Filter { return Length{Min: 5, Max: 60} })
}

func BenchmarkFilterNoise(b *testing.B) { benchFilter(b, func() Filter { return Noise{} }) }

// BenchmarkFilterDedup starts a new Dedup for every pass over the sample,
// so that most checks see a new text, as over a corpus.
func BenchmarkFilterDedup(b *testing.B) {
	ss := sampleSentences(b)
	var d *Dedup
	n := 0
	start, _ := cputime.Process()
	for b.Loop() {
		if n%len(ss) == 0 {
			d = &Dedup{}
		}
		d.Check(ss[n%len(ss)])
		n++
	}
	reportSentences(b, n, start)
}

func BenchmarkFilterVerb(b *testing.B) {
	tagger := testTagger(b)
	benchFilter(b, func() Filter { return VerbFilter{Tagger: tagger} })
}

func BenchmarkFilterChain(b *testing.B) {
	tagger := testTagger(b)
	benchFilter(b, func() Filter {
		return Chain(Length{Min: 5, Max: 60}, Noise{}, &Dedup{}, VerbFilter{Tagger: tagger})
	})
}

func BenchmarkPOSTag(b *testing.B) {
	tagger := testTagger(b)
	benchSentences(b, func(s corpus.Sentence) { tagger.Tag(s.Text) })
}

func BenchmarkNounPhrases(b *testing.B) {
	tagger := testTagger(b)
	benchSentences(b, func(s corpus.Sentence) { tagger.NounPhrases(s.Text) })
}

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
	reportSentences(b, sentences, start)
}

// BenchmarkArgsRank ranks whole sample arguments.
func BenchmarkArgsRank(b *testing.B) {
	var r ArgsRank
	benchArguments(b, func(a corpus.Argument) { r.Argument(a) })
}

// BenchmarkSwordsman is ArgsRank plus TopTwo per argument.
func BenchmarkSwordsman(b *testing.B) {
	var r ArgsRank
	benchArguments(b, func(a corpus.Argument) { TopTwo(a, r.Argument(a).Scores) })
}

func BenchmarkAdjacent(b *testing.B) {
	benchArguments(b, func(a corpus.Argument) {
		for p := range Adjacent(a) {
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
		tag  *POSTagger
	}{{"heuristic", nil}, {"tagger", testTagger(b)}} {
		b.Run(bc.name, func(b *testing.B) {
			builder := Builder{Coherence: Coherence{Tagger: bc.tag}}
			n := 0
			start, _ := cputime.Process()
			for b.Loop() {
				if _, err := builder.Build(context.Background(), cands, 1000); err != nil {
					b.Fatal(err)
				}
				n++
			}
			reportSentences(b, n*len(cands), start)
		})
	}
}

// BenchmarkBadInput100KB is the cost of the filters on a 100 KB text.
func BenchmarkBadInput100KB(b *testing.B) {
	text := make([]byte, 0, 100<<10)
	for len(text) < 100<<10 {
		text = append(text, "Nothing here matters at all, but it keeps going on and on. "...)
	}
	s := corpus.Sentence{ID: "X__PREMISE__1", Text: string(text)}
	tagger := testTagger(b)
	for _, bc := range []struct {
		name string
		f    Filter
	}{{"Length", Length{Min: 5, Max: 60}}, {"Noise", Noise{}}, {"Verb", VerbFilter{Tagger: tagger}}, {"Dedup", &Dedup{}}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				bc.f.Check(s)
			}
		})
	}
}
