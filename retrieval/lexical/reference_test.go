package lexical

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/search"
)

// sampleArgs returns the first n arguments of the embedded args.me sample.
func sampleArgs(t testing.TB, n int) []corpus.Argument {
	t.Helper()
	var out []corpus.Argument
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
		if len(out) == n {
			break
		}
	}
	return out
}

func seq(args []corpus.Argument) func(func(corpus.Argument, error) bool) {
	return func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
}

// refDoc is a document as the brute-force reference sees it: the terms of
// each field.
type refDoc struct {
	id     string
	fields [][]string
}

func refDocs(t *testing.T, an analysis.Analysis, args []corpus.Argument, u string) []refDoc {
	z, err := analysis.NewAnalyzer(an)
	if err != nil {
		t.Fatal(err)
	}
	var docs []refDoc
	for _, a := range args {
		if u == "sentence" {
			for _, s := range a.Sentences {
				docs = append(docs, refDoc{s.ID, [][]string{z.AppendTerms(nil, s.Text)}})
			}
			continue
		}
		var prem []string
		for _, p := range a.Premises {
			prem = z.AppendTerms(prem, p.Text)
		}
		docs = append(docs, refDoc{a.ID, [][]string{z.AppendTerms(nil, a.Conclusion), prem, z.AppendTerms(nil, a.Context.DiscussionTitle)}})
	}
	return docs
}

// refScores scores every document by the formulas of Scoring.Model,
// computed directly from the documents' term lists.
func refScores(docs []refDoc, query map[string]float64, fw []float64, sc Scoring) map[string]float64 {
	out := map[string]float64{}
	nf := len(docs[0].fields)
	type fstats struct {
		n      float64
		sumTTF float64
		df     map[string]float64
		ttf    map[string]float64
	}
	st := make([]fstats, nf)
	for f := range st {
		st[f] = fstats{df: map[string]float64{}, ttf: map[string]float64{}}
		for _, d := range docs {
			terms := d.fields[f]
			if len(terms) > 0 {
				st[f].n++
			}
			st[f].sumTTF += float64(len(terms))
			seen := map[string]bool{}
			for _, t := range terms {
				st[f].ttf[t]++
				if !seen[t] {
					seen[t] = true
					st[f].df[t]++
				}
			}
		}
	}
	for _, d := range docs {
		matched := false
		total := 0.0
		for f := range nf {
			s := st[f]
			tf := map[string]float64{}
			for _, t := range d.fields[f] {
				tf[t]++
			}
			dl := float64(len(d.fields[f]))
			if sc.QuantizeLengths {
				dl = float64(search.QuantizeLength(uint32(len(d.fields[f]))))
			}
			score := 0.0
			for t, qw := range query {
				f := tf[t]
				if f > 0 {
					matched = true
				}
				switch sc.Model {
				case "bm25":
					if f > 0 {
						idf := math.Log(1 + (s.n-s.df[t]+0.5)/(s.df[t]+0.5))
						score += qw * idf * f / (f + sc.K1*(1-sc.B+sc.B*dl/(s.sumTTF/s.n)))
					}
				case "tfidf":
					if f > 0 {
						score += qw * math.Sqrt(f) * (1 + math.Log((s.n+1)/(s.df[t]+1))) / math.Sqrt(dl)
					}
				case "tfidf-ic":
					if f > 0 {
						score += qw * math.Sqrt(f) * tfidfIC(s.df[t], s.n) / math.Sqrt(dl)
					}
				case "lucene-dirichlet":
					if f > 0 {
						p := (s.ttf[t] + 1) / (s.sumTTF + 1)
						score += qw * math.Max(0, math.Log(1+f/(sc.Mu*p))+math.Log(sc.Mu/(dl+sc.Mu)))
					}
				case "dirichlet":
					if s.ttf[t] > 0 {
						p := s.ttf[t] / s.sumTTF
						score += qw * math.Log((f+sc.Mu*p)/(dl+sc.Mu))
					}
				case "dph":
					if f > 0 && f < dl {
						score += qw * dph(f, dl, s.sumTTF/s.n, s.n, s.ttf[t])
					}
				}
			}
			total += fw[f] * score
		}
		if matched {
			out[d.id] = total
		}
	}
	return out
}

// dph is Terrier's DPH for a term occurring tf times in a document of
// length dl, in a collection of n documents of average length avgdl in
// which it occurs ttf times (Terrier's DPH.score).
func dph(tf, dl, avgdl, n, ttf float64) float64 {
	f := tf / dl
	norm := (1 - f) * (1 - f) / (tf + 1)
	return norm * (tf*math.Log2((tf*avgdl/dl)*(n/ttf)) + 0.5*math.Log2(2*math.Pi*tf*(1-f)))
}

// TestDPHHandComputed checks dph, the reference, on a case computed by
// hand: tf 2, dl 10, avgdl 8, N 1000, ttf 50. p = 0.2, norm = 0.64/3;
// tf·log2(2·8/10 · 1000/50) = 2·log2(32) = 10; ½·log2(2π·2·0.8) =
// ½·log2(10.0531) = ½·3.32959 = 1.66480; DPH = 0.213333·11.66480 =
// 2.48849.
func TestDPHHandComputed(t *testing.T) {
	if got := dph(2, 10, 8, 1000, 50); math.Abs(got-2.48849) > 1e-5 {
		t.Errorf("dph(2, 10, 8, 1000, 50) = %.6f, want 2.48849", got)
	}
}

