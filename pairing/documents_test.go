package pairing

import (
	"context"
	"errors"
	"iter"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/docid"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

func threeSentences() corpus.Argument {
	return corpus.Argument{
		ID:      "A",
		Context: corpus.Context{DiscussionTitle: "School uniforms"},
		Sentences: []corpus.Sentence{
			{ID: "A__PREMISE__1", Text: "One."}, {ID: "A__PREMISE__2", Text: "Two."}, {ID: "A__CONC__1", Text: "Three."},
		},
	}
}

func TestPairDocuments(t *testing.T) {
	a := threeSentences()
	for _, tc := range []struct {
		p    PairDocuments
		want []corpus.Sentence
	}{
		{PairDocuments{}, []corpus.Sentence{
			{ID: "A__PREMISE__1,A__PREMISE__2", Text: "One. Two."},
			{ID: "A__PREMISE__1,A__CONC__1", Text: "One. Three."},
			{ID: "A__PREMISE__2,A__CONC__1", Text: "Two. Three."},
		}},
		{PairDocuments{WithTitle: true, MaxSentences: 2}, []corpus.Sentence{
			{ID: "A__PREMISE__1,A__PREMISE__2", Text: "One. Two. School uniforms"},
		}},
		{PairDocuments{MaxSentences: 1}, []corpus.Sentence{}},
	} {
		got := tc.p.Argument(a)
		if diff := cmp.Diff(tc.want, got.Sentences); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", tc.p, diff)
		}
		if got.ID != a.ID || got.Context != a.Context {
			t.Errorf("%+v: the argument's id or context changed", tc.p)
		}
	}
	if len(a.Sentences) != 3 {
		t.Error("Argument changed its input")
	}
}

func TestPairDocumentsError(t *testing.T) {
	boom := errors.New("boom")
	var args iter.Seq2[corpus.Argument, error] = func(yield func(corpus.Argument, error) bool) {
		if yield(threeSentences(), nil) {
			yield(corpus.Argument{}, boom)
		}
	}
	n := 0
	var last error
	for _, err := range (PairDocuments{}).Documents(args) {
		n++
		last = err
	}
	if n != 2 || !errors.Is(last, boom) {
		t.Errorf("got %d items ending with %v, want the argument then boom", n, last)
	}
}

// TestPairIndex indexes the pair documents of 40 sample arguments with
// package lexical and retrieves pairs: every hit is a pair of two
// sentences of one argument, in reading order.
func TestPairIndex(t *testing.T) {
	var args []corpus.Argument
	pairs := 0
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			t.Fatal(err)
		}
		if len(args) == 40 {
			break
		}
		args = append(args, a)
		pairs += len(a.Sentences) * (len(a.Sentences) - 1) / 2
	}
	src := func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
	x, err := lexical.Build(context.Background(), "", PairDocuments{WithTitle: true}.Documents(src),
		lexical.Config{Units: []lexical.Unit{lexical.UnitSentence}})
	if err != nil {
		t.Fatal(err)
	}
	if got := x.Docs(lexical.UnitSentence); got != pairs {
		t.Fatalf("index holds %d documents, want the %d pairs", got, pairs)
	}
	hits, err := x.Retrieve(context.Background(), retrieval.Query{ID: "1", Text: args[0].Conclusion}, 50)
	if err != nil || len(hits) == 0 {
		t.Fatalf("got %d hits, %v; want some", len(hits), err)
	}
	for _, h := range hits {
		first, second, err := docid.ParsePair(h.ID)
		if err != nil {
			t.Fatalf("hit %q: %v", h.ID, err)
		}
		a, _ := docid.ParseSentence(first)
		b, _ := docid.ParseSentence(second)
		if a.Argument != b.Argument || !(a.Position() < b.Position()) || !strings.Contains(h.ID, ",") {
			t.Errorf("hit %q: want two sentences of one argument in reading order", h.ID)
		}
	}
}
