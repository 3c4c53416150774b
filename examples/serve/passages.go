package main

import (
	"context"
	"fmt"
	"iter"
	"os"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

// passagesIndex is the index name ChatNoir's search serves the passages
// under: a client asks for it (chatnoir.Client.Index).
const passagesIndex = "passages"

// passages is ChatNoir's search over the passages of a file.
type passages struct {
	handler *chatnoir.Handler
	index   *lexical.Index
	count   int
}

// openPassages reads the Task 2 passages of path (comparative.ReadPassages)
// into a store of their texts and a BM25 index of them in memory, as
// comparative indexes them (each passage a sentence), and returns
// ChatNoir's search over them, with the key apikey ("" for none) and at most
// limit searches at once. The file is read twice.
func openPassages(ctx context.Context, path, apikey string, limit int) (*passages, error) {
	read := func(yield func(corpus.Argument, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(corpus.Argument{}, fmt.Errorf("-passages: %w", err))
			return
		}
		defer f.Close()
		for p, err := range comparative.ReadPassages(f, path) {
			if err != nil {
				yield(corpus.Argument{}, err)
				return
			}
			if !yield(corpus.Argument{ID: p.ID, Sentences: []corpus.Sentence{{ID: p.ID, Text: p.Contents}}}, nil) {
				return
			}
		}
	}
	store, err := corpus.BuildStore(ctx, read)
	if err != nil {
		return nil, err
	}
	if store.NumSentences() == 0 {
		return nil, fmt.Errorf("-passages %s: no passages", path)
	}
	x, err := lexical.Build(ctx, "", read, lexical.Config{Units: []string{"sentence"}, NoTermVectors: true})
	if err != nil {
		return nil, err
	}
	text := func(id string) (string, bool) {
		s, ok := store.Sentence(id)
		return s.Text, ok
	}
	var ids iter.Seq[string] = func(yield func(string) bool) {
		for s := range store.Sentences() {
			if !yield(s.ID) {
				return
			}
		}
	}
	h := &chatnoir.Handler{Search: x, Text: text, IDs: ids, Index: passagesIndex, APIKey: apikey, MaxSearches: limit}
	return &passages{handler: h, index: x, count: store.NumSentences()}, nil
}
