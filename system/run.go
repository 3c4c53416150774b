package system

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// A System answers topics: for each, the pairs (or documents) of a run,
// in any order (a run sorts them by score, then id, both descending).
// Answer may be called for several topics at once and must be safe for
// that; it reads what it needs from env (the store, indexes, models).
//
// Baseline, Swordsman and Pipeline are systems; Func makes one of a
// function.
//
// A System that wraps another (one that times its topics, say) may have a
// method Unwrap() System returning the one it wraps, as errors do: Run
// then checks the wrapped System's configuration before the first topic
// as it checks the System itself (a Pipeline's fields, its index opened or
// built), so that the wrapper's first topic does not meet those errors.
type System interface {
	Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error)
}

// Func adapts a function to the System interface.
type Func func(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error)

// Answer calls f.
func (f Func) Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
	return f(ctx, env, t)
}

// A checker is a System that checks its configuration against an Env
// before the first topic, so that a value out of range is an error naming
// its field before any work.
type checker interface {
	check(ctx context.Context, env *Env) error
}

// checkSystem checks s, or the System it wraps (through Unwrap methods),
// if it is a checker.
func checkSystem(ctx context.Context, env *Env, s System) error {
	for range 100 { // a chain of wrappers, not a cycle
		if c, ok := s.(checker); ok {
			return c.check(ctx, env)
		}
		u, ok := s.(interface{ Unwrap() System })
		if !ok {
			return nil
		}
		if s = u.Unwrap(); s == nil {
			return nil
		}
	}
	return nil
}

// checkCtx returns an error naming fn when ctx is nil (a caller's
// mistake), before any work.
func checkCtx(ctx context.Context, fn string) error {
	if ctx == nil {
		return fmt.Errorf("system: %s: ctx is a nil context.Context (pass context.Background() if there is no other)", fn)
	}
	return nil
}

// checkEnv refuses a nil Env and one not made by Open.
func checkEnv(env *Env) error {
	switch {
	case env == nil:
		return errors.New("system: a nil Env (use system.Open)")
	case env.Store == nil || env.K <= 0:
		return errors.New("system: an Env not made by system.Open")
	}
	return nil
}

// Run answers every topic of env with s, Input.Workers topics at a time,
// and returns the run, every line tagged tag ("" means "argsearch"). The
// run is checked as a run file is (runfile.NewRun: ids, scores, no
// duplicate); writing it, with the rules of a task, is a separate step
// (runfile.WriteFile). The same env, system and tag give the same run,
// whatever the number of workers.
//
// A failing topic fails the run, with the topic's id. A nil ctx, env or s, an
// Env without topics, a Pipeline whose configuration is out of range (an
// error naming the field, before the first topic), and a run in which
// every topic came out empty, are errors.
func Run(ctx context.Context, env *Env, s System, tag string) (runfile.Run, error) {
	if err := checkCtx(ctx, "Run"); err != nil {
		return nil, err
	}
	if tag == "" {
		tag = "argsearch"
	}
	switch f, isFunc := s.(Func); {
	case env == nil:
		return nil, errors.New("system: Run without an Env (nil)")
	case s == nil, isFunc && f == nil:
		return nil, errors.New("system: Run without a System (nil)")
	}
	if err := checkEnv(env); err != nil {
		return nil, err
	}
	if len(env.Topics) == 0 {
		return nil, fmt.Errorf("system: %s has no topics", env.Name)
	}
	if err := checkSystem(ctx, env, s); err != nil {
		return nil, err
	}
	results := make([][]runfile.Result, len(env.Topics))
	var mu sync.Mutex
	done := 0
	total := int64(len(env.Topics))
	qs := make([]retrieval.Query, len(env.Topics))
	for i, t := range env.Topics {
		qs[i] = retrieval.TopicQuery(t)
	}
	err := retrieval.ForEach(ctx, qs, env.in.Workers, func(ctx context.Context, i int, _ retrieval.Query) error {
		var err error
		results[i], err = s.Answer(ctx, env, env.Topics[i])
		mu.Lock()
		done++
		env.progress("topics", int64(done), total)
		mu.Unlock()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("system: %w", err)
	}
	if !slices.ContainsFunc(results, func(rs []runfile.Result) bool { return len(rs) > 0 }) {
		return nil, fmt.Errorf("system: every one of the %d topics came out empty (does the configuration leave anything?)", len(env.Topics))
	}
	byTopic := make(map[string][]runfile.Result, len(env.Topics))
	for i, t := range env.Topics {
		if _, dup := byTopic[t.ID]; dup {
			return nil, fmt.Errorf("system: topic %s is listed twice", t.ID)
		}
		byTopic[t.ID] = results[i]
	}
	run, err := runfile.NewRun(tag, runfile.Rules{}, byTopic)
	if err != nil {
		return nil, fmt.Errorf("system: %w", err)
	}
	return run, nil
}
