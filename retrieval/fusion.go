package retrieval

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/argsearch/argsearch/internal/quote"
)

// The defaults of a Fusion's fields.
const (
	defaultFusionMethod = "rrf"
	defaultRRF          = 60 // Cormack, Clarke and Büttcher (SIGIR 2009)
)

// Fusion is a Retriever that merges the rankings of several retrievers,
// each list read best first, its best hit at rank 1. Method says how the
// lists are combined:
//
//   - "rrf" (the default): reciprocal rank fusion (Cormack, Clarke and
//     Büttcher, SIGIR 2009); a hit scores Σ w / (RRF + rank) over the lists
//     it is in;
//   - "combsum": every list's scores are normalised (see Normalization),
//     and a hit scores Σ w · normalised score over the lists it is in.
//
// w is the list's weight (Weights). Merge does the fusing of lists already
// retrieved; Retrieve retrieves them first. A field out of range is an
// error naming it.
type Fusion struct {
	Retrievers []Retriever
	// Method is "rrf" (reciprocal rank fusion; "" means rrf) or
	// "combsum" (the weighted sum of normalised scores).
	Method string
	// Depths, one per retriever, is how many hits each returns; nil, or 0
	// for a retriever, means k.
	Depths []int
	// Weights, one per retriever (or list), weigh each list; nil means 1
	// for every one.
	Weights []float64
	// Normalization says how "combsum" rescales each list's scores before
	// summing them: "minmax" (the default, for ""), (s − min)/(max − min),
	// a list of equal scores mapping to 1; "zscore", (s − mean)/standard
	// deviation, equal scores mapping to 0; "sum", s/Σs over the list
	// (scores must be non-negative); or "none", the raw scores. It applies
	// to "combsum" alone: set with "rrf", it is an error.
	Normalization string
	// RRF is the constant k of reciprocal rank fusion, above 0; 0 means
	// 60, as Cormack, Clarke and Büttcher chose it. It applies to "rrf"
	// alone: set with "combsum", it is an error.
	RRF float64
}

// check returns an error naming the first field out of range, for n lists
// (or retrievers).
func (f Fusion) check(n int) error {
	switch f.Method {
	case "", "rrf":
		if f.Normalization != "" {
			return fmt.Errorf("retrieval: fusion: Normalization %s applies to Method combsum", quote.Q(f.Normalization))
		}
		if f.RRF < 0 || math.IsNaN(f.RRF) || math.IsInf(f.RRF, 0) {
			return fmt.Errorf("retrieval: fusion: RRF %v, want above 0 (0 means %d)", f.RRF, defaultRRF)
		}
	case "combsum":
		if f.RRF != 0 {
			return fmt.Errorf("retrieval: fusion: RRF %v applies to Method rrf", f.RRF)
		}
		switch f.Normalization {
		case "", "minmax", "zscore", "sum", "none":
		default:
			return fmt.Errorf("retrieval: fusion: unknown Normalization %s (want minmax, zscore, sum or none)", quote.Q(f.Normalization))
		}
	default:
		return fmt.Errorf("retrieval: fusion: unknown Method %s (want rrf or combsum)", quote.Q(f.Method))
	}
	if f.Weights != nil && len(f.Weights) != n {
		return fmt.Errorf("retrieval: fusion: %d weights for %d lists", len(f.Weights), n)
	}
	return nil
}

// Retrieve calls the retrievers, each once and all at the same time, and
// merges their lists (Merge). The retrievers must be safe to call at the
// same time as one another, as retrievers over one index are. The first of
// their errors, in the order of Retrievers, is returned.
func (f Fusion) Retrieve(ctx context.Context, q Query, k int) ([]Hit, error) {
	if err := checkK(k); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("retrieval: fusion: %w", err)
	}
	if err := f.check(len(f.Retrievers)); err != nil {
		return nil, err
	}
	if f.Depths != nil && len(f.Depths) != len(f.Retrievers) {
		return nil, fmt.Errorf("retrieval: fusion: %d depths for %d retrievers", len(f.Depths), len(f.Retrievers))
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
// most k hits best first (CompareHits order). Retrievers and Depths are not
// used. The lists are not modified.
func (f Fusion) Merge(lists [][]Hit, k int) ([]Hit, error) {
	if err := checkK(k); err != nil {
		return nil, err
	}
	if err := f.check(len(lists)); err != nil {
		return nil, err
	}
	rrf := cmp.Or(f.Method, defaultFusionMethod) == "rrf"
	k0 := cmp.Or(f.RRF, defaultRRF)
	fused := make(map[string]float64)
	for i, hits := range lists {
		w := 1.0
		if f.Weights != nil {
			w = f.Weights[i]
		}
		if rrf {
			for rank, h := range hits {
				fused[h.ID] += w / (k0 + float64(rank+1))
			}
			continue
		}
		norm, err := normalize(f.Normalization, hits)
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

// normalize returns the scores of hits, in order, normalised as
// Fusion.Normalization n says.
func normalize(n string, hits []Hit) ([]float64, error) {
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
	case "minmax", "":
		for i, h := range hits {
			out[i] = 1
			if hi > lo {
				out[i] = (h.Score - lo) / (hi - lo)
			}
		}
	case "zscore":
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
	case "sum":
		if lo < 0 {
			return nil, fmt.Errorf("sum normalisation of negative score %v", lo)
		}
		for i, h := range hits {
			if sum > 0 {
				out[i] = h.Score / sum
			}
		}
	case "none":
		for i, h := range hits {
			out[i] = h.Score
		}
	}
	return out, nil
}
