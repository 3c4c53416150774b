package rewrite_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/nlp/wordnet"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/semantic/glove"
)

// shipped is an Env of the shipped WordNet and GloVe vectors, or of an
// error.
type shipped struct{ err error }

func (s shipped) WordNet() (*wordnet.WordNet, error) {
	if s.err != nil {
		return nil, s.err
	}
	return wordnet.Load()
}

func (s shipped) Vectors() (*glove.Vectors, error) {
	if s.err != nil {
		return nil, s.err
	}
	return glove.Load()
}

var title = retrieval.Query{ID: "1", Text: "Should teachers get tenure in public schools and universities of every state?"}

// TestDefaults checks that a rewriter's zero N is its documented default,
// so that a listed rewriter always rewrites: Reduce keeps 6 words,
// Synonyms and Expand add one word for each content word.
func TestDefaults(t *testing.T) {
	if got := strings.Fields((rewrite.Reduce{}).Rewrite(title).Text); len(got) != 6 {
		t.Errorf("Reduce{} kept %q, want 6 words", got)
	}
	if got, want := (rewrite.Reduce{}).Rewrite(title), (rewrite.Reduce{N: 6}).Rewrite(title); got != want {
		t.Errorf("Reduce{}: %q, Reduce{N: 6}: %q", got.Text, want.Text)
	}
	for _, c := range []struct {
		zero, one rewrite.Rewriter
	}{{rewrite.Synonyms{}, rewrite.Synonyms{N: 1}}, {rewrite.Expand{}, rewrite.Expand{N: 1}}} {
		zero, err := c.zero.(interface {
			Bind(rewrite.Env) (rewrite.Rewriter, error)
		}).Bind(shipped{})
		if err != nil {
			t.Fatal(err)
		}
		one, err := c.one.(interface {
			Bind(rewrite.Env) (rewrite.Rewriter, error)
		}).Bind(shipped{})
		if err != nil {
			t.Fatal(err)
		}
		got := zero.Rewrite(title)
		if got == title || got != one.Rewrite(title) {
			t.Errorf("%T{} rewrote %q to %q, want a new query as with N 1 (%q)", c.zero, title.Text, got.Text, one.Rewrite(title).Text)
		}
	}
}

// TestBindErrors checks that a failed load is Bind's error, and that a
// rewriter used without its data panics rather than passing the query on
// unchanged.
func TestBindErrors(t *testing.T) {
	boom := errors.New("no data")
	if _, err := (rewrite.Synonyms{}).Bind(shipped{boom}); !errors.Is(err, boom) {
		t.Errorf("Synonyms: %v, want the load's error", err)
	}
	if _, err := (rewrite.Expand{}).Bind(shipped{boom}); !errors.Is(err, boom) {
		t.Errorf("Expand: %v, want the load's error", err)
	}
	for _, r := range []rewrite.Rewriter{rewrite.Synonyms{}, rewrite.Expand{}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%T without its data: no panic", r)
				}
			}()
			r.Rewrite(title)
		}()
	}
}
