package corpus

import (
	"fmt"

	"github.com/neurosnap/sentences"
	"github.com/neurosnap/sentences/english"
)

// A Splitter splits text into sentences. The JSON reader uses one to give
// JSON arguments the sentences the processed CSV stores.
type Splitter interface {
	// Split appends the sentences of text to dst, in reading order, and
	// returns the extended slice. Each sentence is a substring of text
	// without surrounding white space; none is empty.
	Split(dst []string, text string) []string
}

// SplitFunc adapts a function to the Splitter interface.
type SplitFunc func(dst []string, text string) []string

// Split calls f(dst, text).
func (f SplitFunc) Split(dst []string, text string) []string { return f(dst, text) }

// EnglishSplitter is the default Splitter: the Punkt sentence splitter of
// github.com/neurosnap/sentences with its English model. Creating one parses
// the model (milliseconds), so create it once and reuse it. An
// EnglishSplitter is not safe for concurrent use; give each goroutine its
// own.
type EnglishSplitter struct {
	t *sentences.DefaultSentenceTokenizer
}

// NewEnglishSplitter returns the default English sentence splitter.
func NewEnglishSplitter() (*EnglishSplitter, error) {
	t, err := english.NewSentenceTokenizer(nil)
	if err != nil {
		return nil, fmt.Errorf("corpus: loading the English sentence model: %w", err)
	}
	return &EnglishSplitter{t: t}, nil
}

// Split implements Splitter.
func (s *EnglishSplitter) Split(dst []string, text string) []string {
	prev := 0
	for _, end := range s.t.SentencePositions(text) {
		if end < prev || end > len(text) {
			continue
		}
		if sent := trimSpace(text[prev:end]); sent != "" {
			dst = append(dst, sent)
		}
		prev = end
	}
	return dst
}
