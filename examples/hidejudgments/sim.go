package main

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/docid"
)

// hide returns the judgments j without every pair that touches a hidden
// sentence, and the hidden sentences by topic: in each topic, the share
// fraction of the sentences of its judged pairs (rounded), drawn with the
// PCG generator seeded by seed and rep.
func hide(j *eval.Judgments, fraction float64, seed, rep uint64) (*eval.Judgments, map[string]map[string]bool, error) {
	dims := j.Dimensions()
	first := j.Qrels(dims[0])
	rng := rand.New(rand.NewPCG(seed, rep))
	hidden := map[string]map[string]bool{}
	for _, topic := range first.Topics() {
		seen := map[string]bool{}
		var sentences []string
		for jd := range first.All() {
			if jd.Topic != topic {
				continue
			}
			a, b, err := docid.ParsePair(jd.DocID)
			if err != nil {
				return nil, nil, fmt.Errorf("topic %s: %w", topic, err)
			}
			for _, s := range []string{a, b} {
				if !seen[s] {
					seen[s], sentences = true, append(sentences, s)
				}
			}
		}
		slices.Sort(sentences)
		rng.Shuffle(len(sentences), func(a, b int) { sentences[a], sentences[b] = sentences[b], sentences[a] })
		n := int(math.Round(fraction * float64(len(sentences))))
		hidden[topic] = map[string]bool{}
		for _, s := range sentences[:n] {
			hidden[topic][s] = true
		}
	}
	var qrels []*eval.Qrels
	for _, d := range dims {
		var kept []eval.Judgment
		for jd := range j.Qrels(d).All() {
			a, b, _ := docid.ParsePair(jd.DocID)
			if !hidden[jd.Topic][a] && !hidden[jd.Topic][b] {
				kept = append(kept, jd)
			}
		}
		q, err := eval.NewQrels(kept)
		if err != nil {
			return nil, nil, err
		}
		qrels = append(qrels, q)
	}
	reduced, err := eval.NewJudgments(j.Name, dims, qrels)
	return reduced, hidden, err
}

// kendall returns Kendall's τ-b between two scorings of the same systems.
func kendall(a, b []float64) float64 {
	var concordant, discordant, tiesA, tiesB float64
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			da, db := cmp.Compare(a[i], a[j]), cmp.Compare(b[i], b[j])
			switch {
			case da == 0 && db == 0:
			case da == 0:
				tiesA++
			case db == 0:
				tiesB++
			case da == db:
				concordant++
			default:
				discordant++
			}
		}
	}
	d := math.Sqrt((concordant + discordant + tiesA) * (concordant + discordant + tiesB))
	if d == 0 {
		return math.NaN()
	}
	return (concordant - discordant) / d
}

// pearson returns the correlation of x and y; NaN if either is constant.
func pearson(x, y []float64) float64 {
	mx, my := meanOf(x), meanOf(y)
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// meanOf returns the mean of v, NaN for none.
func meanOf(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// sdOf returns the sample standard deviation of v, 0 for fewer than two.
func sdOf(v []float64) float64 {
	if len(v) < 2 {
		return 0
	}
	m := meanOf(v)
	var s float64
	for _, x := range v {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(v)-1))
}

// verdict is the outcome of a paired t-test of a against b at level 0.05:
// +1 when a is significantly better, -1 when worse, 0 otherwise.
func verdict(a, b []float64) int {
	p, err := eval.PairedTest{}.P(a, b) // the paired t-test
	if err != nil || math.IsNaN(p) || p >= 0.05 {
		return 0
	}
	diff := 0.0
	for i := range a {
		diff += a[i] - b[i]
	}
	if diff > 0 {
		return 1
	}
	return -1
}

// pairOf splits a pair id.
func pairOf(id string) (string, string, error) {
	return docid.ParsePair(id)
}
