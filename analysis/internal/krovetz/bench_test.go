package krovetz

import (
	"io"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus/sample"
)

// sampleWords returns the lower-case letter runs of the embedded args.me
// sample, in order, and the collection vocabulary (words seen at least
// twice).
func sampleWords(b *testing.B) ([]string, Words) {
	raw, err := io.ReadAll(sample.Touche2021().JSON())
	if err != nil {
		b.Fatal(err)
	}
	words := strings.FieldsFunc(strings.ToLower(string(raw)), func(r rune) bool { return r < 'a' || r > 'z' })
	cf := map[string]int{}
	for _, w := range words {
		cf[w]++
	}
	vocab := Words{}
	for w, n := range cf {
		if n >= 2 {
			vocab.Add(w)
		}
	}
	return words, vocab
}

func benchmarkStem(b *testing.B, s func(Lexicon) *Stemmer) {
	words, vocab := sampleWords(b)
	st := s(vocab)
	n := 0
	for b.Loop() {
		for _, w := range words {
			_ = st.Stem(w)
		}
		n += len(words)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "words/s")
}

// BenchmarkStemVocabulary stems the running words of the args.me sample with
// the corpus-derived variant (vocabulary: words seen at least twice).
func BenchmarkStemVocabulary(b *testing.B) { benchmarkStem(b, NewVocabulary) }

// BenchmarkStemDictionary runs the dictionary variant over the same words
// with the same lexicon (every rule runs for words the lexicon lacks).
func BenchmarkStemDictionary(b *testing.B) { benchmarkStem(b, New) }

// BenchmarkLuceneLoad measures Lucene(): parsing the embedded dictionary.
func BenchmarkLuceneLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Lucene(); err != nil {
			b.Fatal(err)
		}
	}
}
