package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/eval"
)

// bins are the lower bounds of the judged@5 bins of the significance
// table: a pair of systems falls in the bin of the smaller judged@5 of the
// two.
var bins = []float64{0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5}

// write prints the result as markdown tables.
func (r *result) write(w io.Writer, s *simulation) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Systems: %d runs of the embedded 2022 sample (%d topics), scored with the official 2022 judgments; %d repetitions per share hidden, seed %d.\n\n",
		len(s.names), len(s.topics), s.reps, s.seed)
	r.writeFigures(&b, s)
	if err := r.writeStability(&b, s); err != nil {
		return err
	}
	r.writeStabilityByJudged(&b, s)
	r.writePredictor(&b, s)
	r.writeSignificance(&b, s)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFigures writes every system's figures under all judgments.
func (r *result) writeFigures(b *strings.Builder, s *simulation) {
	b.WriteString("### Every figure under all judgments\n\n| system | judged@5 |")
	for _, d := range r.dims {
		for f := range numFigures {
			fmt.Fprintf(b, " %s %s |", d, shortName(f))
		}
	}
	b.WriteString("\n|---|---:|" + strings.Repeat("---:|", numFigures*len(r.dims)) + "\n")
	for i, name := range s.names {
		fmt.Fprintf(b, "| %s | %.2f |", name, r.full[r.dims[0]].judged[i])
		for _, d := range r.dims {
			for f := range numFigures {
				fmt.Fprintf(b, " %.3f |", r.full[d].mean[f][i])
			}
		}
		b.WriteString("\n")
	}
}

// writeStability writes Kendall's tau between the systems' order under all
// judgments and under the reduced ones, and the pool artifact: the spread
// of advanced's figures over Pool 20, 50, 100 and 200 against their noise.
func (r *result) writeStability(b *strings.Builder, s *simulation) error {
	pool := s.poolIndices()
	b.WriteString("\n### Stability of the systems' order, and the pool artifact\n\n")
	b.WriteString("τ: Kendall's τ-b between the systems' order under all judgments and under the judgments left after hiding (mean ± sd over repetitions). ")
	b.WriteString("Pool: advanced at Pool 20, 50, 100 and 200 under all judgments; spread is the largest minus the smallest of the four, noise the mean half-width of their 95% bootstrap intervals over topics, p the paired t-test of Pool 20 against Pool 100.\n\n")
	b.WriteString("| dimension | figure |")
	for _, f := range s.fractions {
		fmt.Fprintf(b, " τ, %.0f%% hidden |", 100*f)
	}
	b.WriteString(" pool 20/50/100/200 | spread | noise | spread/noise | p 20 vs 100 |\n|---|---|")
	b.WriteString(strings.Repeat("---:|", len(s.fractions)+5) + "\n")
	for _, d := range r.dims {
		for f := range numFigures {
			fmt.Fprintf(b, "| %s | %s |", d, figureNames[f])
			for fi := range s.fractions {
				var taus []float64
				for _, rep := range r.reduced[fi] {
					taus = append(taus, kendall(r.full[d].mean[f], rep[d].mean[f]))
				}
				fmt.Fprintf(b, " %.3f ± %.3f |", meanOf(taus), sdOf(taus))
			}
			if slices.Contains(pool, -1) { // not the command's systems: no pool columns
				b.WriteString(" – | – | – | – | – |\n")
				continue
			}
			var values, noise []float64
			for _, i := range pool {
				values = append(values, r.full[d].mean[f][i])
				var v []float64
				for _, t := range sortedTopics(r.full[d].perTopic[f][i]) {
					v = append(v, r.full[d].perTopic[f][i][t])
				}
				ci, err := eval.Bootstrap{}.CI(v)
				if err != nil {
					return err
				}
				noise = append(noise, (ci.High-ci.Low)/2)
			}
			spread := slices.Max(values) - slices.Min(values)
			p := math.NaN()
			if tp, err := (eval.PairedTest{}).P(paired(r.full[d].perTopic[f][pool[0]], r.full[d].perTopic[f][pool[2]])); err == nil {
				p = tp
			}
			fmt.Fprintf(b, " %.3f / %.3f / %.3f / %.3f | %.3f | %.3f | %.1f | %.4f |\n", values[0], values[1], values[2], values[3],
				spread, meanOf(noise), spread/meanOf(noise), p)
		}
	}
	return nil
}

