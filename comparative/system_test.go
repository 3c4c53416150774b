package comparative_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"iter"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
)

// generatedEnv indexes n generated passages and returns the recipes' Resources and
// the generated topics.
func generatedEnv(t *testing.T, n int) (comparative.Resources, []topics.Topic) {
	t.Helper()
	ctx := context.Background()
	c := corpustest.Config{Seed: 5, Vocabulary: 5000}
	var b bytes.Buffer
	if _, err := corpustest.WritePassages(ctx, &b, c, n); err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	args := iter.Seq2[corpus.Argument, error](func(yield func(corpus.Argument, error) bool) {
		for p, err := range comparative.ReadPassages(&b, "") {
			if err == nil {
				texts[p.ID] = p.Contents
			}
			if !yield(corpus.Argument{ID: p.ID, Sentences: []corpus.Sentence{{ID: p.ID, Text: p.Contents}}}, err) {
				return
			}
		}
	})
	x, err := lexical.Build(ctx, "", args, lexical.Config{Units: []string{"sentence"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	var tb bytes.Buffer
	if err := corpustest.WriteTopics(&tb, corpustest.ComparativeTopics(c)); err != nil {
		t.Fatal(err)
	}
	ts, err := topics.Parse(&tb)
	if err != nil {
		t.Fatal(err)
	}
	tg := new(comparative.Tagger)
	am, err := classify.ShippedArgumentModel()
	if err != nil {
		t.Fatal(err)
	}
	return comparative.Resources{
		Index:     x,
		Text:      func(id string) (string, bool) { s, ok := texts[id]; return s, ok },
		Tagger:    tg,
		Arguments: am,
		Encoder:   hashEncoder{},
	}, ts
}

// hashEncoder is a stand-in encoder for tests: hashed bags of content terms.
type hashEncoder struct{}

func (hashEncoder) Encode(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, s := range texts {
		v := make([]float32, 64)
		for _, w := range nlp.Terms(nil, s) {
			h := fnv.New32a()
			h.Write([]byte(w))
			v[h.Sum32()%64]++
		}
		out[i] = v
	}
	return out, nil
}

func TestRecipes(t *testing.T) {
	env, ts := generatedEnv(t, 4000)
	ctx := context.Background()
	for _, name := range []string{"baseline", "tempesta", "grimjack", "levi"} {
		s, err := comparative.FindRecipe(name, env)
		if err != nil {
			t.Fatal(err)
		}
		run, err := s.Run(ctx, ts[:10], 50)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		again, err := s.Run(ctx, ts[:10], 50)
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		for _, x := range []struct {
			r runfile.Run
			w *bytes.Buffer
		}{{run, &a}, {again, &b}} {
			w := runfile.NewWriter(x.w, s.Tag)
			w.Rules = runfile.Rules{Comparative: true}
			for _, q := range x.r.Topics() {
				var rs []runfile.Result
				for _, l := range x.r[q] {
					rs = append(rs, runfile.Result{DocID: l.DocID, Score: l.Score, Stance: l.Stance})
				}
				if err := w.Write(q, rs); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two runs differ", name)
		}
		stances := map[stance.Stance]int{}
		lines := 0
		for _, ls := range run {
			lines += len(ls)
			for _, l := range ls {
				stances[l.Stance]++
			}
		}
		if len(run) != 10 || lines < 100 {
			t.Errorf("%s: %d topics, %d lines", name, len(run), lines)
		}
		switch name {
		case "tempesta":
			if stances[stance.Unknown] != lines {
				t.Errorf("%s: stances %v, want Q0 only", name, stances)
			}
		default:
			if stances[stance.First]+stances[stance.Second] == 0 {
				t.Errorf("%s: stances %v, want some FIRST or SECOND", name, stances)
			}
		}
		t.Logf("%s: %d lines, stances %v", name, lines, stances)
	}
	if _, err := comparative.FindRecipe("katana", env); err == nil {
		t.Error("unknown recipe accepted")
	}
}

// TestPipelineStances checks that Run tags every result as Tagger.Tag does
// on its own, and that the error is that of the first result in order that
// fails, however the tagging is spread over goroutines.
func TestPipelineStances(t *testing.T) {
	ctx := context.Background()
	texts := map[string]string{}
	var hits []retrieval.Hit
	for i := range 300 {
		id := fmt.Sprintf("p%03d", i)
		switch i % 3 {
		case 0:
			texts[id] = "Cats are better than dogs, and cheaper too."
		case 1:
			texts[id] = "Dogs are far better pets than cats."
		default:
			texts[id] = "Nothing to compare here."
		}
		hits = append(hits, retrieval.Hit{ID: id, Score: float64(300 - i)})
	}
	topic := topics.Topic{ID: "1", Title: "cats or dogs?", Objects: []string{"cats", "dogs"}}
	tg := new(comparative.Tagger)
	p := comparative.Pipeline{
		First: retrieval.RetrieverFunc(func(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) {
			return hits, nil
		}),
		Tagger: tg,
		Text:   func(id string) (string, bool) { s, ok := texts[id]; return s, ok },
	}
	run, err := p.Run(ctx, []topics.Topic{topic}, 300)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[stance.Stance]int{}
	for i, l := range run["1"] {
		want, _, err := tg.Tag(ctx, [2]string{"cats", "dogs"}, texts[l.DocID])
		if err != nil {
			t.Fatal(err)
		}
		if l.Stance != want || l.DocID != hits[i].ID {
			t.Errorf("result %d: %s %v, want %s %v", i, l.DocID, l.Stance, hits[i].ID, want)
		}
		seen[want]++
	}
	if len(seen) < 2 {
		t.Errorf("stances %v: want several kinds", seen)
	}
	// p150 has no text; an invalid text before it is the error, one after
	// it is not.
	delete(texts, "p150")
	texts["p200"] = "\xff"
	if _, err := p.Run(ctx, []topics.Topic{topic}, 300); err == nil || !strings.Contains(err.Error(), "passage p150 has no text") {
		t.Errorf("missing text: got %v", err)
	}
	texts["p100"] = "\xfe"
	if _, err := p.Run(ctx, []topics.Topic{topic}, 300); !errors.Is(err, stance.ErrInput) {
		t.Errorf("invalid text before a missing one: got %v, want stance.ErrInput", err)
	}
}

// TestRecipesNoHits checks that a topic whose query finds no passage gets
// no results, not a panic, from every recipe.
func TestRecipesNoHits(t *testing.T) {
	env, _ := generatedEnv(t, 200)
	topic := topics.Topic{ID: "9", Title: "qqxzv or zzqxv?", Objects: []string{"qqxzv", "zzqxv"}}
	for _, name := range []string{"baseline", "tempesta", "grimjack", "levi"} {
		s, err := comparative.FindRecipe(name, env)
		if err != nil {
			t.Fatal(err)
		}
		run, err := s.Run(context.Background(), []topics.Topic{topic}, 10)
		if err != nil || len(run["9"]) != 0 {
			t.Errorf("%s: %d results, error %v; want none, no error", name, len(run["9"]), err)
		}
	}
}
