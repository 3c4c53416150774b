package system

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
)

// Swordsman answers a topic as Swordsman, the official Touché 2022
// baseline, does: every argument arguments retrieves gives one pair, its
// two most central sentences by ArgsRank (pairing.TopTwo) in reading
// order, scored by the argument's retrieval score and stanced by its
// args.me labels (corpus.Argument.Stance; Unknown where they do not
// reveal a stance). Arguments of one sentence give no pair; retrieval goes
// deeper until k pairs are made or the arguments run out. arguments must
// search the argument unit.
func Swordsman(ctx context.Context, store *corpus.Store, arguments *lexical.Index, q retrieval.Query, k int) ([]runfile.Result, error) {
	total := arguments.Docs(lexical.UnitArgument)
	var rank pairing.ArgsRank
	for depth := min(k+k/4, total); ; depth = min(2*depth, total) {
		hits, err := arguments.Retrieve(ctx, q, depth)
		if err != nil {
			return nil, err
		}
		var results []runfile.Result
		for _, h := range hits {
			a, ok := store.Argument(h.ID)
			if !ok {
				return nil, fmt.Errorf("hit %q: no such argument in the corpus", h.ID)
			}
			p, ok := pairing.TopTwo(a, rank.Argument(a).Scores)
			if !ok {
				continue
			}
			st, _ := a.Stance(q.Text)
			results = append(results, runfile.Result{DocID: p.ID(), Score: h.Score, Stance: st})
			if len(results) == k {
				return results, nil
			}
		}
		if len(hits) < depth || depth == total {
			return results, nil
		}
	}
}