// tfidfIC is "tfidf-ic"'s term weight, idf · ic, for a term in df of n
// documents.
func tfidfIC(df, n float64) float64 {
	return (1 + math.Log((n+1)/(df+1))) * math.Log(1+df) / math.Log(1+n)
}

// TestTFIDFICHandComputed checks tfidfIC on a case computed by hand: df 9,
// N 99. idf = 1 + ln(100/10) = 3.302585; ic = ln(10)/ln(100) = 0.5 exactly;
// the weight is 1.651293. A term in every document (df = N = 99) gets
// idf 1 + ln(100/100) = 1 and ic 1.
func TestTFIDFICHandComputed(t *testing.T) {
	if got := tfidfIC(9, 99); math.Abs(got-1.651293) > 1e-6 {
		t.Errorf("tfidfIC(9, 99) = %.6f, want 1.651293", got)
	}
	if got := tfidfIC(99, 99); math.Abs(got-1) > 1e-12 {
		t.Errorf("tfidfIC(99, 99) = %.12f, want 1", got)
	}
}

func TestScoresEqualReference(t *testing.T) {
	args := sampleArgs(t, 60)
	ctx := context.Background()
	queries := []retrieval.Query{
		{ID: "1", Text: "Should abortion be legal?"},
		{ID: "2", Text: "Is human activity primarily responsible for global climate change?", Description: "The climate, the climate!"},
		{ID: "3", Text: "Should the death penalty be allowed? death"},
		{ID: "4", Text: "Should bottled water be banned?"},
	}
	for _, an := range []string{"lucene", "en"} {
		a, _ := analysis.Preset(an)
		x, err := Build(ctx, "", seq(args), Config{Analyzer: an})
		if err != nil {
			t.Fatal(err)
		}
		if an == "en" {
			x.d.s.BoundDF = 1 // exercise the exact MaxScore bounds on every term
		}
		z, _ := analysis.NewAnalyzer(a)
		for _, u := range []string{"sentence", "argument"} {
			docs := refDocs(t, a, args, u)
			for _, model := range []string{"bm25", "tfidf", "tfidf-ic", "lucene-dirichlet", "dirichlet", "dph"} {
				for _, quant := range []bool{false, true} {
					s := Ranking{
						Unit:    u,
						Scoring: Scoring{Model: model, K1: 0.9, B: 0.4, Mu: 300, QuantizeLengths: quant},
						Fields:  FieldWeights{Conclusion: 2, Premise: 1, Title: 0.5},
						Query:   QueryWeights{Title: 1, Description: 0.3},
					}
					fw := []float64{1}
					if u == "argument" {
						fw = []float64{2, 1, 0.5}
					}
					y, err := x.With(s)
					if err != nil {
						t.Fatal(err)
					}
					for _, q := range queries {
						qt := map[string]float64{}
						for _, term := range z.AppendTerms(nil, q.Text) {
							qt[term] += 1
						}
						for _, term := range z.AppendTerms(nil, q.Description) {
							qt[term] += 0.3
						}
						want := refScores(docs, qt, fw, y.Ranking().Scoring)
						hits, err := y.Retrieve(ctx, q, len(docs)+5)
						if err != nil {
							t.Fatal(err)
						}
						name := fmt.Sprintf("%s/%s/%s/quant=%v/q%s", an, u, model, quant, q.ID)
						if len(hits) != len(want) {
							t.Errorf("%s: got %d hits, want %d", name, len(hits), len(want))
						}
						for _, h := range hits {
							w, ok := want[h.ID]
							if !ok {
								t.Errorf("%s: got hit %s, which matches no query term", name, h.ID)
								continue
							}
							if math.Abs(h.Score-w) > 1e-9 {
								t.Errorf("%s: %s: got score %.15g, want %.15g", name, h.ID, h.Score, w)
							}
						}
						if len(hits) == 0 {
							t.Errorf("%s: no hits", name)
						}
						// With a small k, MaxScore pruning is at work: the
						// top scores must still be the reference's.
						ref := make([]float64, 0, len(want))
						for _, w := range want {
							ref = append(ref, w)
						}
						slices.SortFunc(ref, func(a, b float64) int { return cmp.Compare(b, a) })
						top, err := y.Retrieve(ctx, q, 7)
						if err != nil {
							t.Fatal(err)
						}
						if len(top) != min(7, len(ref)) {
							t.Errorf("%s: k=7 gives %d hits, want %d", name, len(top), min(7, len(ref)))
						}
						for i, h := range top {
							if math.Abs(h.Score-ref[i]) > 1e-9 || math.Abs(h.Score-want[h.ID]) > 1e-9 {
								t.Errorf("%s: k=7: hit %d %s scores %.15g, want %.15g", name, i+1, h.ID, h.Score, ref[i])
							}
						}
					}
				}
			}
		}
	}
}
