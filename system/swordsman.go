package system

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// Swordsman answers topics as Swordsman, the official Touché 2022
// baseline, did: it retrieves whole arguments, and every retrieved argument
// gives one pair, its two most central sentences by ArgsRank (PageRank over
// sentence similarities with a teleport vector that favours discourse
// markers) in reading order, scored by the argument's
// retrieval score. The stance is the argument's args.me label towards the
// topic, "Q0" where the labels do not reveal one (a stance.Rule without a
// model). Arguments of one sentence give no pair; retrieval goes deeper
// until the Env's K pairs are made or the arguments run out.
//
// The original used Universal Sentence Encoder similarities; ArgsRank here
// uses TF-IDF cosine.
type Swordsman struct {
	// Search is how arguments are retrieved; its zero value is Dirichlet
	// LM (μ 2000) over the argument unit (conclusion, premises and
	// discussion title, equally weighted). A Search of another unit is
	// made to search arguments.
	Search lexical.Ranking
	// Retriever, if not nil, retrieves the arguments instead of Search
	// over the Env's index: a search engine such as the args.me API
	// (argsme.Client), as Touché's participants called it. Its hits are
	// argument ids of the Env's corpus.
	Retriever retrieval.Retriever
}

// search returns the argument search s.Search stands for.
func (s Swordsman) search() lexical.Ranking {
	search := s.Search
	search.Unit = "argument"
	if search.Scoring.Model == "" {
		search.Scoring.Model = "dirichlet"
	}
	return search
}

// String describes the configuration, one step a line, as Pipeline.String
// does.
func (s Swordsman) String() string {
	if s.Retriever != nil {
		return fmt.Sprintf("stage 1: arguments from %T\npairs: each argument's two most central sentences (ArgsRank)\nstance: args.me labels (Q0 where they reveal none)\n", s.Retriever)
	}
	return fmt.Sprintf("analysis: the Env's index (Input.Index; by default en)\nstage 1: %s\npairs: each argument's two most central sentences (ArgsRank)\nstance: args.me labels (Q0 where they reveal none)\n", s.search())
}

// Answer implements System.
func (s Swordsman) Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
	if err := checkEnv(env); err != nil {
		return nil, err
	}
	k := env.K
	arguments, total, err := s.arguments(ctx, env)
	if err != nil {
		return nil, err
	}
	q := retrieval.TopicQuery(t)
	var rank pairing.ArgsRank
	var pairs []pairing.Scored
	for depth := min(k+k/4, total); ; depth = min(2*depth, total) {
		hits, err := arguments.Retrieve(ctx, q, depth)
		if err != nil {
			return nil, err
		}
		pairs = pairs[:0]
		for _, h := range hits {
			a, ok := env.Store.Argument(h.ID)
			if !ok {
				return nil, fmt.Errorf("system: hit %.100q: no such argument: %w", h.ID, corpus.ErrNotInStore)
			}
			p, ok := topTwo(a, rank.Argument(a))
			if !ok {
				continue
			}
			pairs = append(pairs, pairing.Scored{Pair: p, Score: h.Score, Raw: h.Score, SameArgument: true})
			if len(pairs) == k {
				break
			}
		}
		if len(pairs) == k || len(hits) < depth || depth == total {
			break
		}
	}
	return stanceResults(labelsRule(env.Store), q.Text, pairs), nil
}

// arguments returns the retriever of arguments and how many there are: the
// Retriever and the Env's arguments, or Search over the Env's index and
// the arguments it holds.
func (s Swordsman) arguments(ctx context.Context, env *Env) (retrieval.Retriever, int, error) {
	if s.Retriever != nil {
		return s.Retriever, env.Store.NumArguments(), nil
	}
	x, err := env.index(ctx, s.search())
	if err != nil {
		return nil, 0, err
	}
	return x, x.Docs("argument"), nil
}
