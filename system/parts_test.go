package system

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/dense"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
	"github.com/google/go-cmp/cmp"
)

// letters is an Encoder whose vector of a text counts its letters a to z:
// texts of similar letters are similar.
type letters struct{}

func (letters) Encode(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 27)
		v[26] = 0.01 // no zero vectors
		for _, r := range strings.ToLower(t) {
			if r >= 'a' && r <= 'z' {
				v[r-'a']++
			}
		}
		out[i] = v
	}
	return out, nil
}

// TestPipelineSimilarPairs checks pairing.Similar: each pair made is two
// sentences of one argument, one of which has the other as the most
// similar sentence of its argument by the encoder's vectors.
func TestPipelineSimilarPairs(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 30})
	p := Pipeline{Pool: 30, Pair: pairing.Similar{Encoder: letters{}}, Stance: stance.Rule{Off: true}}
	run, err := Run(ctx, env, p, "")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, topic := range env.Topics[:5] {
		for _, r := range run[topic.ID][:10] {
			first, second, err := docid.ParsePair(r.DocID)
			if err != nil {
				t.Fatal(err)
			}
			a1, _ := docid.Argument(first)
			a2, _ := docid.Argument(second)
			if a1 != a2 {
				t.Errorf("topic %s: pair %s spans two arguments", topic.ID, r.DocID)
				continue
			}
			if !mostSimilar(t, env, a1, first, second) && !mostSimilar(t, env, a1, second, first) {
				t.Errorf("topic %s: in pair %s neither sentence is the other's most similar", topic.ID, r.DocID)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no pairs checked")
	}
	if s := p.String(); !strings.Contains(s, "pairs: pairing.Similar{Encoder: system.letters{}}, then consecutive sentences") {
		t.Errorf("String:\n%s", s)
	}
}

// mostSimilar reports whether other is the sentence of argument arg most
// similar to id by letters (ties to the earlier sentence).
func mostSimilar(t *testing.T, env *Env, arg, id, other string) bool {
	t.Helper()
	a, ok := env.Store.Argument(arg)
	if !ok {
		t.Fatalf("no argument %s", arg)
	}
	var texts []string
	for _, s := range a.Sentences {
		texts = append(texts, s.Text)
	}
	vs, _ := letters{}.Encode(context.Background(), texts)
	i := slices.IndexFunc(a.Sentences, func(s corpus.Sentence) bool { return s.ID == id })
	best, bestSim := -1, math.Inf(-1)
	for j := range vs {
		if j != i {
			if sim := semantic.Cosine(vs[i], vs[j]); sim > bestSim {
				best, bestSim = j, sim
			}
		}
	}
	return a.Sentences[best].ID == other
}

// firstHolds reports whether a pair of the first score (of a run's
// lines, which break ties by pair id) holds the sentence id.
func firstHolds(lines []runfile.Line, id string) bool {
	for _, l := range lines {
		if l.Score != lines[0].Score {
			break
		}
		if first, second, _ := docid.ParsePair(l.DocID); first == id || second == id {
			return true
		}
	}
	return false
}

// TestPipelineDense checks a Dense stage: with no filters and no
// re-ranking, a pair of each topic's first score holds the sentence the
// dense index ranks first, and the index is built once for the Env.
func TestPipelineDense(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 10})
	p := Pipeline{Retrieve: Retrieval{Stages: []Stage{{Dense: letters{}}}}, Pair: pairing.Next{}, Stance: stance.Rule{Off: true}}
	run, err := Run(ctx, env, p, "")
	if err != nil {
		t.Fatal(err)
	}
	x, err := dense.Build(ctx, letters{}, env.Store)
	if err != nil {
		t.Fatal(err)
	}
	for _, topic := range env.Topics {
		hits, err := x.Retrieve(ctx, retrieval.TopicQuery(topic), 1)
		if err != nil {
			t.Fatal(err)
		}
		if !firstHolds(run[topic.ID], hits[0].ID) {
			t.Errorf("topic %s: no pair of the first score holds %s", topic.ID, hits[0].ID)
		}
	}
	if env.dense.Len() != 1 {
		t.Errorf("the Env holds %d dense indexes, want 1", env.dense.Len())
	}
	if s := p.String(); !strings.Contains(s, "stage 1: dense, cosine similarity of system.letters{} vectors") {
		t.Errorf("String:\n%s", s)
	}
}

// TestPipelineWithin checks a stage with Within against lexical.DoubleIndex
// itself: a pair of each topic's first score holds the sentence it ranks
// first.
func TestPipelineWithin(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 10})
	arg := lexical.Ranking{Unit: "argument"}
	p := Pipeline{Retrieve: Retrieval{Stages: []Stage{{Search: arg, Arguments: 20, Within: &lexical.Ranking{}}}}, Pair: pairing.Next{}, Stance: stance.Rule{Off: true}}
	run, err := Run(ctx, env, p, "")
	if err != nil {
		t.Fatal(err)
	}
	x, err := env.index(ctx, arg)
	if err != nil {
		t.Fatal(err)
	}
	w := lexical.DoubleIndex{Arguments: x, N: 20, Store: env.Store, Analysis: x.Analysis()}
	for _, topic := range env.Topics {
		hits, err := w.Retrieve(ctx, retrieval.TopicQuery(topic), 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || !firstHolds(run[topic.ID], hits[0].ID) {
			t.Errorf("topic %s: no pair of the first score holds %v", topic.ID, hits)
		}
	}
	if s := p.String(); !strings.Contains(s, "then the sentences of 20 arguments indexed alone: unit sentence, bm25") {
		t.Errorf("String:\n%s", s)
	}
}

