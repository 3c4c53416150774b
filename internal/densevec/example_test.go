package densevec_test

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/argsearch/argsearch/internal/densevec"
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
	sentences := map[string]string{"a__PREMISE__1": "tax the rich", "b__PREMISE__1": "school uniforms"}
	ids := slices.Sorted(maps.Keys(sentences))
	x, err := densevec.Encode(ctx, counts{}, len(ids), func(yield func(string, string) bool) {
		for _, id := range ids {
			if !yield(id, sentences[id]) {
				return
			}
		}
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	hits, err := x.Search(ctx, "1", "taxes", 1)
	fmt.Println(x.Len(), x.Q.Stride, hits, err)
	// Output:
	// 2 16 [{a__PREMISE__1 1}] <nil>
}
