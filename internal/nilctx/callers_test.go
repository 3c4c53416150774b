package nilctx_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic/glove"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// TestCallers gives the library's functions that take a context a nil
// one: each fails with an error naming it, before any work, and none
// panics.
func TestCallers(t *testing.T) {
	var ctx context.Context // nil, as a caller's mistake makes it
	q := retrieval.Query{ID: "1", Text: "q"}
	cands := []pairing.Candidate{{}}
	for name, f := range map[string]func() error{
		"system.Open": func() error { _, err := system.Open(ctx, system.Input{}); return err },
		"system.Run":  func() error { _, err := system.Run(ctx, nil, system.Baseline{}, ""); return err },
		"system.Pipeline.Answer": func() error {
			_, err := system.Pipeline{}.Answer(ctx, nil, topics.Topic{})
			return err
		},
		"experiment.Experiment.Run": func() error { _, err := experiment.Experiment{}.Run(ctx); return err },
		"experiment.Sweep.Run":      func() error { _, err := experiment.Sweep{}.Run(ctx); return err },
		"stance.ArgsMe.Tag":         func() error { _, _, err := stance.ArgsMe{}.Tag(ctx, "t", "c"); return err },
		"stance.Lexical.Tag":        func() error { _, _, err := stance.Lexical{}.Tag(ctx, "t", "x"); return err },
		"stance.Document.Tag": func() error {
			_, _, err := stance.Document{Tagger: stance.Lexical{}}.Tag(ctx, "t", []string{"x"})
			return err
		},
		"stance.Rule.Sentence":  func() error { _, _, err := stance.Rule{}.Sentence(ctx, "t", "s", "x"); return err },
		"pairing.Builder.Build": func() error { _, err := pairing.Builder{}.Build(ctx, q, cands, 1); return err },
		"pairing.Builder.Features": func() error {
			_, err := pairing.Builder{}.Features(ctx, q, cands)
			return err
		},
		"pairing.Next.Build":    func() error { _, err := pairing.Next{}.Build(ctx, q, cands, 1); return err },
		"pairing.Similar.Build": func() error { _, err := pairing.Similar{}.Build(ctx, q, cands, 1); return err },
		"pairing.Mix.Rerank": func() error {
			return pairing.Mix{Stance: true}.Rerank(ctx, q, cands)
		},
		"filter.SelectHits": func() error { _, _, err := filter.SelectHits(ctx, filter.Noise{}, nil, nil, 0, nil); return err },
		"glove.Vectors.Encode": func() error {
			_, err := (&glove.Vectors{}).Encode(ctx, []string{"x"})
			return err
		},
		"use.Model.Encode": func() error { _, err := (&use.Model{}).Encode(ctx, []string{"x"}); return err },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panics: %v", name, r)
				}
			}()
			err := f()
			if err == nil || !strings.Contains(err.Error(), "nil context.Context") {
				t.Errorf("%s: got %v, want an error naming the nil ctx", name, err)
			}
			if err != nil && strings.Contains(name, ".") && !errors.Is(err, nilctx.ErrNil) && !strings.HasPrefix(name, "system.") {
				t.Errorf("%s: %v does not wrap nilctx.ErrNil", name, err)
			}
		}()
	}
}
