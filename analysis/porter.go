package analysis

import porterstemmer "github.com/blevesearch/go-porterstemmer"

// porter stems a lower-case word with the original Porter algorithm, as
// Lucene's PorterStemmer does. go-porterstemmer (bleve's) matches a suffix
// only when the word is longer than it, so the three words that equal a
// step-1 suffix come out differently; they are fixed here (Lucene:
// sses → ss, ies → i, and eed, whose stem has measure 0, is kept whole,
// where go-porterstemmer gives sse, ie and e). TestLuceneAnalyzer compares
// the whole analyzer with Lucene's output.
func porter(s string) string {
	switch s {
	case "sses":
		return "ss"
	case "ies":
		return "i"
	case "eed":
		return s
	}
	if len(s) <= 2 {
		return s
	}
	return string(porterstemmer.StemWithoutLowerCasing([]rune(s)))
}
