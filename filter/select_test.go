package filter_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/google/go-cmp/cmp"
)

func sampleSentences(tb testing.TB) []corpus.Sentence {
	tb.Helper()
	var ss []corpus.Sentence
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			tb.Fatal(err)
		}
		ss = append(ss, a.Sentences...)
	}
	return ss
}

// scorerFunc adapts a function to the filter.Scorer interface.
type scorerFunc func(text string) float64

func (f scorerFunc) Score(text string) float64 { return f(text) }

// perArgument is a stateful filter: it keeps at most n sentences of an
// argument, and counts the sentences it saw.
type perArgument struct {
	n    int
	seen map[string]int
	hits *atomic.Int64
}

func (p perArgument) Check(s corpus.Sentence) (bool, filter.Reason) {
	p.hits.Add(1)
	arg, _, _ := strings.Cut(s.ID, "__")
	p.seen[arg]++
	if p.seen[arg] > p.n {
		return false, "per-argument"
	}
	return true, ""
}

// reference is Select done one sentence at a time with Check.
func reference(f filter.Filter, ss []corpus.Sentence, limit int) ([]corpus.Sentence, int, map[filter.Reason]int) {
	counts := map[filter.Reason]int{}
	var kept []corpus.Sentence
	for i, s := range ss {
		ok, why := f.Check(s)
		if !ok {
			counts[why]++
			continue
		}
		kept = append(kept, s)
		if limit > 0 && len(kept) == limit {
			return kept, i + 1, counts
		}
	}
	return kept, len(ss), counts
}

// TestSelectMatchesChain checks Select against checking one sentence at a
// time, for chains that mix pure and stateful filters in every order, with
// and without a limit, on the sample's 17,590 sentences.
func TestSelectMatchesChain(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	}
	ss := sampleSentences(t)
	scorer := scorerFunc(func(text string) float64 {
		if strings.Contains(text, "because") || strings.Contains(text, "should") {
			return 0.9
		}
		return 0.3
	})
	type build func(hits *atomic.Int64) filter.Filter
	chains := map[string]build{
		"length noise dedup arg": func(*atomic.Int64) filter.Filter {
			return filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{}, filter.Argumentative{Scorer: scorer, Threshold: 0.5})
		},
		"dedup first": func(h *atomic.Int64) filter.Filter {
			return filter.Chain(&filter.Dedup{}, filter.Length{Min: 5}, perArgument{2, map[string]int{}, h}, filter.Noise{})
		},
		"stateful between pure": func(h *atomic.Int64) filter.Filter {
			return filter.Chain(filter.Noise{}, perArgument{3, map[string]int{}, h}, filter.Argumentative{Scorer: scorer, Threshold: 0.5},
				&filter.Dedup{}, filter.Length{Max: 30})
		},
		"one pure":     func(*atomic.Int64) filter.Filter { return filter.Length{Min: 10} },
		"one stateful": func(*atomic.Int64) filter.Filter { return &filter.Dedup{} },
	}
	for name, mk := range chains {
		for _, limit := range []int{0, 1, 100, 1000} {
			var refHits, gotHits atomic.Int64
			wantKept, wantChecked, wantCounts := reference(mk(&refHits), ss, limit)
			counts := map[filter.Reason]int{}
			kept, checked, err := filter.Select(context.Background(), mk(&gotHits), ss, limit, counts)
			if err != nil {
				t.Fatal(err)
			}
			if checked != wantChecked || !cmp.Equal(kept, wantKept) || !cmp.Equal(counts, wantCounts) {
				t.Errorf("%s, limit %d: checked %d (want %d), kept %d (want %d), counts %v (want %v)",
					name, limit, checked, wantChecked, len(kept), len(wantKept), counts, wantCounts)
			}
			if gotHits.Load() != refHits.Load() {
				t.Errorf("%s, limit %d: the stateful filter saw %d sentences, want %d", name, limit, gotHits.Load(), refHits.Load())
			}
		}
	}
}

func TestSelectHits(t *testing.T) {
	args := []corpus.Argument{{ID: "A", Sentences: []corpus.Sentence{
		{ID: "A__PREMISE__1", Text: "Taxes should fall because growth follows."},
		{ID: "A__PREMISE__2", Text: "Too short."},
		{ID: "A__PREMISE__3", Text: "Taxes should fall because growth follows!"},
		{ID: "A__PREMISE__4", Text: "Public schools need more money for teachers."},
	}}}
	store, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) { yield(args[0], nil) })
	if err != nil {
		t.Fatal(err)
	}
	hits := []retrieval.Hit{{ID: "A__PREMISE__3", Score: 4}, {ID: "A__PREMISE__2", Score: 3}, {ID: "A__PREMISE__1", Score: 2}, {ID: "A__PREMISE__4", Score: 1}}
	f := filter.Chain(filter.Length{Min: 3}, &filter.Dedup{})
	counts := map[filter.Reason]int{}
	kept, checked, err := filter.SelectHits(context.Background(), f, store, hits, 1, counts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(hits[:1], kept); diff != "" || checked != 1 {
		t.Errorf("limit 1: checked %d, kept (-want +got):\n%s", checked, diff)
	}
	kept, checked, err = filter.SelectHits(context.Background(), filter.Chain(filter.Length{Min: 3}, &filter.Dedup{}), store, hits, 0, counts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]retrieval.Hit{hits[0], hits[3]}, kept); diff != "" || checked != 4 {
		t.Errorf("no limit: checked %d, kept (-want +got):\n%s", checked, diff)
	}
	if diff := cmp.Diff(map[filter.Reason]int{"too-short": 1, "near-duplicate": 1}, counts); diff != "" {
		t.Errorf("counts (-want +got):\n%s", diff)
	}
	_, _, err = filter.SelectHits(context.Background(), filter.Length{}, store, []retrieval.Hit{{ID: "B__PREMISE__1"}}, 0, nil)
	if !errors.Is(err, corpus.ErrNotInStore) || !strings.Contains(err.Error(), "B__PREMISE__1") {
		t.Errorf("unknown hit: got %v, want ErrNotInStore naming it", err)
	}
}

func TestSelectEdges(t *testing.T) {
	ss := sampleSentences(t)[:200]
	kept, checked, err := filter.Select(context.Background(), nil, ss, 0, nil)
	if err != nil || len(kept) != len(ss) || checked != len(ss) {
		t.Errorf("nil filter: kept %d, checked %d, %v; want all", len(kept), checked, err)
	}
	if kept, checked, err := filter.Select(context.Background(), filter.Noise{}, nil, 5, nil); err != nil || len(kept) != 0 || checked != 0 {
		t.Errorf("no sentences: got %v, %d, %v", kept, checked, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := filter.Select(ctx, filter.Noise{}, ss, 0, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want context.Canceled", err)
	}
	defer func() {
		if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), "nil Scorer") {
			t.Errorf("a pure filter's panic: got %v, want it to reach the caller", p)
		}
	}()
	filter.Select(context.Background(), filter.Argumentative{}, ss, 0, nil)
}
