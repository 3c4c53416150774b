package lexical

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/retrieval"
)

// pairDocuments is what the pair unit stands for: each argument with one
// sentence per pair of its sentences, the two texts (and the title)
// joined by spaces.
func pairDocuments(args []corpus.Argument, title bool) []corpus.Argument {
	out := make([]corpus.Argument, len(args))
	for n, a := range args {
		var docs []corpus.Sentence
		for i, s := range a.Sentences {
			for _, t := range a.Sentences[i+1:] {
				text := s.Text + " " + t.Text
				if title {
					text += " " + a.Context.DiscussionTitle
				}
				docs = append(docs, corpus.Sentence{ID: docid.Pair(s.ID, t.ID), Text: text})
			}
		}
		out[n] = a
		out[n].Sentences = docs
	}
	return out
}

// TestPairsEqualPairIndex checks the pair unit against an index that holds
// every pair's text as a document: the same hits with the same scores, for
// every model it scores, with and without titles, at every k.
func TestPairsEqualPairIndex(t *testing.T) {
	args := sampleArgs(t, 40)
	ctx := context.Background()
	queries := []retrieval.Query{
		{ID: "1", Text: "Should affirmative action be practiced in college admissions?"},
		{ID: "2", Text: "Are racial quotas helpful?", Description: "Quotas for women on boards, quotas in rugby."},
		{ID: "3", Text: "race race gender"},
	}
	x, err := Build(ctx, "", seq(args), Config{Analyzer: "lucene"})
	if err != nil {
		t.Fatal(err)
	}
	for _, title := range []bool{false, true} {
		if title && !slowtest.Enabled() {
			continue // pairs with titles only with ARGSEARCH_SLOW=1 (a second reference index)
		}
		ref, err := Build(ctx, "", seq(pairDocuments(args, title)), Config{Analyzer: "lucene", Units: []string{"sentence"}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := x.Docs("pair"), ref.Docs("sentence"); got != want {
			t.Errorf("Docs(pair) = %d, want %d", got, want)
		}
		for _, model := range []string{"bm25", "tfidf", "tfidf-ic", "lucene-dirichlet", "dph"} {
			for _, quant := range []bool{false, true} {
				sc := Scoring{Model: model, K1: 1.2, B: 0.68, Mu: 116, QuantizeLengths: quant}
				qw := QueryWeights{Title: 1, Description: 0.5}
				y, err := x.With(Ranking{Unit: "pair", PairTitle: title, Scoring: sc, Query: qw})
				if err != nil {
					t.Fatal(err)
				}
				r, err := ref.With(Ranking{Unit: "sentence", Scoring: sc, Query: qw})
				if err != nil {
					t.Fatal(err)
				}
				for _, q := range queries {
					name := fmt.Sprintf("title=%v/%s/quant=%v/q%s", title, model, quant, q.ID)
					all, err := r.Retrieve(ctx, q, 1<<20)
					if err != nil {
						t.Fatal(err)
					}
					if len(all) == 0 {
						t.Fatalf("%s: the reference has no hits", name)
					}
					ref := map[string]float64{}
					for _, h := range all {
						ref[h.ID] = h.Score
					}
					// Scores are summed in another order than the index's,
					// so two pairs whose scores tie to 1e-12 may swap.
					close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
					for _, k := range []int{1, 10, 1 << 20} {
						got, err := y.Retrieve(ctx, q, k)
						if err != nil {
							t.Fatal(err)
						}
						if len(got) != min(k, len(all)) {
							t.Errorf("%s k=%d: %d hits, want %d", name, k, len(got), min(k, len(all)))
							continue
						}
						for i, h := range got {
							w, ok := ref[h.ID]
							if !ok || !close(h.Score, w) || !close(h.Score, all[i].Score) {
								t.Errorf("%s k=%d: hit %d is %s %.12g (reference %.12g, %v), want score %.12g", name, k, i+1, h.ID, h.Score, w, ok, all[i].Score)
								break
							}
						}
					}
				}
			}
		}
	}
	for _, s := range []Ranking{
		{Unit: "pair", Scoring: Scoring{Model: "dirichlet"}},
		{Unit: "pair", PRF: PRF{Method: prfRM3}},
		{Unit: "pair", Boolean: true},
		{Unit: "sentence", PairTitle: true},
	} {
		if _, err := x.With(s); !errors.Is(err, errConfig) {
			t.Errorf("%+v: got %v, want errConfig", s, err)
		}
	}
	sentences, err := Build(ctx, "", seq(args), Config{Analyzer: "lucene", Units: []string{"sentence"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sentences.With(Ranking{Unit: "pair", PairTitle: true}); !errors.Is(err, errConfig) {
		t.Errorf("PairTitle without the argument unit: got %v, want errConfig", err)
	}
}

// TestPairsHandComputed checks the pair unit on a case computed by hand.
// One argument, three sentences: "cats purr" (1), "dogs bark" (2), "cats
// bark loud" (3). The pairs are 1–2 (4 terms), 1–3 (5) and 2–3 (5): N = 3,
// avgdl = 14/3. "purr" is in pairs 1–2 and 1–3: df 2, idf = ln(1 +
// 1.5/2.5) = ln 1.6 = 0.470004. BM25 (k1 1.2, b 0.75): for 1–2,
// 1/(1 + 1.2·(0.25 + 0.75·4/(14/3))) = 1/2.071429 = 0.482759, score
// 0.226898; for 1–3, 1/(1 + 1.2·(0.25 + 0.75·5/(14/3))) = 1/2.264286 =
// 0.441640, score 0.207573.
func TestPairsHandComputed(t *testing.T) {
	a := corpus.Argument{ID: "A", Conclusion: "cats bark loud", Sentences: []corpus.Sentence{
		{ID: "A__PREMISE__1", Text: "cats purr"},
		{ID: "A__PREMISE__2", Text: "dogs bark"},
		{ID: "A__CONC__1", Text: "cats bark loud"},
	}}
	x, err := Build(context.Background(), "", seq([]corpus.Argument{a}), Config{Analyzer: "plain", Ranking: Ranking{Unit: "pair"}})
	if err != nil {
		t.Fatal(err)
	}
	if n := x.Docs("pair"); n != 3 {
		t.Errorf("Docs(pair) = %d, want 3", n)
	}
	hits, err := x.Retrieve(context.Background(), retrieval.Query{Text: "purr"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := []retrieval.Hit{{ID: "A__PREMISE__1,A__PREMISE__2", Score: 0.226898}, {ID: "A__PREMISE__1,A__CONC__1", Score: 0.207573}}
	if len(hits) != len(want) {
		t.Fatalf("hits %v, want %v", hits, want)
	}
	for i, h := range hits {
		if h.ID != want[i].ID || math.Abs(h.Score-want[i].Score) > 1e-6 {
			t.Errorf("hit %d: %s %.6f, want %s %.6f", i+1, h.ID, h.Score, want[i].ID, want[i].Score)
		}
	}
}
