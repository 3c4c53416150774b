package filter

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
)

// selectSentences is SelectHits over sentences given as they are: it
// returns the sentences of ss that f keeps, in order, at most limit, and
// the number it checked.
func selectSentences(ctx context.Context, f Filter, ss []corpus.Sentence, limit int, counts map[Reason]int) (kept []corpus.Sentence, checked int, err error) {
	idx, checked, err := selectIndexes(ctx, f, len(ss), func(i int) (corpus.Sentence, error) { return ss[i], nil }, limit, counts)
	if err != nil {
		return nil, checked, err
	}
	kept = make([]corpus.Sentence, len(idx))
	for k, i := range idx {
		kept[k] = ss[i]
	}
	return kept, checked, nil
}

// SelectHits looks up the sentence of every hit in store and returns the
// hits whose sentences f keeps, best first as given, stopping once limit
// are kept (limit <= 0 means no limit), and the number of hits it checked:
// all of them, or up to the limit-th kept one (the hits after them were not
// looked at). Each rejection adds one to counts[reason]; counts may be nil.
// A nil f keeps every sentence. A hit whose sentence the store does not
// hold is an error wrapping corpus.ErrNotInStore.
//
// The result is exactly what checking the sentences one by one with f
// would give, but faster: the pure filters of f, or of the filters Chain
// joined into f (Length, Noise, Verb and Argumentative), check a batch of
// sentences on every core, and the others (a Dedup, or any filter of one's
// own) then check, in order, only the sentences that reached them, as
// Chain would pass them on. A pure filter may therefore see a few
// sentences beyond the last one checked; a stateful one never does. A
// cancelled ctx gives an error wrapping ctx.Err(). A panic in a filter
// reaches the caller.
func SelectHits(ctx context.Context, f Filter, store *corpus.Store, hits []retrieval.Hit, limit int, counts map[Reason]int) (kept []retrieval.Hit, checked int, err error) {
	if err := nilctx.Check(ctx, "filter: SelectHits"); err != nil {
		return nil, 0, err
	}
	sentence := func(i int) (corpus.Sentence, error) {
		s, ok := store.Sentence(hits[i].ID)
		if !ok {
			return s, fmt.Errorf("filter: hit %s: no such sentence: %w", quote.Q(hits[i].ID), corpus.ErrNotInStore)
		}
		return s, nil
	}
	idx, checked, err := selectIndexes(ctx, f, len(hits), sentence, limit, counts)
	if err != nil {
		return nil, checked, err
	}
	kept = make([]retrieval.Hit, len(idx))
	for k, i := range idx {
		kept[k] = hits[i]
	}
	return kept, checked, nil
}

// selectBatch is how many sentences the pure filters check at once.
const selectBatch = 64

// A stage is a run of consecutive pure filters, or one stateful filter.
type stage struct {
	filters []Filter
	pure    bool
}

// stages cuts f into stages, in order; a nil f has none.
func stages(f Filter) []stage {
	if f == nil {
		return nil
	}
	var filters []Filter
	if c, ok := f.(chain); ok {
		filters = c
	} else {
		filters = []Filter{f}
	}
	var out []stage
	for _, x := range filters {
		_, isPure := x.(pure)
		if isPure && len(out) > 0 && out[len(out)-1].pure {
			out[len(out)-1].filters = append(out[len(out)-1].filters, x)
			continue
		}
		out = append(out, stage{filters: []Filter{x}, pure: isPure})
	}
	return out
}

// verdict is what the pure stages said of one sentence: the reason of the
// first pure rejection and the stage that gave it (len(stages) when none
// rejected it).
type verdict struct {
	s      corpus.Sentence
	err    error
	reason Reason
	stage  int
}

// selectIndexes is SelectHits over n sentences given by index.
func selectIndexes(ctx context.Context, f Filter, n int, sentence func(int) (corpus.Sentence, error), limit int, counts map[Reason]int) (kept []int, checked int, err error) {
	st := stages(f)
	workers := runtime.GOMAXPROCS(0)
	verdicts := make([]verdict, selectBatch)
	for start := 0; start < n; start += selectBatch {
		if err := ctx.Err(); err != nil {
			return nil, checked, fmt.Errorf("filter: %w", err)
		}
		batch := verdicts[:min(selectBatch, n-start)]
		judgeBatch(st, batch, start, sentence, workers)
		for i, v := range batch {
			if v.err != nil {
				return nil, checked, v.err
			}
			checked++
			if why := walk(st, v); why != noReason {
				if counts != nil {
					counts[why]++
				}
				continue
			}
			kept = append(kept, start+i)
			if limit > 0 && len(kept) == limit {
				return kept, checked, nil
			}
		}
	}
	return kept, checked, nil
}

// judgeBatch looks up the sentences of a batch and runs the pure stages on
// them, on up to workers goroutines. A sentence goes through the pure
// stages in order until one rejects it, without regard to the stateful
// stages between them: a pure rejection is final whatever those would say.
func judgeBatch(st []stage, batch []verdict, start int, sentence func(int) (corpus.Sentence, error), workers int) {
	judge := func(i int) {
		v := verdict{stage: len(st)}
		v.s, v.err = sentence(start + i)
		if v.err == nil {
		stages:
			for k, s := range st {
				if !s.pure {
					continue
				}
				for _, f := range s.filters {
					if ok, why := f.Check(v.s); !ok {
						v.reason, v.stage = why, k
						break stages
					}
				}
			}
		}
		batch[i] = v
	}
	workers = min(workers, len(batch))
	if workers <= 1 {
		for i := range batch {
			judge(i)
		}
		return
	}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		panicked any
	)
	for w := range workers {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					mu.Lock()
					panicked = p
					mu.Unlock()
				}
			}()
			for i := w; i < len(batch); i += workers {
				judge(i)
			}
		})
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// walk decides one sentence as the chain would: stage by stage, the pure
// ones by their verdict, the stateful ones by checking it now.
func walk(st []stage, v verdict) Reason {
	for k, s := range st {
		if s.pure {
			if k == v.stage {
				return v.reason
			}
			continue
		}
		if ok, why := s.filters[0].Check(v.s); !ok {
			return why
		}
	}
	return noReason
}
