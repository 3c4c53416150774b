package comparative_test

import (
	"context"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/topics"
)

// The functions that take a context refuse a nil one with an error naming
// it, before any work.
func TestNilContext(t *testing.T) {
	var nilCtx context.Context
	called := false
	first := retrieval.RetrieverFunc(func(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) {
		called = true
		return nil, nil
	})
	ts := []topics.Topic{{ID: "2", Title: "Which is better, a laptop or a desktop?", Objects: []string{"laptop", "desktop"}}}
	for name, f := range map[string]func() error{
		"comparative: Pipeline.Run": func() error {
			_, err := comparative.Pipeline{First: first}.Run(nilCtx, ts, 10)
			return err
		},
		"comparative: Tagger.Tag": func() error {
			_, _, err := new(comparative.Tagger).Tag(nilCtx, [2]string{"laptop", "desktop"}, "A laptop is lighter than a desktop.")
			return err
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panics: %v", name, r)
				}
			}()
			want := name + ": ctx is a nil context.Context (pass context.Background() if there is no other)"
			if err := f(); err == nil || err.Error() != want {
				t.Errorf("%s(nil ctx): got %v, want %q", name, err, want)
			}
		}()
	}
	if called {
		t.Error("Pipeline.Run with a nil ctx retrieved")
	}
}

// k beyond what a Task 2 run may hold is refused before any work, as the
// command line refuses -k.
func TestRunK(t *testing.T) {
	called := false
	first := retrieval.RetrieverFunc(func(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) {
		called = true
		return nil, nil
	})
	ts := []topics.Topic{{ID: "2", Title: "Which is better, a laptop or a desktop?", Objects: []string{"laptop", "desktop"}}}
	_, err := comparative.Pipeline{First: first}.Run(context.Background(), ts, 1<<40)
	if want := "comparative: k 1099511627776, want 1 to 1000 (the most a Task 2 run may hold)"; err == nil || err.Error() != want || called {
		t.Errorf("k 1<<40: got %v (retrieved: %v), want %q before retrieving", err, called, want)
	}
}
