package dense_test

import (
	"context"
	"hash/fnv"
	"iter"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/dense"
	"github.com/argsearch/argsearch/semantic/use"
)

// random512 gives each text a pseudo-random 512-d vector seeded by its
// hash: an encoder that costs nothing, for timing the search alone.
type random512 struct{}

func (random512) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	vs := make([][]float32, len(texts))
	for i, t := range texts {
		h := fnv.New64a()
		h.Write([]byte(t))
		rng := rand.New(rand.NewPCG(h.Sum64(), 1))
		v := make([]float32, 512)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		vs[i] = v
	}
	return vs, nil
}

// syntheticStore is a store of n one-sentence arguments.
func syntheticStore(b *testing.B, n int) *corpus.Store {
	args := func(yield func(corpus.Argument, error) bool) {
		for i := range n {
			id := "arg" + strconv.Itoa(i)
			if !yield(corpus.Argument{ID: id, Sentences: []corpus.Sentence{{ID: id + "__PREMISE__1", Text: "sentence " + id}}}, nil) {
				return
			}
		}
	}
	s, err := corpus.BuildStore(context.Background(), iter.Seq2[corpus.Argument, error](args))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkRetrieve times one top-1000 query over 100,000 sentence vectors
// of 512 dimensions (the search alone; the query's encoding is free here).
func BenchmarkRetrieve(b *testing.B) {
	ctx := context.Background()
	x, err := dense.Build(ctx, random512{}, syntheticStore(b, 100000))
	if err != nil {
		b.Fatal(err)
	}
	q := retrieval.Query{ID: "1", Text: "Should teachers get tenure?"}
	b.ResetTimer()
	for b.Loop() {
		if _, err := x.Retrieve(ctx, q, 1000); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildUSE times encoding the first 2,000 sentences of the
// embedded 2022 sample with Universal Sentence Encoder lite.
func BenchmarkBuildUSE(b *testing.B) {
	ctx := context.Background()
	var args []corpus.Argument
	n := 0
	for a, err := range corpus.NewCSVReader(sample.Touche2022().ProcessedCSV()).All() {
		if err != nil {
			b.Fatal(err)
		}
		if n >= 2000 {
			break
		}
		args = append(args, a)
		n += len(a.Sentences)
	}
	small, err := corpus.BuildStore(ctx, func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	enc, err := use.Load()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := dense.Build(ctx, enc, small); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(small.NumSentences()*b.N)/b.Elapsed().Seconds(), "sentences/s")
}
