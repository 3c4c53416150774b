package system

import (
	"context"
	"fmt"
	"math"

	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/retrieval/rewrite"
)

// check refuses a configuration out of range before any work, naming the
// field: a negative count, a threshold outside [0, 1], stages that
// contradict each other or the pipeline, or a search its index cannot
// run. Run calls it before the first topic, Answer before
// its own.
func (p Pipeline) check(ctx context.Context, env *Env) error {
	if err := checkEnv(env); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		v    int
	}{
		{"Depth", p.Depth}, {"Pool", p.Pool}, {"SampleStopFrequent", p.SampleStopFrequent}, {"Builder.Pool", p.Builder.Pool},
	} {
		if f.v < 0 {
			return fmt.Errorf("system: Pipeline.%s %d: cannot be negative (0 means the default)", f.name, f.v)
		}
	}
	for i, rw := range p.Rewriters {
		n := 0
		switch rw := rw.(type) {
		case nil:
			return fmt.Errorf("system: Pipeline.Rewriters[%d] is nil", i)
		case rewrite.Reduce:
			n = rw.N
		case rewrite.Synonyms:
			n = rw.N
		case rewrite.Expand:
			n = rw.N
		}
		if n < 0 {
			return fmt.Errorf("system: Pipeline.Rewriters[%d] (%T): N %d cannot be negative", i, rw, n)
		}
	}
	if a := p.Argumentative; math.IsNaN(a) || a < 0 || a > 1 {
		return fmt.Errorf("system: Pipeline.Argumentative %v: a threshold in [0, 1] (0: off)", a)
	}
	stages := p.Stages
	if len(stages) == 0 {
		stages = []Stage{{}}
	}
	for i, s := range stages {
		switch {
		case s.Depth < 0:
			return fmt.Errorf("system: Pipeline.Stages[%d].Depth %d: cannot be negative (0 means the Pipeline's)", i, s.Depth)
		case s.Arguments < 0:
			return fmt.Errorf("system: Pipeline.Stages[%d].Arguments %d: cannot be negative (0 means %d)", i, s.Arguments, defaultArguments)
		case math.IsNaN(s.Weight) || math.IsInf(s.Weight, 0):
			return fmt.Errorf("system: Pipeline.Stages[%d].Weight %v: not a number", i, s.Weight)
		}
	}
	if err := p.checkStages(stages); err != nil {
		return err
	}
	return p.checkSearches(ctx, env, stages)
}

// checkSearches asks the index each stage searches whether it can run the
// stage's search (lexical.Index.With), so that a bad Search is an error
// naming its stage before the first topic.
func (p Pipeline) checkSearches(ctx context.Context, env *Env, stages []Stage) error {
	var index *lexical.Index
	for i, s := range stages {
		if s.Dense {
			continue
		}
		if index == nil {
			var err error
			if index, err = env.Index(ctx, p.indexConfig(env)); err != nil {
				return err
			}
		}
		if _, err := index.With(s.Search); err != nil {
			return fmt.Errorf("system: Pipeline.Stages[%d].Search: %w", i, err)
		}
	}
	return nil
}
