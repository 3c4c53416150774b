package corpus

import (
	"fmt"
	"sync"

	"github.com/argsearch/argsearch/corpus/internal/punkt"
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
// github.com/neurosnap/sentences with its English model, as reimplemented
// by corpus/internal/punkt, which gives the same sentences for every text
// about twenty times faster. Creating one parses the model (milliseconds),
// so create it once and reuse it. An EnglishSplitter is safe for
// concurrent use: the model is read-only, and each call takes its scratch
// buffers from a pool.
type EnglishSplitter struct {
	model *punkt.Model
	pool  sync.Pool // of *englishScratch
}

// englishScratch is the per-call state of an EnglishSplitter.
type englishScratch struct {
	tok    *punkt.Tokenizer
	breaks []int
}

// NewEnglishSplitter returns the default English sentence splitter.
func NewEnglishSplitter() (*EnglishSplitter, error) {
	m, err := punkt.English()
	if err != nil {
		return nil, fmt.Errorf("corpus: loading the English sentence model: %w", err)
	}
	return &EnglishSplitter{model: m}, nil
}

// Split implements Splitter.
func (s *EnglishSplitter) Split(dst []string, text string) []string {
	sc, _ := s.pool.Get().(*englishScratch)
	if sc == nil {
		sc = &englishScratch{tok: punkt.NewTokenizer(s.model)}
	}
	sc.breaks = sc.tok.AppendBreaks(sc.breaks[:0], text)
	dst = appendSentences(dst, text, sc.breaks)
	s.pool.Put(sc)
	return dst
}

// appendSentences appends the non-empty, trimmed pieces of text between
// the sentence ends in breaks (increasing offsets; out-of-order ones are
// skipped).
func appendSentences(dst []string, text string, breaks []int) []string {
	prev := 0
	for _, end := range breaks {
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
