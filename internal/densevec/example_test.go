package densevec_test

import (
	"context"
	"fmt"
	"iter"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/densevec"
	"github.com/argsearch/argsearch/retrieval"
)

// counts encodes a text starting with "tax" as (1, 0), any other as (0, 1).
type counts struct{}

func (counts) Encode(_ context.Context, texts []string) ([][]float32, error) {
	var out [][]float32
	for _, t := range texts {
		var v [2]float32
		if len(t) >= 3 && t[:3] == "tax" {
			v[0] = 1
		} else {
			v[1] = 1
		}
		out = append(out, v[:])
	}
	return out, nil
}

func Example() {
	ctx := context.Background()
	args := []corpus.Argument{
		{ID: "a", Sentences: []corpus.Sentence{{ID: "a__PREMISE__1", Text: "tax the rich"}}},
		{ID: "b", Sentences: []corpus.Sentence{{ID: "b__PREMISE__1", Text: "school uniforms"}}},
	}
	store, err := corpus.BuildStore(ctx, iter.Seq2[corpus.Argument, error](func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}))
	if err != nil {
		fmt.Println(err)
		return
	}
	x, err := densevec.Encode(ctx, counts{}, store)
	if err != nil {
		fmt.Println(err)
		return
	}
	hits, err := x.Retrieve(ctx, retrieval.Query{ID: "1", Text: "taxes"}, 1)
	fmt.Println(x.Len(), x.Q.Stride, hits, err)
	// Output:
	// 2 16 [{a__PREMISE__1 1}] <nil>
}
