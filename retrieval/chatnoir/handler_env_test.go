package chatnoir_test

import (
	"bytes"
	"context"
	"iter"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/topics"
)

// passageCorpus is a generated Task 2 passage corpus indexed as comparative
// indexes the passages (each a one-sentence argument of the sentence unit),
// with the generated comparative topics, built once for the package's
// tests.
type passageCorpus struct {
	texts  map[string]string
	ids    []string // in corpus order
	index  *lexical.Index
	topics []topics.Topic
}

var loadPassages = sync.OnceValues(func() (*passageCorpus, error) {
	ctx := context.Background()
	c := corpustest.Config{Seed: 5, Vocabulary: 5000}
	var b bytes.Buffer
	if _, err := corpustest.WritePassages(ctx, &b, c, 3000); err != nil {
		return nil, err
	}
	pc := &passageCorpus{texts: map[string]string{}}
	args := iter.Seq2[corpus.Argument, error](func(yield func(corpus.Argument, error) bool) {
		for p, err := range comparative.ReadPassages(&b, "generated.jsonl") {
			if err == nil {
				pc.texts[p.ID] = p.Contents
				pc.ids = append(pc.ids, p.ID)
			}
			if !yield(corpus.Argument{ID: p.ID, Sentences: []corpus.Sentence{{ID: p.ID, Text: p.Contents}}}, err) {
				return
			}
		}
	})
	x, err := lexical.Build(ctx, "", args, lexical.Config{Units: []string{"sentence"}})
	if err != nil {
		return nil, err
	}
	pc.index = x
	var tb bytes.Buffer
	if err := corpustest.WriteTopics(&tb, corpustest.ComparativeTopics(c)); err != nil {
		return nil, err
	}
	if pc.topics, err = topics.Parse(&tb); err != nil {
		return nil, err
	}
	return pc, nil
})

func testPassages(t testing.TB) *passageCorpus {
	t.Helper()
	pc, err := loadPassages()
	if err != nil {
		t.Fatal(err)
	}
	return pc
}

func (pc *passageCorpus) text(id string) (string, bool) {
	s, ok := pc.texts[id]
	return s, ok
}

func (pc *passageCorpus) allIDs(yield func(string) bool) {
	for _, id := range pc.ids {
		if !yield(id) {
			return
		}
	}
}