// writeStabilityByJudged writes Kendall's tau within the systems of little
// and of much judged top 5.
func (r *result) writeStabilityByJudged(b *strings.Builder, s *simulation) {
	fmt.Fprintf(b, "\n### Stability by judged@5\n\nτ as above, within the systems whose judged@5 under all judgments is below %.2f and within those at or above it (relevance, quality and coherence pooled: mean ± sd over dimensions and repetitions).\n\n", splitShare)
	low, high := s.split(r.full[r.dims[0]].judged)
	fmt.Fprintf(b, "| figure |")
	for _, f := range s.fractions {
		fmt.Fprintf(b, " judged@5 < %.2f (%d systems), %.0f%% hidden | judged@5 ≥ %.2f (%d systems), %.0f%% hidden |", splitShare, len(low), 100*f, splitShare, len(high), 100*f)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", 2*len(s.fractions)) + "\n")
	for f := range numFigures {
		fmt.Fprintf(b, "| %s |", figureNames[f])
		for fi := range s.fractions {
			for _, group := range [][]int{low, high} {
				var taus []float64
				for _, rep := range r.reduced[fi] {
					for _, d := range r.dims {
						taus = append(taus, kendall(pick(r.full[d].mean[f], group), pick(rep[d].mean[f], group)))
					}
				}
				fmt.Fprintf(b, " %.3f ± %.3f |", meanOf(taus), sdOf(taus))
			}
		}
		b.WriteString("\n")
	}
}

// writePredictor writes how well the predictor and the topic's mean label
// predict the hidden pairs' labels.
func (r *result) writePredictor(b *strings.Builder, s *simulation) {
	b.WriteString("\n### Predicted labels of hidden pairs\n\n")
	b.WriteString("Pearson correlation with the true labels of the hidden pairs both of whose sentences were hidden (mean ± sd over repetitions), for the predictor (eval/unjudged) and for the topic's mean label over the judgments left.\n\n")
	b.WriteString("| dimension |")
	for _, f := range s.fractions {
		fmt.Fprintf(b, " predicted, %.0f%% hidden | topic mean, %.0f%% hidden |", 100*f, 100*f)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", 2*len(s.fractions)) + "\n")
	for d, dim := range r.dims {
		fmt.Fprintf(b, "| %s |", dim)
		for fi := range s.fractions {
			fmt.Fprintf(b, " %.3f ± %.3f | %.3f ± %.3f |", meanOf(r.model[fi][d]), sdOf(r.model[fi][d]), meanOf(r.mean[fi][d]), sdOf(r.mean[fi][d]))
		}
		b.WriteString("\n")
	}
	b.WriteString("\nPairs per repetition:")
	for fi, f := range s.fractions {
		fmt.Fprintf(b, " %.0f%% hidden, %.0f;", 100*f, meanOf(toFloats(r.pairs[fi])))
	}
	b.WriteString("\n")
}

// writeSignificance writes how often a paired t-test under the reduced
// judgments reaches the verdict it reaches under all judgments, by the
// judged@5 bin of the two systems.
func (r *result) writeSignificance(b *strings.Builder, s *simulation) {
	b.WriteString("\n### Agreement of significance, by judged@5\n\n")
	b.WriteString("For every two systems, dimension and repetition: does a paired t-test (p < 0.05) under the reduced judgments reach the verdict it reaches under all judgments (better, worse, or no difference)? ")
	b.WriteString("Each cell is the share of cases that agree, with the number of cases, and in brackets the share of them significant under all judgments. ")
	b.WriteString("Pairs of systems are binned by the smaller judged@5 of the two, under the reduced judgments (first table) and under all judgments (second).\n")
	for _, byFull := range []bool{false, true} {
		if byFull {
			b.WriteString("\nBy judged@5 under all judgments:\n\n")
		} else {
			b.WriteString("\nBy judged@5 under the reduced judgments:\n\n")
		}
		b.WriteString("| figure |")
		for i, lo := range bins {
			if i+1 < len(bins) {
				fmt.Fprintf(b, " %.2f–%.2f |", lo, bins[i+1])
			} else {
				fmt.Fprintf(b, " ≥ %.2f |", lo)
			}
		}
		b.WriteString("\n|---|" + strings.Repeat("---:|", len(bins)) + "\n")
		for f := range numFigures {
			agree, total, sig := r.agreement(s, f, byFull)
			fmt.Fprintf(b, "| %s |", figureNames[f])
			for i := range bins {
				if total[i] == 0 {
					b.WriteString(" – |")
					continue
				}
				fmt.Fprintf(b, " %.2f (%d) [%.2f] |", float64(agree[i])/float64(total[i]), total[i], float64(sig[i])/float64(total[i]))
			}
			b.WriteString("\n")
		}
	}
}

// agreement counts, for figure f and each judged@5 bin, the cases (two
// systems, a dimension, a repetition) whose verdict under the reduced
// judgments agrees with the one under all judgments, all cases, and those
// significant under all judgments. byFull bins by judged@5 under all
// judgments rather than under the reduced ones.
func (r *result) agreement(s *simulation, f int, byFull bool) (agree, total, sig []int) {
	agree, total, sig = make([]int, len(bins)), make([]int, len(bins)), make([]int, len(bins))
	for fi := range s.fractions {
		for _, rep := range r.reduced[fi] {
			for _, d := range r.dims {
				full, red := r.full[d], rep[d]
				shares := red.judged
				if byFull {
					shares = full.judged
				}
				for i := range s.names {
					for j := i + 1; j < len(s.names); j++ {
						v0 := verdict(paired(full.perTopic[f][i], full.perTopic[f][j]))
						v1 := verdict(paired(red.perTopic[f][i], red.perTopic[f][j]))
						bin := binOf(min(shares[i], shares[j]))
						total[bin]++
						if v0 == v1 {
							agree[bin]++
						}
						if v0 != 0 {
							sig[bin]++
						}
					}
				}
			}
		}
	}
	return agree, total, sig
}

// splitShare divides the systems of the stability table by judged@5.
const splitShare = 0.1

// split returns the indices of the systems whose judged share is below
// splitShare and of the others.
func (s *simulation) split(judged []float64) (low, high []int) {
	for i, x := range judged {
		if x < splitShare {
			low = append(low, i)
		} else {
			high = append(high, i)
		}
	}
	return low, high
}

// pick returns the values at the indices.
func pick(v []float64, indices []int) []float64 {
	out := make([]float64, len(indices))
	for k, i := range indices {
		out[k] = v[i]
	}
	return out
}

// shortName is a figure's name in a column header.
func shortName(f int) string {
	return [numFigures]string{"plain", "judged-only", "estimated", "predicted"}[f]
}

// poolIndices returns the indices of advanced at Pool 20, 50, 100 and 200.
func (s *simulation) poolIndices() []int {
	var out []int
	for _, name := range []string{"advanced-pool20", "advanced-pool50", "advanced", "advanced-pool200"} {
		out = append(out, slices.Index(s.names, name))
	}
	return out
}

// binOf returns the bin of a judged share.
func binOf(x float64) int {
	i := 0
	for k, lo := range bins {
		if x >= lo-1e-9 {
			i = k
		}
	}
	return i
}

// sortedTopics returns the topics of a per-topic map in byte order.
func sortedTopics(m map[string]float64) []string {
	var ids []string
	for t := range m {
		ids = append(ids, t)
	}
	slices.Sort(ids)
	return ids
}

// toFloats converts counts to floats.
func toFloats(v []int) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}
