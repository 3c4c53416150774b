package system

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/topics"
)

// TestCheckBeforeFirstTopic runs configurations with a value out of range
// and checks that each is an error naming its field, from the check Run
// makes before any topic: never a panic, and never a topic's error
// ("retrieval: query …").
func TestCheckBeforeFirstTopic(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 10})
	adv := func(change func(p *Pipeline)) Pipeline {
		p := Advanced()
		change(&p)
		return p
	}
	for want, p := range map[string]Pipeline{
		"Pipeline.Pool -1":                                         adv(func(p *Pipeline) { p.Pool = -1 }),
		"Pipeline.Retrieve.Depth -3":                               {Retrieve: Retrieval{Depth: -3}},
		"Pipeline.Rewrite[0] is nil":                               {Rewrite: []rewrite.Rewriter{nil}},
		"Pipeline.Filters[1] is nil":                               {Filters: []filter.Filter{filter.Noise{}, nil}},
		"Pipeline.Rerank[0] is nil":                                {Rerank: []pairing.Reranker{nil}},
		"Pipeline.Rerank[0]: pairing: Mix names no signal":         {Rerank: []pairing.Reranker{pairing.Mix{}}},
		"Pipeline.Retrieve.SampleStopFrequent -5":                  {Retrieve: Retrieval{SampleStopFrequent: -5}},
		"Pipeline.Pair: pairing: Builder.Pool -1":                  {Pair: pairing.Builder{Pool: -1}},
		"Pipeline.Filters[0]: filter: Argumentative.Threshold 1.5": {Filters: []filter.Filter{filter.Argumentative{Threshold: 1.5}}},
		"Argumentative.Threshold -0.1":                             {Filters: []filter.Filter{filter.Argumentative{Threshold: -0.1}}},
		"Argumentative.Threshold NaN":                              {Filters: []filter.Filter{filter.Argumentative{Threshold: math.NaN()}}},
		"Pipeline.Filters[0]: filter: Verb.MaxTokens -1":           {Filters: []filter.Filter{filter.Verb{MaxTokens: -1}}},
		"Pipeline.Pair is set, but the stages retrieve pairs":      {Retrieve: Retrieval{Stages: []Stage{{Search: lexical.Ranking{Unit: "pair"}}}}, Pair: pairing.Next{}},
		"Pipeline.Filters are set, but the stages retrieve pairs":  {Retrieve: Retrieval{Stages: []Stage{{Search: lexical.Ranking{Unit: "pair"}}}}, Filters: []filter.Filter{filter.Noise{}}},
		"1 of 2 stages retrieve pairs":                             {Retrieve: Retrieval{Stages: []Stage{{Search: lexical.Ranking{Unit: "pair"}}, {}}}},
		"Pipeline.Retrieve.Stages[1].Depth -1":                     {Retrieve: Retrieval{Stages: []Stage{{}, {Depth: -1}}}},
		"Pipeline.Retrieve.Stages[0].Arguments -4":                 {Retrieve: Retrieval{Stages: []Stage{{Arguments: -4}}}},
		"Pipeline.Retrieve.Stages[0].Weight NaN":                   {Retrieve: Retrieval{Stages: []Stage{{Weight: math.NaN()}}}},
		"Pipeline.Retrieve.Stages[0].Search":                       {Retrieve: Retrieval{Stages: []Stage{{Search: lexical.Ranking{Scoring: lexical.Scoring{Model: "bogus"}}}}}},
		"Pipeline.Retrieve.Stages[0]: Dense and Within":            {Retrieve: Retrieval{Stages: []Stage{{Dense: semantic.GloVe, Within: &lexical.Ranking{}}}}},
		"NounChunks asks a Boolean query of ":                      {Retrieve: Retrieval{Stages: []Stage{{Dense: semantic.GloVe}}, NounChunks: true}},
	} {
		_, err := Run(ctx, env, p, "")
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "retrieval: query") {
			t.Errorf("got %v, want an error naming %q before any topic", err, want)
		}
		if err := p.check(ctx, env); err == nil {
			t.Errorf("%s: check passes", want)
		}
	}
}