// TestPipelineStructure checks that pairing.Mix's Structure re-ranks: the
// run changes, and String says so.
func TestPipelineStructure(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 20})
	plain, err := Run(ctx, env, Pipeline{Pair: pairing.Next{}}, "")
	if err != nil {
		t.Fatal(err)
	}
	p := Pipeline{Pair: pairing.Next{}, Rerank: []pairing.Reranker{pairing.Mix{Structure: true}}}
	got, err := Run(ctx, env, p, "")
	if err != nil {
		t.Fatal(err)
	}
	if cmp.Equal(plain, got) {
		t.Error("structural re-ranking changed no run")
	}
	if s := p.String(); !strings.Contains(s, "rerank: pairing.Mix{Structure: true}\n") {
		t.Errorf("String:\n%s", s)
	}
}

// TestAdvancedString checks that the description prints the sentence
// stage's weight as written (1 − 0.7), not float noise.
func TestAdvancedString(t *testing.T) {
	if s := Advanced().String(); !strings.Contains(s, "depth 1000, weight 0.3\n") {
		t.Errorf("String:\n%s", s)
	}
}

// nanEncoder gives every text a vector of NaNs.
type nanEncoder struct{}

func (nanEncoder) Encode(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{float32(math.NaN()), 1}
	}
	return out, nil
}

// TestPipelineSimilarPairsNaN checks that vectors whose similarities are
// all NaN pair a sentence with its neighbour instead of failing.
func TestPipelineSimilarPairsNaN(t *testing.T) {
	env := open(t, Input{K: 10})
	p := Pipeline{Pool: 10, Pair: pairing.Similar{Encoder: nanEncoder{}}, Stance: stance.Rule{Off: true}}
	if _, err := p.Answer(context.Background(), env, env.Topics[0]); err != nil {
		t.Fatal(err)
	}
}

// TestSwordsmanRetriever checks that a Swordsman given a Retriever
// retrieves with it: the Env's own index with Swordsman's search, given as
// a Retriever, gives Swordsman's run byte for byte, and another retriever
// another run.
func TestSwordsmanRetriever(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 50})
	want, err := Run(ctx, env, Swordsman{}, "s")
	if err != nil {
		t.Fatal(err)
	}
	x, err := env.index(ctx, Swordsman{}.search())
	if err != nil {
		t.Fatal(err)
	}
	got, err := Run(ctx, env, Swordsman{Retriever: x}, "s")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Swordsman with its own index as Retriever (-want +got):\n%s", diff)
	}
	bm25, err := env.index(ctx, lexical.Ranking{Unit: "argument", Scoring: lexical.Scoring{Model: "bm25"}})
	if err != nil {
		t.Fatal(err)
	}
	other, err := Run(ctx, env, Swordsman{Retriever: bm25}, "s")
	if err != nil {
		t.Fatal(err)
	}
	if cmp.Equal(want, other) {
		t.Error("a Swordsman with a BM25 Retriever gave the run of Dirichlet LM")
	}
	if s := (Swordsman{Retriever: bm25}).String(); !strings.Contains(s, "arguments from *lexical.Index") {
		t.Errorf("String:\n%s", s)
	}
}

// TestRetrievalUnits checks the units of the index of each recipe with an
// analysis of its own: those its stages search alone, both where the
// analysis learns from the corpus, and both where a pair's title needs
// the argument unit.
func TestRetrievalUnits(t *testing.T) {
	want := map[string][]string{
		"daario-naharis":   nil, // a frequency stop list of the argument unit's fields
		"dartagnan":        {"sentence"},
		"gamora":           {"argument"},
		"gorgon":           {"sentence"},
		"general-grevious": {"argument"},
		"korg":             {"sentence"},
	}
	seen := 0
	for _, r := range Recipes() {
		p, ok := r.System.(Pipeline)
		if !ok || p.Retrieve.Analysis == nil {
			continue
		}
		seen++
		w, ok := want[r.Name]
		if !ok {
			t.Errorf("recipe %s has an analysis of its own, and no units here", r.Name)
			continue
		}
		if got := p.Retrieve.units(*p.Retrieve.Analysis); !slices.Equal(got, w) {
			t.Errorf("recipe %s: units %q, want %q", r.Name, got, w)
		}
	}
	if seen != len(want) {
		t.Errorf("%d recipes with an analysis of their own, want %d", seen, len(want))
	}
	an := lexical.Analysis{}
	for _, c := range []struct {
		name string
		r    Retrieval
		an   lexical.Analysis
		want []string
	}{
		{"no stages", Retrieval{}, an, []string{"sentence"}},
		{"pair title", Retrieval{Stages: []Stage{{Search: lexical.Ranking{Unit: "pair", PairTitle: true}}}}, an, nil},
		{"dense and arguments", Retrieval{Stages: []Stage{{Dense: semantic.GloVe}, {Search: lexical.Ranking{Unit: "argument"}}}}, an, []string{"argument"}},
		{"krovetz", Retrieval{Stages: []Stage{{Search: lexical.Ranking{Unit: "argument"}}}}, lexical.Analysis{Stem: "krovetz"}, nil},
		{"frequent", Retrieval{}, lexical.Analysis{Stop: "frequent"}, nil},
	} {
		if got := c.r.units(c.an); !slices.Equal(got, c.want) {
			t.Errorf("%s: units %q, want %q", c.name, got, c.want)
		}
	}
}
