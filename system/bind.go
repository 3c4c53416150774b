package system

// This file: the steps of a Pipeline bound to an Env (their Bind methods,
// with what each step package's Env asks for), and the Pipeline's checks.

import (
	"context"
	"errors"
	"fmt"

	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system/internal/envload"
)

// The Bind methods of the steps of each kind (see filter.Env, pairing.Env,
// rewrite.Env, stance.Env).
type (
	rewriteBinder interface {
		Bind(rewrite.Env) (rewrite.Rewriter, error)
	}
	filterBinder interface {
		Bind(filter.Env) (filter.Filter, error)
	}
	rerankBinder interface {
		Bind(pairing.Env) (pairing.Reranker, error)
	}
	pairBinder interface {
		Bind(pairing.Env) (pairing.Pairer, error)
	}
	stanceBinder interface {
		Bind(stance.Env) (stance.Decider, error)
	}
	stanceLister interface{ Stances() []stance.Stance }
)

// steps are a Pipeline's steps bound to an Env, for one topic.
type steps struct {
	rewrite []rewrite.Rewriter
	filters filter.Filter
	rerank  []pairing.Reranker
	pair    pairing.Pairer
	stance  stance.Decider
}

// bind returns the pipeline's steps bound to env: a step with a Bind method
// gets what it lacks from env (and a filter such as a Dedup its own state
// for the topic); a nil Pair is a pairing.Builder, a nil Stance a
// stance.Rule. An error names the step.
func (p Pipeline) bind(env *Env) (*steps, error) {
	s := &steps{}
	for i, r := range p.Rewrite {
		if r == nil {
			return nil, fmt.Errorf("system: Pipeline.Rewrite[%d] is nil", i)
		}
		if b, ok := r.(rewriteBinder); ok {
			var err error
			if r, err = b.Bind(envload.RewriteEnv{Loader: env.shipped}); err != nil {
				return nil, fmt.Errorf("system: Pipeline.Rewrite[%d]: %w", i, err)
			}
		}
		s.rewrite = append(s.rewrite, r)
	}
	fs := make([]filter.Filter, len(p.Filters))
	for i, f := range p.Filters {
		if f == nil {
			return nil, fmt.Errorf("system: Pipeline.Filters[%d] is nil", i)
		}
		fs[i] = f
		if b, ok := f.(filterBinder); ok {
			var err error
			if fs[i], err = b.Bind(envload.FilterEnv{Loader: env.shipped}); err != nil {
				return nil, fmt.Errorf("system: Pipeline.Filters[%d]: %w", i, err)
			}
		}
	}
	s.filters = filter.Chain(fs...)
	for i, r := range p.Rerank {
		if r == nil {
			return nil, fmt.Errorf("system: Pipeline.Rerank[%d] is nil", i)
		}
		if b, ok := r.(rerankBinder); ok {
			var err error
			if r, err = b.Bind(envload.PairingEnv{Loader: env.shipped, Store: env.Store}); err != nil {
				return nil, fmt.Errorf("system: Pipeline.Rerank[%d]: %w", i, err)
			}
		}
		s.rerank = append(s.rerank, r)
	}
	s.pair = p.Pair
	if s.pair == nil {
		s.pair = pairing.Builder{}
	}
	if b, ok := s.pair.(pairBinder); ok {
		var err error
		if s.pair, err = b.Bind(envload.PairingEnv{Loader: env.shipped, Store: env.Store}); err != nil {
			return nil, fmt.Errorf("system: Pipeline.Pair: %w", err)
		}
	}
	var err error
	if s.stance, err = bindStance(p.Stance, envload.StanceEnv{Loader: env.shipped, Store: env.Store}); err != nil {
		return nil, err
	}
	return s, nil
}

// bindStance returns d bound to env (a nil d is a stance.Rule).
func bindStance(d stance.Decider, env stance.Env) (stance.Decider, error) {
	if d == nil {
		d = stance.Rule{}
	}
	if b, ok := d.(stanceBinder); ok {
		var err error
		if d, err = b.Bind(env); err != nil {
			return nil, fmt.Errorf("system: Pipeline.Stance: %w", err)
		}
	}
	return d, nil
}

// check refuses a configuration out of range before any work, naming the
// field: a negative count, stages that contradict each other or the
// steps, a step whose Bind refuses its settings, or a search its index
// cannot run. Run calls it before the first topic, Answer before its own.
// The steps are bound (loading the models they take from env) while the
// index opens.
func (p Pipeline) check(ctx context.Context, env *Env) error {
	if err := checkEnv(env); err != nil {
		return err
	}
	if p.Pool < 0 {
		return fmt.Errorf("system: Pipeline.Pool %d: cannot be negative (0 means %d)", p.Pool, defaultPool)
	}
	if err := p.Retrieve.check(); err != nil {
		return err
	}
	if p.Retrieve.retrievesPairs() {
		switch {
		case len(p.Filters) > 0:
			return errors.New("system: Pipeline.Filters are set, but the stages retrieve pairs, which are taken as they are")
		case len(p.Rerank) > 0:
			return errors.New("system: Pipeline.Rerank is set, but the stages retrieve pairs, which are taken as they are")
		case p.Pair != nil:
			return errors.New("system: Pipeline.Pair is set, but the stages retrieve pairs, which are taken as they are")
		}
	}
	bound := make(chan error, 1)
	go func() {
		_, err := p.bind(env)
		bound <- err
	}()
	err := p.Retrieve.checkSearches(ctx, env)
	return errors.Join(err, <-bound)
}

// Stances returns the stances the Pipeline's runs hold: those its Stance
// step says (stance.Rule.Stances: PRO and CON for the default, "Q0" alone
// for a Rule that is Off), or PRO, CON and "Q0" for a step that says none.
// A command checks its run against them.
func (p Pipeline) Stances() []stance.Stance {
	d, err := bindStance(p.Stance, listingEnv{})
	if l, ok := d.(stanceLister); err == nil && ok {
		return l.Stances()
	}
	return stance.Rule{}.Stances()
}

// listingEnv is a stance.Env for Stances: a step bound to it says which
// stances it would write, its model standing for the shipped one.
type listingEnv struct{}

func (listingEnv) Labels(string, string) (stance.Stance, float64) { return stance.Unknown, 0 }
func (listingEnv) Model() (stance.Model, error)                   { return noModel{}, nil }

// noModel is a stance.Model that has no stance for anything.
type noModel struct{}

func (noModel) Tag(context.Context, string, string) (stance.Stance, float64, error) {
	return stance.Unknown, 0, nil
}
func (noModel) Lean(string, string) float64                  { return 0 }
func (noModel) Side(string, string) (stance.Stance, float64) { return stance.Unknown, 0 }

// encoder returns enc, or the shipped encoder it names: semantic.USE (also
// for nil) or semantic.GloVe, loaded once for the Env.
func (e *Env) encoder(enc semantic.Encoder) (semantic.Encoder, error) {
	return e.shipped.Resolve(enc)
}
