package krovetz

// A Lexicon says whether a string is a known word. With [New] it is a
// dictionary of headwords (base forms); with [NewVocabulary] it is the
// vocabulary of a collection.
type Lexicon interface {
	Has(word string) bool
}

// Words is a map-backed [Lexicon]. The zero (nil) Words is an empty
// lexicon.
type Words map[string]struct{}

// NewWords returns a Words holding words.
func NewWords(words ...string) Words {
	w := make(Words, len(words))
	for _, s := range words {
		w[s] = struct{}{}
	}
	return w
}

// Has reports whether w holds word.
func (w Words) Has(word string) bool {
	_, ok := w[word]
	return ok
}

// Add adds word to w.
func (w Words) Add(word string) { w[word] = struct{}{} }
