package retrieval

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/argsearch/argsearch/internal/quote"
)

// Normalization says how Fusion rescales each list's scores before summing.
type Normalization int

// The normalisations of CombSUM.
const (
	MinMax Normalization = iota // (s - min) / (max - min); a list of equal scores maps to 1
	ZScore                      // (s - mean) / standard deviation; equal scores map to 0
	Sum                         // s / Σs over the list (scores must be non-negative)
	None                        // raw scores
)

// String returns the normalisation's name.
func (n Normalization) String() string {
	switch n {
	case MinMax:
		return "minmax"
	case ZScore:
		return "zscore"
	case Sum:
		return "sum"
	case None:
		return "none"
	}
	return fmt.Sprintf("Normalization(%d)", int(n))
}

// Fusion is a Retriever that merges the rankings of several retrievers.
//
// By default it is CombSUM: every list is normalised (Normalization), and a
// hit's fused score is the weighted sum of its normalised scores in the lists
// it appears in. With RRF > 0 it is reciprocal rank fusion instead: a hit
// scores Σ weight / (RRF + rank), ranks from 1 (RRF = 60 is the usual
// constant of Cormack et al. 2009). Merge does the fusing of lists already
// retrieved; Retrieve retrieves them first.
type Fusion struct {
	Retrievers []Retriever
	// Depths, one per retriever, is how many hits each returns; nil, or 0
	// for a retriever, means k.
	Depths []int
	// Weights, one per retriever (or list), nil means 1 for every one.
	Weights       []float64
	Normalization Normalization
	RRF           float64
}

// Retrieve calls the retrievers, each once and all at the same time, and
// merges their lists (Merge). The retrievers must be safe to call at the
// same time as one another, as retrievers over one index are. The first of
// their errors, in the order of Retrievers, is returned.
func (f Fusion) Retrieve(ctx context.Context, q Query, k int) ([]Hit, error) {
	if err := CheckK(k); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("retrieval: fusion: %w", err)
	}
	if f.Depths != nil && len(f.Depths) != len(f.Retrievers) {
		return nil, fmt.Errorf("retrieval: fusion: %d depths for %d retrievers", len(f.Depths), len(f.Retrievers))
	}
	if f.Weights != nil && len(f.Weights) != len(f.Retrievers) {
		return nil, fmt.Errorf("retrieval: fusion: %d weights for %d retrievers", len(f.Weights), len(f.Retrievers))
	}
	lists := make([][]Hit, len(f.Retrievers))
	errs := make([]error, len(f.Retrievers))
	var wg sync.WaitGroup
	for i, r := range f.Retrievers {
		depth := k
		if f.Depths != nil && f.Depths[i] > 0 {
			depth = f.Depths[i]
		}
		wg.Go(func() { lists[i], errs[i] = r.Retrieve(ctx, q, depth) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("retrieval: fusion: retriever %d: %w", i+1, err)
		}
	}
	return f.Merge(lists, k)
}

// Merge fuses ranked lists, lists[i] weighted by Weights[i], and returns at
// most k hits best first (SortHits order). Retrievers and Depths are not
// used. The lists are not modified.
func (f Fusion) Merge(lists [][]Hit, k int) ([]Hit, error) {
	if err := CheckK(k); err != nil {
		return nil, err
	}
	if f.Weights != nil && len(f.Weights) != len(lists) {
		return nil, fmt.Errorf("retrieval: fusion: %d weights for %d lists", len(f.Weights), len(lists))
	}
	fused := make(map[string]float64)
	for i, hits := range lists {
		w := 1.0
		if f.Weights != nil {
			w = f.Weights[i]
		}
		if f.RRF > 0 {
			for rank, h := range hits {
				fused[h.ID] += w / (f.RRF + float64(rank+1))
			}
			continue
		}
		norm, err := f.Normalization.apply(hits)
		if err != nil {
			return nil, fmt.Errorf("retrieval: fusion: list %d: %w", i+1, err)
		}
		for j, h := range hits {
			fused[h.ID] += w * norm[j]
		}
	}
	out := make([]Hit, 0, len(fused))
	for id, s := range fused {
		out = append(out, Hit{ID: id, Score: s})
	}
	return topK(out, k), nil
}

// apply returns the normalised scores of hits, in order.
func (n Normalization) apply(hits []Hit) ([]float64, error) {
	out := make([]float64, len(hits))
	if len(hits) == 0 {
		return out, nil
	}
	lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
	for _, h := range hits {
		if math.IsNaN(h.Score) || math.IsInf(h.Score, 0) {
			return nil, fmt.Errorf("hit %s has score %v", quote.Q(h.ID), h.Score)
		}
		lo, hi, sum = min(lo, h.Score), max(hi, h.Score), sum+h.Score
	}
	switch n {
	case MinMax:
		for i, h := range hits {
			out[i] = 1
			if hi > lo {
				out[i] = (h.Score - lo) / (hi - lo)
			}
		}
	case ZScore:
		mean := sum / float64(len(hits))
		v := 0.0
		for _, h := range hits {
			v += (h.Score - mean) * (h.Score - mean)
		}
		sd := math.Sqrt(v / float64(len(hits)))
		for i, h := range hits {
			if sd > 0 {
				out[i] = (h.Score - mean) / sd
			}
		}
	case Sum:
		if lo < 0 {
			return nil, fmt.Errorf("sum normalisation of negative score %v", lo)
		}
		for i, h := range hits {
			if sum > 0 {
				out[i] = h.Score / sum
			}
		}
	case None:
		for i, h := range hits {
			out[i] = h.Score
		}
	default:
		return nil, fmt.Errorf("unknown normalisation %v", n)
	}
	return out, nil
}
