package comparative

import (
	"context"
	"fmt"
	"runtime"
	"slices"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/parallel"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
)

// A Pipeline is a Task 2 system as a value: for each topic it retrieves
// passages for one or more query variants (fused by reciprocal rank fusion
// when there are several), re-ranks them in steps, tags each passage's
// comparative stance and, optionally, re-orders the top by stance.
//
// Its zero value is not usable: First is required. A Pipeline holds no state
// between runs; it is safe for concurrent use when its parts are.
type Pipeline struct {
	// Tag is the run tag; "" means "comparative".
	Tag string
	// First retrieves passages for one query.
	First retrieval.Retriever
	// Queries gives a topic's queries; nil means the title alone. (The
	// recipes query the title, the title without stop words, the two
	// objects alone, or the objects and the title's aspects, as the 2022
	// teams did.) Several lists are fused with reciprocal rank fusion
	// (constant 60), Captain Levi's "voting".
	Queries func(topics.Topic) []retrieval.Query
	// Depth is how many passages each query retrieves and the re-rankers
	// see; 0 or less than k means k.
	Depth int
	// Then re-rank the candidates in turn, each given the topic (for its
	// objects) and returning them best first.
	Then []func(context.Context, topics.Topic, []retrieval.Hit) ([]retrieval.Hit, error)
	// Tagger gives every result its stance; nil writes Q0 (no stance).
	// Run calls it from several goroutines at once (a Tagger is safe for
	// concurrent use), and a panic in it reaches Run's caller; the other
	// parts it calls from one goroutine, in order.
	Tagger *Tagger
	// Text returns a passage's text by id, for Tagger; a passage it does
	// not know is an error.
	Text func(id string) (string, bool)
	// Fair, if positive, re-orders the first Fair results by their stance,
	// taking in turn the best remaining FIRST, SECOND and NEUTRAL passage
	// (then the rest in order), as Grimjack's "fair" runs did. Scores are
	// then rewritten to follow the new order.
	Fair int
}

// runRules are the checks of a Task 2 run: at most 1000 passages per topic
// with a stance of Task 2 or none.
func runRules() runfile.Rules {
	return runfile.Rules{
		MaxResults:  1000,
		Stances:     []stance.Stance{stance.First, stance.Second, stance.Neutral, stance.No, stance.Unknown},
		Comparative: true,
	}
}

// Run runs the system over the topics and returns a run of at most k
// passages per topic, in memory; runfile.WriteFile with
// runfile.Rules{Comparative: true} writes it. Topics need their two
// objects when the re-rankers or the tagger use them. A nil ctx, and k
// outside 1 to 1000, are errors before any work.
func (s Pipeline) Run(ctx context.Context, ts []topics.Topic, k int) (runfile.Run, error) {
	if err := nilctx.Check(ctx, "comparative: Pipeline.Run"); err != nil {
		return nil, err
	}
	if s.First == nil {
		return nil, fmt.Errorf("comparative: system without a First retriever")
	}
	if k <= 0 {
		return nil, fmt.Errorf("comparative: k = %d: %w", k, retrieval.ErrK)
	}
	if most := runRules().MaxResults; k > most {
		return nil, fmt.Errorf("comparative: k %d, want 1 to %d (the most a Task 2 run may hold)", k, most)
	}
	depth := max(s.Depth, k)
	results := make(map[string][]runfile.Result, len(ts))
	for _, t := range ts {
		hits, err := s.topic(ctx, t, depth)
		if err != nil {
			return nil, fmt.Errorf("comparative: topic %s: %w", t.ID, err)
		}
		if len(hits) > k {
			hits = hits[:k]
		}
		rs := make([]runfile.Result, len(hits))
		for i, h := range hits {
			rs[i] = runfile.Result{DocID: h.ID, Score: h.Score}
		}
		if s.Tagger != nil {
			if err := s.stances(ctx, t, rs); err != nil {
				return nil, fmt.Errorf("comparative: topic %s: %w", t.ID, err)
			}
		}
		if s.Fair > 0 {
			fair(rs, s.Fair)
		}
		results[t.ID] = rs
	}
	tag := s.Tag
	if tag == "" {
		tag = "comparative"
	}
	return runfile.NewRun(tag, runRules(), results)
}

// topic retrieves and re-ranks one topic's passages.
func (s Pipeline) topic(ctx context.Context, t topics.Topic, depth int) ([]retrieval.Hit, error) {
	qs := []retrieval.Query{retrieval.TopicQuery(t)}
	if s.Queries != nil {
		qs = s.Queries(t)
	}
	lists := make([][]retrieval.Hit, len(qs))
	for i, q := range qs {
		hits, err := s.First.Retrieve(ctx, q, depth)
		if err != nil {
			return nil, err
		}
		lists[i] = hits
	}
	hits := lists[0]
	if len(lists) > 1 {
		var err error
		if hits, err = (retrieval.Fusion{}).Merge(lists, depth); err != nil {
			return nil, err
		}
	}
	for _, step := range s.Then {
		var err error
		if hits, err = step(ctx, t, hits); err != nil {
			return nil, err
		}
	}
	return hits, nil
}

// stances sets the stance of every result. The texts are read in order, on
// the caller's goroutine; the Tagger (safe for concurrent use) tags them on
// GOMAXPROCS goroutines. The error is the one of the first result in order
// that fails, as if the results were tagged one after another (the results
// are handed out in order and none after a failure, so every result before
// it has been tagged); a panic in the Tagger reaches the caller.
func (s Pipeline) stances(ctx context.Context, t topics.Topic, rs []runfile.Result) error {
	if len(rs) == 0 {
		return nil
	}
	if len(t.Objects) != 2 {
		return fmt.Errorf("%d objects, the tagger needs 2", len(t.Objects))
	}
	if s.Text == nil {
		return fmt.Errorf("a Tagger without Text")
	}
	texts := make([]string, 0, len(rs))
	var missing error
	for _, r := range rs {
		text, ok := s.Text(r.DocID)
		if !ok {
			missing = fmt.Errorf("passage %s has no text", r.DocID)
			break
		}
		texts = append(texts, text)
	}
	objects := [2]string{t.Objects[0], t.Objects[1]}
	errs := make([]error, len(texts))
	if !parallel.For(len(texts), runtime.GOMAXPROCS(0), func(i int) bool {
		rs[i].Stance, _, errs[i] = s.Tagger.Tag(ctx, objects, texts[i])
		return errs[i] == nil
	}) {
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
	}
	return missing
}

// fair re-orders the first n results by stance, FIRST, SECOND, NEUTRAL in
// turn (the best remaining of each), then the rest in order, and rewrites all
// scores to follow the order.
func fair(rs []runfile.Result, n int) {
	n = min(n, len(rs))
	top := slices.Clone(rs[:n])
	used := make([]bool, n)
	out := make([]runfile.Result, 0, n)
	for len(out) < n {
		progressed := false
		for _, want := range []stance.Stance{stance.First, stance.Second, stance.Neutral} {
			for i, r := range top {
				if !used[i] && r.Stance == want {
					used[i], progressed = true, true
					out = append(out, r)
					break
				}
			}
		}
		if !progressed {
			for i, r := range top {
				if !used[i] {
					used[i] = true
					out = append(out, r)
				}
			}
		}
	}
	copy(rs, out)
	for i := range rs {
		rs[i].Score = float64(len(rs) - i)
	}
}
