package nlp

import (
	"fmt"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/nlp/internal/punkt"
)

// A Splitter splits text into sentences. The corpus's JSON reader uses one
// to give JSON arguments the sentences the processed CSV stores.
type Splitter interface {
	// Split appends the sentences of text to dst, in reading order, and
	// returns the extended slice. Each sentence is a substring of text
	// without surrounding white space (TrimSpace); none is empty.
	Split(dst []string, text string) []string
}

// SplitFunc adapts a function to the Splitter interface.
type SplitFunc func(dst []string, text string) []string

// Split calls f(dst, text).
func (f SplitFunc) Split(dst []string, text string) []string { return f(dst, text) }

// EnglishSplitter is the default Splitter: the Punkt sentence splitter of
// github.com/neurosnap/sentences with its English model, as reimplemented
// by nlp/internal/punkt, which gives the same sentences for every text
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
		return nil, fmt.Errorf("nlp: loading the English sentence model: %w", err)
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
		if sent := TrimSpace(text[prev:end]); sent != "" {
			dst = append(dst, sent)
		}
		prev = end
	}
	return dst
}

// IsSpace reports whether c is white space as Python's str.isspace has it,
// which str.split and str.strip use: Unicode white space plus the
// separators U+001C to U+001F. The official args.me corpus was processed
// in Python, so its sentence boundaries and word counts follow this rule.
func IsSpace(c rune) bool {
	if c < utf8.RuneSelf {
		return c == ' ' || c >= '\t' && c <= '\r' || c >= 0x1c && c <= 0x1f
	}
	return unicode.IsSpace(c)
}

// TrimSpace returns s without leading and trailing white space (IsSpace),
// as Python's str.strip() does.
func TrimSpace(s string) string {
	start := 0
	for start < len(s) {
		c, n := utf8.DecodeRuneInString(s[start:])
		if !IsSpace(c) {
			break
		}
		start += n
	}
	end := len(s)
	for end > start {
		c, n := utf8.DecodeLastRuneInString(s[start:end])
		if !IsSpace(c) {
			break
		}
		end -= n
	}
	return s[start:end]
}
