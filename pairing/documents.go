package pairing

import (
	"iter"
	"strings"

	"github.com/argsearch/argsearch/corpus"
)

// All yields every pair of a's sentences in reading order, (s_i, s_j) for
// i < j, first by i then by j: n(n−1)/2 pairs for n sentences.
func All(a corpus.Argument) iter.Seq[Pair] {
	return func(yield func(Pair) bool) {
		for i := range a.Sentences {
			for j := i + 1; j < len(a.Sentences); j++ {
				if !yield(Pair{First: a.Sentences[i], Second: a.Sentences[j]}) {
					return
				}
			}
		}
	}
}

// PairDocuments turns arguments into pair documents, for an index of
// sentence pairs (the Bruce Banner system of Touché 2022 indexed every pair
// of an argument's sentences as one document). Documents yields, for each
// argument, the same argument with its Sentences replaced by one per pair
// of All: the pair's id ("first,second") and the two texts joined by a
// space, followed by the discussion title when WithTitle is set. Building a
// sentence-unit index of them (package lexical) gives a retriever whose
// hits are pair ids.
//
// The documents grow with the square of an argument's length: a generated
// corpus of the full args.me size (365,408 arguments, 5,706,315 sentences)
// gives 121,926,617 pairs with 32.5 GB of text, 41% of them from the 1% of
// arguments with the most sentences (more than 99). MaxSentences, when
// positive, pairs only the first MaxSentences sentences of an argument.
type PairDocuments struct {
	WithTitle    bool
	MaxSentences int
}

// Documents returns args with pair documents for sentences. An error from
// args is passed on, and ends the sequence.
func (p PairDocuments) Documents(args iter.Seq2[corpus.Argument, error]) iter.Seq2[corpus.Argument, error] {
	return func(yield func(corpus.Argument, error) bool) {
		for a, err := range args {
			if err != nil {
				yield(corpus.Argument{}, err)
				return
			}
			if !yield(p.Argument(a), nil) {
				return
			}
		}
	}
}

// Argument returns a with its Sentences replaced by its pair documents.
func (p PairDocuments) Argument(a corpus.Argument) corpus.Argument {
	src := a
	if p.MaxSentences > 0 && len(src.Sentences) > p.MaxSentences {
		src.Sentences = src.Sentences[:p.MaxSentences]
	}
	n := len(src.Sentences)
	docs := make([]corpus.Sentence, 0, n*(n-1)/2)
	var b strings.Builder
	for pr := range All(src) {
		b.Reset()
		b.WriteString(pr.First.Text)
		b.WriteByte(' ')
		b.WriteString(pr.Second.Text)
		if p.WithTitle && a.Context.DiscussionTitle != "" {
			b.WriteByte(' ')
			b.WriteString(a.Context.DiscussionTitle)
		}
		docs = append(docs, corpus.Sentence{ID: pr.ID(), Text: b.String()})
	}
	a.Sentences = docs
	return a
}
