package lexical

import (
	"cmp"
	"context"
	"fmt"
	"iter"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval"
)

// A DoubleIndex does double indexing, the document-then-sentence retrieval
// of the Touché 2022 teams Gamora and General Grevious: a Retriever that
// asks Arguments for the best N arguments of a query, indexes their
// sentences on their own (in memory, with Analysis), and searches that
// small index with Ranking: the sentences of the retrieved arguments
// ("sentence"), or every pair of two sentences within one of them
// ("pair"), scored with the statistics of those arguments alone (N,
// lengths, document frequencies), not the corpus's.
//
// Each query builds its own index, of the few thousand sentences of N
// arguments (with Stem "kstem" it also loads Lucene's KStem
// dictionary). The general-grevious recipe retrieves 100 arguments and
// searches their pairs so; for its time per topic, see BENCHMARKS.md,
// section "The six new recipes at full scale". An Analysis with a
// frequency stop list (Stop "frequent") or the corpus-vocabulary
// Krovetz stemmer (Stem "krovetz") takes its stop words or stems
// from those arguments alone, not from the corpus. A DoubleIndex is safe
// for concurrent use when Arguments is.
type DoubleIndex struct {
	// Arguments retrieves arguments: its hits are argument ids of Store.
	Arguments retrieval.Retriever
	// N is the number of arguments whose sentences are searched; 0 means
	// 100.
	N int
	// Store holds the arguments' sentences.
	Store *corpus.Store
	// Analysis is the analysis of the small index, usually that of the
	// index Arguments searches (Index.Analysis).
	Analysis analysis.Analysis
	// Ranking is how the small index is searched; its Unit must be
	// "sentence" ("" too) or "pair".
	Ranking Ranking
}

// Retrieve implements retrieval.Retriever: the k best sentences (or pairs)
// of the N best arguments for q. An argument id that Store does not hold
// is an error.
func (w DoubleIndex) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if err := nilctx.Check(ctx, "lexical: DoubleIndex.Retrieve"); err != nil {
		return nil, err
	}
	if k <= 0 {
		return nil, fmt.Errorf("lexical: k = %d: %w", k, retrieval.ErrK)
	}
	if w.Arguments == nil || w.Store == nil {
		return nil, fmt.Errorf("lexical: DoubleIndex needs Arguments and a Store: %w", errConfig)
	}
	s := w.Ranking
	switch s.Unit {
	case "":
		s.Unit = "sentence"
	case "sentence", "pair":
	default:
		return nil, fmt.Errorf("lexical: DoubleIndex searches sentences or pairs, not unit %s: %w", quote.Q(s.Unit), errConfig)
	}
	hits, err := w.Arguments.Retrieve(ctx, q, cmp.Or(w.N, 100))
	if err != nil {
		return nil, err
	}
	if len(hits) == 0 {
		return nil, nil
	}
	args := make([]corpus.Argument, 0, len(hits))
	for _, h := range hits {
		a, ok := w.Store.Argument(h.ID)
		if !ok {
			return nil, fmt.Errorf("lexical: DoubleIndex: argument %s: %w", quote.Q(h.ID), corpus.ErrNotInStore)
		}
		args = append(args, a)
	}
	an := w.Analysis
	x, err := Build(ctx, "", sliceArguments(args), Config{
		Analysis:      &an,
		Units:         []string{"sentence"},
		NoTermVectors: s.PRF.Method == prfNone,
		Workers:       1, // a small index: one goroutine, and the other core for the next topic
		Ranking:       s,
	})
	if err != nil {
		return nil, fmt.Errorf("lexical: DoubleIndex: indexing the sentences of %d arguments: %w", len(args), err)
	}
	defer x.Close()
	return x.Retrieve(ctx, q, k)
}

// sliceArguments yields the arguments of a slice.
func sliceArguments(args []corpus.Argument) iter.Seq2[corpus.Argument, error] {
	return func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
}
