package lexical

import porterstemmer "github.com/blevesearch/go-porterstemmer"

// porter stems a lower-case word with the original Porter algorithm.
func porter(s string) string {
	if len(s) <= 2 {
		return s
	}
	return string(porterstemmer.StemWithoutLowerCasing([]rune(s)))
}