// wrapper is a System that wraps another, as a user's timing or logging
// wrapper would, and counts the topics it was asked.
type wrapper struct {
	s      System
	topics *int
}

func (w wrapper) Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
	*w.topics++
	return w.s.Answer(ctx, env, t)
}

func (w wrapper) Unwrap() System { return w.s }

// TestCheckThroughWrappers checks that Run checks the System a wrapper
// unwraps to before the first topic, directly, two wrappers deep and as a
// member of a Fusion; a wrapper without Unwrap is left to its topics.
func TestCheckThroughWrappers(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 10})
	bad := Pipeline{Retrieve: Retrieval{Depth: -3}}
	var n int
	for name, s := range map[string]System{
		"one wrapper":     wrapper{bad, &n},
		"two wrappers":    wrapper{wrapper{bad, &n}, &n},
		"Fusion's member": Fusion{Systems: []System{Baseline{}, wrapper{bad, &n}}},
	} {
		_, err := Run(ctx, env, s, "")
		if err == nil || !strings.Contains(err.Error(), "Pipeline.Retrieve.Depth -3") || strings.Contains(err.Error(), "retrieval: query") {
			t.Errorf("%s: got %v, want the Pipeline's error before any topic", name, err)
		}
	}
	if n != 0 {
		t.Errorf("the wrappers were asked %d topics, want none", n)
	}
	// Without Unwrap, the wrapped Pipeline meets its error in a topic.
	f := Func(func(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
		return bad.Answer(ctx, env, t)
	})
	if _, err := Run(ctx, env, f, ""); err == nil || !strings.Contains(err.Error(), "retrieval: query") {
		t.Errorf("a Func around the Pipeline: got %v, want its error in a topic", err)
	}
	// A wrapper of a System without checks answers as it does; so do a
	// wrapper that unwraps to nil and one that unwraps to itself (a cycle
	// is not followed for ever).
	for name, s := range map[string]System{
		"a wrapper of Baseline":          wrapper{Baseline{}, &n},
		"a wrapper unwrapping to nil":    nilUnwrap{},
		"a wrapper unwrapping to itself": selfUnwrap{},
	} {
		if _, err := Run(ctx, env, s, ""); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// nilUnwrap answers as Baseline and unwraps to nil.
type nilUnwrap struct{ Baseline }

func (nilUnwrap) Unwrap() System { return nil }

// selfUnwrap answers as Baseline and unwraps to itself.
type selfUnwrap struct{ Baseline }

func (s selfUnwrap) Unwrap() System { return s }

// TestNilAndBadEnv checks that a nil Env, or a zero one, is an error
// naming it wherever a user may pass one, and that Open refuses a
// negative K.
func TestNilAndBadEnv(t *testing.T) {
	ctx := context.Background()
	topic := topics.Topic{ID: "1", Title: "Should teachers get tenure?"}
	var nilEnv *Env
	if _, err := nilEnv.Index(ctx, lexical.Config{}); err == nil || !strings.Contains(err.Error(), "nil Env") {
		t.Errorf("(*Env)(nil).Index: %v", err)
	}
	for name, s := range map[string]System{"Baseline": Baseline{}, "Swordsman": Swordsman{}, "Pipeline": Pipeline{}} {
		if _, err := s.Answer(ctx, nil, topic); err == nil || !strings.Contains(err.Error(), "nil Env") {
			t.Errorf("%s.Answer with a nil Env: %v", name, err)
		}
		if _, err := s.Answer(ctx, &Env{}, topic); err == nil || !strings.Contains(err.Error(), "system.Open") {
			t.Errorf("%s.Answer with a zero Env: %v", name, err)
		}
	}
	if _, err := Open(ctx, Input{K: -5}); err == nil || !strings.Contains(err.Error(), "Input.K -5") {
		t.Errorf("Open with K -5: %v", err)
	}
	if _, err := Open(ctx, Input{Workers: -1}); err == nil || !strings.Contains(err.Error(), "Input.Workers -1") {
		t.Errorf("Open with Workers -1: %v", err)
	}
}
