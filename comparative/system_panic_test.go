package comparative_test

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/topics"
)

// panicCtx is a context whose Err panics from its third call on. Tagger.Tag
// asks ctx.Err first thing (and Run nowhere else), so the third passage's
// tagging panics inside the Tagger, on whichever goroutine tags it.
type panicCtx struct {
	context.Context
	calls *atomic.Int32
}

func (c panicCtx) Err() error {
	if c.calls.Add(1) >= 3 {
		panic("tagger boom")
	}
	return c.Context.Err()
}

// TestPipelineTaggerPanic checks that a panic in the Tagger, which Run
// calls on several goroutines, reaches Run's caller on its own goroutine
// (where it can be recovered) as retrieval.ForEach's does, rather than
// ending the process from a goroutine the caller cannot see.
func TestPipelineTaggerPanic(t *testing.T) {
	if prev := runtime.GOMAXPROCS(0); prev < 2 {
		runtime.GOMAXPROCS(2) // tag on more than one goroutine
		defer runtime.GOMAXPROCS(prev)
	}
	var hits []retrieval.Hit
	for i := range 50 {
		hits = append(hits, retrieval.Hit{ID: fmt.Sprintf("p%02d", i), Score: float64(50 - i)})
	}
	p := comparative.Pipeline{
		First: retrieval.RetrieverFunc(func(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) {
			return hits, nil
		}),
		Tagger: new(comparative.Tagger),
		Text:   func(string) (string, bool) { return "Cats are better than dogs.", true },
	}
	topic := topics.Topic{ID: "1", Title: "cats or dogs?", Objects: []string{"cats", "dogs"}}
	ctx := panicCtx{context.Background(), new(atomic.Int32)}
	defer func() {
		if p := recover(); p != "tagger boom" {
			t.Errorf("got panic %v, want the Tagger's (tagger boom)", p)
		}
	}()
	run, err := p.Run(ctx, []topics.Topic{topic}, 50)
	t.Errorf("Run returned %d results and error %v, want the Tagger's panic", len(run["1"]), err)
}
