package filter_test

import (
	"context"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/argsearch/argsearch/nlp/pos"
)

// The benchmarks report sentences per second on the sample's sentences
// (17,590 of them, 19 words on average), per wall-clock second
// ("sentences/s") and per second of process CPU time ("cpu-sentences/s",
// which load from other processes distorts far less). Run with -cpu 1 for
// per-core figures:
//
//	go test -run '^$' -bench . -cpu 1 -count 5 ./filter/

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
	cputime.Report(b, n, "sentences", start)
}

func benchFilter(b *testing.B, f func() filter.Filter) {
	flt := f()
	benchSentences(b, func(s corpus.Sentence) { flt.Check(s) })
}

func BenchmarkFilterLength(b *testing.B) {
	benchFilter(b, func() filter.Filter { return filter.Length{Min: 5, Max: 60} })
}

func BenchmarkFilterNoise(b *testing.B) {
	benchFilter(b, func() filter.Filter { return filter.Noise{} })
}

// BenchmarkFilterDedup starts a new Dedup for every pass over the sample,
// so that most checks see a new text, as over a corpus.
func BenchmarkFilterDedup(b *testing.B) {
	ss := sampleSentences(b)
	var d *filter.Dedup
	n := 0
	start, _ := cputime.Process()
	for b.Loop() {
		if n%len(ss) == 0 {
			d = &filter.Dedup{}
		}
		d.Check(ss[n%len(ss)])
		n++
	}
	cputime.Report(b, n, "sentences", start)
}

func tagger(b *testing.B) *pos.Model {
	t, err := pos.Load()
	if err != nil {
		b.Fatal(err)
	}
	return t
}

func BenchmarkFilterVerb(b *testing.B) {
	tg := tagger(b)
	benchFilter(b, func() filter.Filter { return filter.Verb{POS: tg} })
}

func BenchmarkFilterChain(b *testing.B) {
	tg := tagger(b)
	benchFilter(b, func() filter.Filter {
		return filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{}, filter.Verb{POS: tg})
	})
}

// BenchmarkSelect applies the chain of BenchmarkFilterChain to the whole
// sample with Select, whose pure filters run on every core: one op is one
// pass over the 17,590 sentences.
func BenchmarkSelect(b *testing.B) {
	tg := tagger(b)
	ss := sampleSentences(b)
	start, _ := cputime.Process()
	for b.Loop() {
		f := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{}, filter.Verb{POS: tg})
		if _, _, err := filter.Select(context.Background(), f, ss, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, b.N*len(ss), "sentences", start)
}

// BenchmarkBadInput100KB is the cost of the filters on a 100 KB text.
func BenchmarkBadInput100KB(b *testing.B) {
	text := make([]byte, 0, 100<<10)
	for len(text) < 100<<10 {
		text = append(text, "Nothing here matters at all, but it keeps going on and on. "...)
	}
	s := corpus.Sentence{ID: "X__PREMISE__1", Text: string(text)}
	tg := tagger(b)
	for _, bc := range []struct {
		name string
		f    filter.Filter
	}{{"Length", filter.Length{Min: 5, Max: 60}}, {"Noise", filter.Noise{}}, {"Verb", filter.Verb{POS: tg}}, {"Dedup", &filter.Dedup{}}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				bc.f.Check(s)
			}
		})
	}
}
