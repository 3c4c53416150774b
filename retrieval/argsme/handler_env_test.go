package argsme_test

import (
	"context"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval/argsme"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

// sampleCorpus is the embedded 2022 sample: its arguments as read (with
// premise texts and context), its store and a Dirichlet LM index of the
// argument unit, built once for the package's tests.
type sampleCorpus struct {
	args  map[string]corpus.Argument
	order []string // ids in corpus order
	store *corpus.Store
	index *lexical.Index
}

var loadSample = sync.OnceValues(func() (*sampleCorpus, error) {
	ctx := context.Background()
	var all []corpus.Argument
	for a, err := range corpus.NewCSVReader(sample.Touche2022().ProcessedCSV()).All() {
		if err != nil {
			return nil, err
		}
		all = append(all, a)
	}
	seq := func(yield func(corpus.Argument, error) bool) {
		for _, a := range all {
			if !yield(a, nil) {
				return
			}
		}
	}
	store, err := corpus.BuildStore(ctx, seq)
	if err != nil {
		return nil, err
	}
	x, err := lexical.Build(ctx, "", seq, lexical.Config{Ranking: lexical.Ranking{Unit: "argument", Scoring: lexical.Scoring{Model: "dirichlet"}}})
	if err != nil {
		return nil, err
	}
	c := &sampleCorpus{args: map[string]corpus.Argument{}, store: store, index: x}
	for _, a := range all {
		c.args[a.ID] = a
		c.order = append(c.order, a.ID)
	}
	return c, nil
})

func testCorpus(t testing.TB) *sampleCorpus {
	t.Helper()
	c, err := loadSample()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// argument looks an argument up as read from the corpus.
func (c *sampleCorpus) argument(id string) (corpus.Argument, bool) {
	a, ok := c.args[id]
	return a, ok
}

// serve starts an httptest server of h.
func serve(t testing.TB, h *argsme.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}
